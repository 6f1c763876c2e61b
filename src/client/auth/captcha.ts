import { CAPTCHA_KEY_HEADER, Paths } from '../../shared/api/paths.js';
import { requestBlob } from '../shell/request.js';

export interface Captcha {
  key: string;
  /** Object URL of the SVG image; revoke it when replaced. */
  url: string;
}

/** GET getValidateCode: an SVG image, its key in the x-captcha-key header. */
export async function fetchCaptcha(): Promise<Captcha> {
  const { blob, headers } = await requestBlob('GET', Paths.getValidateCode);
  const raw: unknown = (headers as Record<string, unknown>)[CAPTCHA_KEY_HEADER];
  const key = typeof raw === 'string' ? raw : '';
  return { key, url: URL.createObjectURL(blob) };
}
