/**
 * 操作日志 and 访问记录 in the browser: a wrong password is refused and recorded; a user changes
 * their own password (a logged change); the administrator opens 操作日志 from the user-center
 * menu, filters, opens the change (before and after side by side, the changed fields marked) and
 * exports; then 访问记录, filters to the failed sign-in (密码错误 from this browser's address),
 * the per-address summary, and exports. Screenshots at 1440×900.
 */
import { expect, test } from '@playwright/test';
import { CAPTCHA_KEY_HEADER, Paths } from '../src/shared/api/paths.js';
import type { LogOnResponse } from '../src/shared/api/auth.js';
import { ApiClient } from '../src/server/test-support/api-client.js';
import { LoginPage } from './pages/login-page.js';
import { captchaAnswer, requirePasswordChange } from './support/database.js';
import { CITY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

/** chuna changes the initial password through the real calls (the dialog's own calls). */
async function changeOwnPassword(baseUrl: string, password: string, next: string): Promise<void> {
  const client = new ApiClient(baseUrl);
  const image = await fetch(new URL(Paths.getValidateCode, baseUrl));
  await image.text();
  const key = image.headers.get(CAPTCHA_KEY_HEADER) ?? '';
  const login = await client.post<LogOnResponse>(Paths.logOn, {
    loginName: 'chuna',
    password,
    captcha: captchaAnswer(key),
    captchaKey: key,
  });
  expect(login.body.success).toBe(true);
  client.token = login.body.data.token;
  client.signKey = login.body.data.signKey;
  expect((await client.post(Paths.updatePassword, { oldPassword: password, newPassword: next })).body.success).toBe(true);
}

test('the administrator reads who did what: 操作日志 with a change before and after, 访问记录 with a failed sign-in', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const restore = requirePasswordChange('chuna');
  try {
    await changeOwnPassword(baseURL ?? '', 'Chuna@123', 'Cashier#2026');

    const login = new LoginPage(page);
    await login.goto('/');
    await login.signIn('admin', 'Wrong@0000');
    await login.expectRefused('用户名或密码错误');
    await signInTo(page, 'admin', CITY, 2026);

    // 操作日志
    await page.goto('/user-center');
    await page.getByRole('navigation', { name: '用户中心菜单' }).getByRole('link', { name: '操作日志', exact: true }).click();
    const log = page.getByRole('region', { name: '操作日志' });
    await expect(log.getByRole('heading', { name: '操作日志' })).toBeVisible();
    await log.getByRole('combobox', { name: '操作' }).selectOption({ label: '修改本人密码' });
    await log.getByRole('textbox', { name: '操作人登录名' }).fill('chuna');
    await log.getByRole('textbox', { name: '操作人登录名' }).press('Enter');
    const change = log.getByRole('gridcell', { name: '用户 chuna 修改了自己的密码' }).first();
    await expect(change).toBeVisible();
    await expect(log.getByText('共 1 条')).toBeVisible();
    // By keyboard: the row's cell, then Enter; a double-click opens it the same way.
    await change.click();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: '操作详情' });
    await expect(detail).toBeVisible();
    const diff = detail.getByRole('table', { name: '修改前后对比' });
    await expect(diff.getByRole('row', { name: 'must_change_password（已修改）' })).toBeVisible();
    await expect(diff.getByRole('row', { name: 'password_changed_at（已修改）' })).toBeVisible();
    await expect(detail).not.toContainText('Cashier#2026');
    await page.screenshot({ path: `${SCREENS_DIR}/user-center-opt-log-detail.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await change.dblclick();
    await expect(detail).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS_DIR}/user-center-opt-log.png`, animations: 'disabled' });
    const [logFile] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: '导出Excel' }).click()]);
    expect(logFile.suggestedFilename()).toMatch(/^操作日志_全部账套_全部时间\.xlsx$/);

    // 访问记录
    await page.getByRole('navigation', { name: '用户中心菜单' }).getByRole('link', { name: '访问记录', exact: true }).click();
    const access = page.getByRole('region', { name: '访问记录' });
    await access.getByRole('textbox', { name: '登录名包含' }).fill('admin');
    await access.getByRole('combobox', { name: '结果' }).selectOption({ label: '失败' });
    await access.getByRole('button', { name: '查询' }).click();
    await expect(access.getByRole('gridcell', { name: '失败：密码错误' }).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/user-center-access-record.png`, animations: 'disabled' });
    const [accessFile] = await Promise.all([
      page.waitForEvent('download'),
      access.getByRole('button', { name: '导出Excel' }).click(),
    ]);
    expect(accessFile.suggestedFilename()).toMatch(/^访问记录明细/);

    await access.getByRole('tab', { name: '按地址汇总' }).click();
    await expect(access.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/user-center-access-addresses.png`, animations: 'disabled' });
  } finally {
    restore();
  }
});
