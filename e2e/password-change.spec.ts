import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page.js';
import { SelectingPage } from './pages/selecting-page.js';
import { requirePasswordChange } from './support/database.js';
import { SCHOOL } from './support/demo.js';
import { signInTo } from './support/flows.js';

test('an initial password must be changed before the user goes on, and the new one works', async ({ page }) => {
  const restore = requirePasswordChange('shenhe');
  try {
    const login = new LoginPage(page);
    await login.goto('/');
    await login.signIn('shenhe', 'Shenhe@123');

    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('您的密码为初始密码或已过期')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '取消' })).toHaveCount(0);

    await dialog.getByLabel('原密码').fill('Shenhe@123');
    await dialog.getByLabel('新密码', { exact: true }).fill('weakpass');
    await dialog.getByLabel('确认新密码').fill('weakpass');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('密码须包含大写字母、小写字母、数字、符号中的至少三类');

    await dialog.getByLabel('新密码', { exact: true }).fill('Review#2026');
    await dialog.getByLabel('确认新密码').fill('Review#2026');
    await dialog.getByRole('button', { name: '确定' }).click();
    await new SelectingPage(page).expectLoaded();

    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    const again = new LoginPage(page);
    await again.goto('/');
    await again.signIn('shenhe', 'Review#2026');
    await new SelectingPage(page).expectLoaded();
  } finally {
    restore();
  }
});

test('修改密码 from the header reads in the dark text of the page, not the light text of the header; 取消 closes it', async ({
  page,
}) => {
  await signInTo(page, 'kuaiji', SCHOOL, 2026);
  await page.getByRole('banner').getByRole('button', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  const colourOf = (selector: string) =>
    page.evaluate((s) => getComputedStyle(document.querySelector(s) ?? document.body).color, selector);
  const pageText = await colourOf('#root');
  await expect
    .poll(() => dialog.getByText('修改密码', { exact: true }).evaluate((e) => getComputedStyle(e).color))
    .toBe(pageText);
  await page.screenshot({ path: 'test-results/screens/change-password-from-header.png' });
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);
});
