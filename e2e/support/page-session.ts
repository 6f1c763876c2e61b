/**
 * Calls the API with the session a signed-in page holds (its token and signing key in session
 * storage), signed as the browser signs: how a user would try an id by hand, outside the screens.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { queryParams, requestPath, sign } from '../../src/shared/signature.js';

interface StoredSession {
  state: { token: string | null; signKey: string | null };
}

export interface PageSession {
  token: string;
  signKey: string;
}

export async function pageSession(page: Page): Promise<PageSession> {
  const stored = await page.evaluate(() => sessionStorage.getItem('ufc-session'));
  const { token, signKey } = (JSON.parse(stored ?? '{}') as StoredSession).state;
  if (!token || !signKey) throw new Error('no session in sessionStorage');
  return { token, signKey };
}

export interface Envelope {
  success: boolean;
  errorCode: number | null;
  errorMsg: string | null;
}

/** A signed GET with the page's session: the answer's envelope. */
export async function signedGet(
  request: APIRequestContext,
  session: PageSession,
  path: string,
  params: Record<string, unknown>,
): Promise<Envelope> {
  const query = queryParams({ ...params, originUrl: '/home', version: 'e2e' });
  const timestamp = String(Date.now());
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const response = await request.get(path, {
    params: query,
    headers: {
      token: session.token,
      Authorization: `Bearer ${session.token}`,
      timestamp,
      nonce,
      authEncryptKey: sign(session.signKey, { method: 'GET', path: requestPath(path), params: query, timestamp, nonce }),
    },
  });
  return (await response.json()) as Envelope;
}
