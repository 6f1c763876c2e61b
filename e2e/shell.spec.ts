import { expect, test } from '@playwright/test';
import { SUBJECT_START_PATH, VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { HomeLayout } from './pages/home-layout.js';
import { CITY, FACTORY, SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signIn, signInTo } from './support/flows.js';

test.describe('ledger set and shell', () => {
  test('chooses a ledger set and year on /selecting and lands on /home', async ({ page }) => {
    const selecting = await signIn(page, 'kuaiji');
    // Specs that run earlier may add sets of their own (e2e/close.spec.ts); the demo's come first, in order.
    expect((await selecting.names()).slice(0, 3)).toEqual([CITY, FACTORY, SCHOOL]);
    await expect(selecting.item(FACTORY)).toHaveAttribute('aria-level', '2');
    await expect(selecting.year).toHaveValue(String(new Date().getFullYear()));
    await page.screenshot({ path: `${SCREENS_DIR}/selecting.png` });

    // The search keeps the ancestors of a match.
    await selecting.searchFor('实验');
    expect(await selecting.names()).toEqual([CITY, SCHOOL]);
    await expect(selecting.selected()).toContainText(SCHOOL);

    // Arrow keys move the selection in the tree.
    await selecting.searchFor('');
    await selecting.tree.focus();
    await page.keyboard.press('ArrowDown');
    await expect(selecting.selected()).toContainText(FACTORY);

    await selecting.choose(FACTORY, 2025);
    const home = new HomeLayout(page);
    await home.expectHome(FACTORY, 2025);
    await expect(page.getByRole('heading', { name: /李会计/ })).toBeVisible();
    await expect(page).toHaveTitle('首页 - 工会财务云');
    await page.screenshot({ path: `${SCREENS_DIR}/home.png` });
  });

  test('opens menu items as tabs and closes them', async ({ page }) => {
    const home = await signInTo(page, 'kuaiji', FACTORY, 2026);
    expect(await home.tabTitles()).toEqual(['首页']);

    await home.openMenu('总账');
    await expect(page.getByRole('heading', { name: '总账', exact: true })).toBeVisible();
    await home.openMenu('明细账');
    await home.openMenu('科目余额表');
    expect(await home.tabTitles()).toEqual(['首页', '总账', '明细账', '科目余额表']);

    await home.closeTab('科目余额表');
    expect(await home.tabTitles()).toEqual(['首页', '总账', '明细账']);
    await expect(home.tab('明细账')).toHaveAttribute('aria-selected', 'true');

    await home.tabMenu('总账', '关闭其他');
    expect(await home.tabTitles()).toEqual(['首页', '总账']);
    await expect(page).toHaveURL(/\/accounting-management\/books\/generalledger$/);

    await home.openMenu('明细账');
    await home.tabMenu('明细账', '关闭全部');
    expect(await home.tabTitles()).toEqual(['首页']);
    await expect(page).toHaveURL(/\/home$/);
    await expect(home.tabs.getByRole('button', { name: /关闭/ })).toHaveCount(0);
  });

  test('the change-password dialog checks the new password rule', async ({ page }) => {
    const home = await signInTo(page, 'shenhe', FACTORY, 2026);
    const dialog = await home.openChangePassword();
    await dialog.getByLabel('原密码').click();
    await page.keyboard.type('Shenhe@123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('abc12345');
    await page.keyboard.press('Tab');
    await page.keyboard.type('abc12345');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('密码须包含大写字母、小写字母、数字、符号中的至少三类');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
  });

  test('logs out to / and then keeps protected routes closed', async ({ page }) => {
    const home = await signInTo(page, 'shenhe', SCHOOL, 2026);
    await home.logout();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('ufc-session'))).not.toContain('"token":"');
  });

  test('voucher entry before the opening balances sends the user to them (financial state 1)', async ({ page }) => {
    // The demo's empty set (示范市第一机械厂工会 has its openings).
    await signInTo(page, 'kuaiji', SCHOOL, 2026);
    await page.goto(VOUCHER_ADD_PATH);
    await expect(page.getByRole('dialog').filter({ hasText: '科目期初余额尚未初始化，请先录入科目期初余额' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${SUBJECT_START_PATH}$`));
    await page.screenshot({ path: `${SCREENS_DIR}/financial-state.png`, animations: 'disabled' });
    await expect(new HomeLayout(page).tab('科目期初')).toHaveAttribute('aria-selected', 'true');
    expect(await new HomeLayout(page).tabTitles()).toEqual(['首页', '科目期初']);
  });

  test('an unknown path inside the app goes to /404 and a page without the right to /403', async ({ page }) => {
    await signInTo(page, 'chuna', FACTORY, 2026);
    await page.goto('/accounting-management-nowhere');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto('/user-center/zt-management');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible();
  });
});
