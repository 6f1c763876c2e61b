/**
 * 角色管理 in the browser: the administrator creates a role, gives it the voucher pages only in the
 * rights tree (with the keyboard: arrows and Space), marks it recommended, and grants it to 王审核
 * (shenhe) on 示范市第一机械厂工会; shenhe signs in and sees exactly those menus. The role cannot be
 * deleted while shenhe holds it (the message names him); shenhe gets 审核 back and the role goes.
 */
import { expect, test, type Page } from '@playwright/test';
import { FACTORY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

test.use({ viewport: { width: 1440, height: 900 } });

/** The name cell of the role's row in 角色列表 (AG Grid draws a row's pinned and scrolled parts apart). */
function nameCell(page: Page, name: string) {
  return page.locator('.ufc-grid .ag-row:not(.ag-row-pinned) [col-id="name"]').filter({ hasText: new RegExp(`^${name}$`) });
}

async function openRoles(page: Page): Promise<void> {
  await page.goto('/user-center');
  await page.getByRole('navigation', { name: '用户中心菜单' }).getByRole('link', { name: '角色管理', exact: true }).click();
  await expect(page).toHaveURL(/\/user-center\/role-management$/);
  await expect(page.getByRole('heading', { name: '角色管理' })).toBeVisible();
}

/** Acknowledges a message box with the text (a success alert closes itself too). */
async function acknowledge(page: Page, text: string): Promise<void> {
  const box = page.getByRole('dialog').filter({ hasText: text });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: '确定' }).click();
  await expect(box).toHaveCount(0);
}

async function grantOnFactory(page: Page, roleLabel: string, screenshot?: string): Promise<void> {
  await page.getByRole('button', { name: '用户授权' }).click();
  const ask = page.getByRole('dialog', { name: '用户授权' });
  await ask.getByLabel('登录名').fill('shenhe');
  await page.keyboard.press('Enter');
  const grants = page.getByRole('dialog', { name: /用户授权：王审核（shenhe）/ });
  await expect(grants).toBeVisible();
  // Every managed set has its row (other specs of the run add sets of their own).
  await expect(grants.getByLabel(`${FACTORY}的角色`)).toBeVisible();
  await grants.getByLabel(`${FACTORY}的角色`).selectOption({ label: roleLabel });
  if (screenshot) await page.screenshot({ path: `${SCREENS_DIR}/${screenshot}` });
  return grants.getByRole('button', { name: '保存' }).click();
}

