import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page.js';
import { SelectingPage } from './pages/selecting-page.js';
import { ACCOUNTS, SCREENS_DIR } from './support/demo.js';

test.describe('sign-in', () => {
  test('refuses a wrong captcha and stays on /', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('/');
    await expect(page).toHaveTitle(/工会财务云/);
    await page.screenshot({ path: `${SCREENS_DIR}/login.png` });

    const answer = await login.currentCaptchaAnswer();
    const wrong = answer === 'zzzz' ? 'yyyy' : 'zzzz';
    await login.signIn(ACCOUNTS.admin.loginName, ACCOUNTS.admin.password, wrong);
    await login.expectRefused('验证码错误或已过期，请重新输入');
    expect(new URL(page.url()).pathname).toBe('/');
    // The image was refreshed and the captcha field cleared for the next try.
    await expect(login.captcha).toHaveValue('');
    const refreshed = await login.currentCaptchaKey();
    // A click on the image fetches another one.
    login.expectNewCaptcha();
    await login.captchaImage.click();
    expect(await login.currentCaptchaKey()).not.toBe(refreshed);
  });

  test('refuses a wrong password with its message', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('/login');
    await login.signIn(ACCOUNTS.shenhe.loginName, 'Wrong@Pass1');
    await login.expectRefused('用户名或密码错误', 'keyboard');
    expect(new URL(page.url()).pathname).toBe('/login');
    // The focus is back in the captcha field; correct the password and try again.
    await expect(login.captcha).toBeFocused();
    await login.password.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(ACCOUNTS.shenhe.password);
    await login.captcha.click();
    await page.keyboard.type(await login.currentCaptchaAnswer());
    await page.keyboard.press('Enter');
    await new SelectingPage(page).expectLoaded();
  });

  test('signs in with the right password and captcha', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('/oalogin');
    await login.signIn(ACCOUNTS.kuaiji.loginName, ACCOUNTS.kuaiji.password);
    await new SelectingPage(page).expectLoaded();
  });

  test('sends a logged-out visitor of a protected route to /', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/accounting-management/voucher-management/voucherAdd');
    await expect(page).toHaveURL(/\/$/);
  });

  test('sends an unknown path to /404', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  });
});
