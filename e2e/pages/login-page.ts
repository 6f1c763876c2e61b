import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { CAPTCHA_KEY_HEADER, Paths } from '../../src/shared/api/paths.js';
import { captchaAnswer } from '../support/database.js';

/** The sign-in page (/, /login, /oalogin). */
export class LoginPage {
  readonly loginName: Locator;
  readonly password: Locator;
  readonly captcha: Locator;
  readonly captchaImage: Locator;
  readonly submit: Locator;
  private captchaKey: Promise<string> | null = null;

  constructor(readonly page: Page) {
    this.loginName = page.getByRole('textbox', { name: '登录名' });
    this.password = page.getByLabel('密码', { exact: true });
    this.captcha = page.getByRole('textbox', { name: '验证码' });
    this.captchaImage = page.getByRole('img', { name: '验证码' });
    this.submit = page.getByRole('button', { name: '登 录' });
  }

  /** Start waiting for the next captcha image; its key comes from the response header. */
  expectNewCaptcha(): void {
    const key = this.page
      .waitForResponse((r: Response) => new URL(r.url()).pathname === Paths.getValidateCode && r.status() === 200)
      .then(async (r) => (await r.headerValue(CAPTCHA_KEY_HEADER)) ?? '');
    // After a successful sign-in no new image comes; that wait ends with the test, unobserved.
    key.catch(() => undefined);
    this.captchaKey = key;
  }

  async goto(path = '/'): Promise<void> {
    this.expectNewCaptcha();
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: '工会财务云' })).toBeVisible();
  }

  /** The key of the captcha image the page received last. */
  async currentCaptchaKey(): Promise<string> {
    if (!this.captchaKey) throw new Error('no captcha awaited');
    const key = await this.captchaKey;
    expect(key).not.toBe('');
    await expect(this.captchaImage).toBeVisible();
    return key;
  }

  /** The answer of the captcha the page shows now, read from the server's database. */
  async currentCaptchaAnswer(): Promise<string> {
    return captchaAnswer(await this.currentCaptchaKey());
  }

  /** Type the three fields by keyboard and press Enter. */
  async signIn(loginName: string, password: string, captcha?: string): Promise<void> {
    const answer = captcha ?? (await this.currentCaptchaAnswer());
    await this.loginName.click();
    await this.page.keyboard.type(loginName);
    await this.page.keyboard.press('Tab');
    await this.page.keyboard.type(password);
    await this.page.keyboard.press('Tab');
    await this.page.keyboard.type(answer);
    this.expectNewCaptcha(); // a failed attempt refreshes the image
    await this.page.keyboard.press('Enter');
  }

  /** The message box with the server's errorMsg; closes it with 确定 (clicked, or Enter on it). */
  async expectRefused(message: string, close: 'click' | 'keyboard' = 'click'): Promise<void> {
    const dialog = this.page.getByRole('dialog').filter({ hasText: message });
    await expect(dialog).toBeVisible();
    const ok = dialog.getByRole('button', { name: '确定' });
    if (close === 'keyboard') {
      await expect(ok).toBeFocused();
      await this.page.keyboard.press('Enter');
    } else await ok.click();
    await expect(dialog).toBeHidden();
  }

  async clear(): Promise<void> {
    for (const field of [this.loginName, this.password, this.captcha]) await field.clear();
  }
}