test('the administrator makes a voucher-only role, grants it to shenhe, and shenhe sees exactly its menus', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInTo(page, 'admin', FACTORY, 2026);
  await openRoles(page);
  const grid = page.locator('.ufc-grid');
  for (const name of ['会计', '审核', '出纳', '管理员']) await expect(nameCell(page, name)).toBeVisible();
  // The seeded four at least: other specs of the run add roles of their own.
  await expect(page.getByRole('navigation', { name: '角色列表分页' })).toContainText(/共 \d+ 条/);
  await page.screenshot({ path: `${SCREENS_DIR}/user-center-roles-1440.png` });

  // 新增角色: a code in use is refused with the role that has it.
  await page.getByRole('button', { name: '新增角色' }).click();
  const form = page.getByRole('dialog', { name: '新增角色' });
  await form.getByLabel('角色编码').fill('accountant');
  await form.getByLabel('角色名称').fill('凭证员');
  await page.keyboard.press('Enter');
  await acknowledge(page, '角色编码“accountant”已被角色“会计”使用');
  await form.getByLabel('角色编码').fill('voucher-clerk');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(nameCell(page, '凭证员')).toBeVisible();

  // Its rights, with the keyboard: 凭证录入 and its 新增, 凭证管理 and (mouse) its 打印.
  await nameCell(page, '凭证员').click();
  await page.getByRole('button', { name: '权限设置' }).click();
  const rights = page.getByRole('dialog', { name: '角色权限：凭证员' });
  const tree = rights.getByRole('tree', { name: '页面和按钮' });
  await expect(tree.getByText('凭证录入')).toBeVisible();
  await tree.getByRole('checkbox', { name: '账务处理' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(tree.getByRole('checkbox', { name: '凭证录入', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('checkbox', { name: '凭证录入：新增' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(tree.getByRole('checkbox', { name: '凭证管理', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await tree.getByRole('checkbox', { name: '凭证管理：打印' }).check();
  await expect(tree.getByRole('checkbox', { name: '账务处理' })).not.toBeChecked();
  await rights.getByRole('checkbox', { name: /推荐角色/ }).check();
  await page.screenshot({ path: `${SCREENS_DIR}/user-center-role-rights-1440.png` });
  await rights.getByRole('button', { name: '保存' }).click();
  await expect(rights).toHaveCount(0);
  // AG Grid draws a row's pinned and scrolled parts apart: its cells are found by row index.
  const rowIndex = await nameCell(page, '凭证员').locator('xpath=ancestor::*[@row-index][1]').getAttribute('row-index');
  await expect(grid.locator(`[row-index="${rowIndex}"] [col-id="pageCount"]`)).toHaveText('2');
  await expect(grid.locator(`[row-index="${rowIndex}"] [col-id="recommend"]`)).toHaveText('推荐');

  // Granted to shenhe on the factory; the other sets keep 审核.
  await grantOnFactory(page, '★ 凭证员', 'user-center-user-grants-1440.png');
  await expect(page.getByRole('dialog', { name: /用户授权：/ })).toHaveCount(0);

  // shenhe signs in in a browser of his own; the administrator's page stays open.
  const shenhePage = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const shenhe = await signInTo(shenhePage, 'shenhe', FACTORY, 2026);
  await expect(shenhe.menu.getByRole('button')).toHaveText([/^账务处理/]);
  await expect(shenhe.menu.getByRole('link')).toHaveText(['首页', '凭证录入', '凭证管理']);
  await shenhePage.screenshot({ path: `${SCREENS_DIR}/user-center-rights-shenhe-menu-1440.png` });
  await shenhePage.close();

  // Not deleted while granted: the message says to whom. Then 审核 back, and it goes.
  await nameCell(page, '凭证员').click();
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').filter({ hasText: '确定删除角色“凭证员”吗？' }).getByRole('button', { name: '确定' }).click();
  await acknowledge(page, '角色“凭证员”仍授予：王审核（shenhe，示范市第一机械厂工会）');
  await grantOnFactory(page, '审核');
  await expect(page.getByRole('dialog', { name: /用户授权：/ })).toHaveCount(0);
  await nameCell(page, '凭证员').click();
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').filter({ hasText: '确定删除角色“凭证员”吗？' }).getByRole('button', { name: '确定' }).click();
  await expect(nameCell(page, '凭证员')).toHaveCount(0);
});

test('the super administrator reorders and disables menus in 菜单管理', async ({ page }) => {
  await signInTo(page, 'admin', FACTORY, 2026);
  await page.goto('/user-center');
  // The user center offers the pages of the menu the server grants, not every route the spec names.
  const userCenterMenu = page.getByRole('navigation', { name: '用户中心菜单' });
  await expect(userCenterMenu.getByRole('link', { name: '账套管理', exact: true })).toBeVisible();
  await expect(userCenterMenu.getByRole('link', { name: '数据备份', exact: true })).toBeVisible();
  await expect(userCenterMenu.getByRole('link', { name: '加密解密' })).toHaveCount(0);
  await expect(userCenterMenu.getByRole('link', { name: '表样设计' })).toHaveCount(0);
  await userCenterMenu.getByRole('link', { name: '菜单管理', exact: true }).click();
  await expect(page.getByRole('heading', { name: '菜单管理' })).toBeVisible();
  const title = (name: string) =>
    page.locator('.ufc-grid .ag-row:not(.ag-row-pinned) [col-id="title"]').filter({ hasText: new RegExp(`^\\s*${name}$`) });
  const rowIndex = async (name: string) =>
    Number(await title(name).locator('xpath=ancestor::*[@row-index][1]').getAttribute('row-index'));
  const status = async (name: string) => page.locator(`.ufc-grid [row-index="${await rowIndex(name)}"] [col-id="status"]`);

  await expect(title('凭证管理')).toBeVisible();
  expect(await rowIndex('凭证管理')).toBe((await rowIndex('凭证录入')) + 1);
  await page.screenshot({ path: `${SCREENS_DIR}/user-center-menus-1440.png` });
  await title('凭证管理').click();
  await page.getByRole('button', { name: '上移' }).click();
  await expect.poll(async () => (await rowIndex('凭证管理')) < (await rowIndex('凭证录入'))).toBe(true);
  await title('凭证管理').click();
  await page.getByRole('button', { name: '下移' }).click();
  await expect.poll(async () => (await rowIndex('凭证管理')) > (await rowIndex('凭证录入'))).toBe(true);

  await title('期末结账').click();
  await page.getByRole('button', { name: '停用' }).click();
  await expect(await status('期末结账')).toHaveText('停用');
  await title('期末结账').click();
  await page.getByRole('button', { name: '启用' }).click();
  await expect(await status('期末结账')).toHaveText('启用');
});
