/**
 * 权限管理, 权限组 and 全局按钮权限 in the browser, as the super administrator and by keyboard:
 * a key is filtered for, created (a code in use and a malformed one refused with their messages),
 * edited, disabled and deleted; a used key's deletion is refused with who uses it; a permission
 * group is made in the rights tree with arrows and Space, refused under a name in use, renamed,
 * disabled and deleted; 凭证管理's 删除 is switched off installation-wide and leaves the voucher
 * list's buttons, then comes back. Everything made is removed again (the run shares one database).
 */
import { expect, test, type Page } from '@playwright/test';
import { FACTORY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

test.use({ viewport: { width: 1440, height: 900 } });

const SHOTS = process.env.PERM_SHOTS_DIR ?? SCREENS_DIR;

async function open(page: Page, name: string, path: string): Promise<void> {
  await page.goto('/user-center');
  await page.getByRole('navigation', { name: '用户中心菜单' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user-center/${path}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/** A cell of the list by its text (AG Grid draws a row's pinned and scrolled parts apart). */
function cell(page: Page, column: string, text: string) {
  return page.locator(`.ufc-grid .ag-row:not(.ag-row-pinned) [col-id="${column}"]`).filter({ hasText: new RegExp(`^${text}$`) });
}

async function rowCell(page: Page, column: string, text: string, other: string) {
  const index = await cell(page, column, text).locator('xpath=ancestor::*[@row-index][1]').getAttribute('row-index');
  return page.locator(`.ufc-grid [row-index="${index}"] [col-id="${other}"]`);
}

/** Presses the toolbar's button by keyboard. */
async function press(page: Page, name: string): Promise<void> {
  const button = page.getByRole('toolbar').getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
}

async function confirmBox(page: Page, text: string): Promise<void> {
  const box = page.getByRole('dialog').filter({ hasText: text });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: '确定' }).focus();
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
}

async function filterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('编码包含').fill(code);
  await page.keyboard.press('Enter');
}

test('权限管理: filter, create with refusals, edit, refuse deleting a key in use, disable and delete', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, 'admin', FACTORY, 2026);
  await open(page, '权限管理', 'permission');
  await expect(cell(page, 'code', 'add')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '权限列表分页' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/user-center-permission-1440.png` });

  await filterCode(page, 'cashier');
  await expect(cell(page, 'code', 'cashierSign')).toBeVisible();
  await expect(cell(page, 'code', 'add')).toHaveCount(0);

  // 新增: a malformed code is refused in the dialog, a code in use (any case) by the server, both under the form.
  await press(page, '新增');
  const form = page.getByRole('dialog', { name: '新增权限' });
  await expect(form.getByLabel('权限编码')).toBeFocused();
  await page.keyboard.type('1approve');
  await form.getByLabel('权限名称').fill('审批');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText('权限编码只能由字母和数字组成，且以字母开头');
  await form.getByLabel('权限编码').fill('ADD');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText('权限编码“ADD”已被权限“add 新增”使用（编码不区分大小写）');
  await form.getByLabel('权限编码').fill('approveE2e');
  await form.getByLabel('备注').fill('经费审批');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await filterCode(page, 'approveE2e');
  await expect(cell(page, 'name', '审批')).toBeVisible();

  // 修改 on the focused row: the name.
  await cell(page, 'code', 'approveE2e').click();
  await press(page, '修改');
  const edit = page.getByRole('dialog', { name: '修改权限' });
  await edit.getByLabel('权限名称').fill('经费审批');
  await page.keyboard.press('Enter');
  await expect(edit).toHaveCount(0);
  await expect(cell(page, 'name', '经费审批')).toBeVisible();

  // A key the menu and the roles use is not deleted: the refusal says who uses it.
  await filterCode(page, 'delete');
  await cell(page, 'code', 'delete').click();
  await press(page, '删除');
  await confirmBox(page, '确定删除权限“delete 删除”吗？');
  await confirmBox(page, '权限“delete 删除”仍在使用：菜单页面');
  await expect(cell(page, 'code', 'delete')).toBeVisible();

  // 停用 the new key, then delete it (unused).
  await filterCode(page, 'approveE2e');
  await cell(page, 'code', 'approveE2e').click();
  await press(page, '停用');
  await confirmBox(page, '停用后，所有页面的“经费审批”按钮');
  await expect(await rowCell(page, 'code', 'approveE2e', 'status')).toHaveText('停用');
  await cell(page, 'code', 'approveE2e').click();
  await press(page, '删除');
  await confirmBox(page, '确定删除权限“approveE2e 经费审批”吗？');
  await expect(cell(page, 'code', 'approveE2e')).toHaveCount(0);
});

test('权限组: a group made in the rights tree by keyboard, a name in use refused, renamed, disabled, deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInTo(page, 'admin', FACTORY, 2026);
  await open(page, '权限组', 'permission-group');

  await press(page, '新增');
  const form = page.getByRole('dialog', { name: '新增权限组' });
  await expect(form.getByLabel('权限组名称')).toBeFocused();
  await page.keyboard.type('凭证录入员E2E');
  const tree = form.getByRole('tree', { name: '权限组的页面和按钮' });
  await tree.getByRole('checkbox', { name: '账务处理' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(tree.getByRole('checkbox', { name: '凭证录入', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(tree.getByRole('checkbox', { name: '凭证录入：新增' })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('checkbox', { name: '凭证管理：打印' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(tree.getByRole('checkbox', { name: '凭证管理', exact: true })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/user-center-permission-group-dialog-1440.png` });
  await form.getByRole('button', { name: '保存' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(cell(page, 'name', '凭证录入员E2E')).toBeVisible();
  await expect(await rowCell(page, 'name', '凭证录入员E2E', 'buttonCount')).toHaveText('2');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/user-center-permission-group-1440.png` });

  // The same name again: refused under the form.
  await press(page, '新增');
  const again = page.getByRole('dialog', { name: '新增权限组' });
  await page.keyboard.type('凭证录入员E2E');
  // 保存 waits for the tree (the dialog is busy while it loads).
  await expect(again.getByRole('tree')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(again.getByRole('alert')).toHaveText('权限组“凭证录入员E2E”已存在');
  await page.keyboard.press('Escape');
  await expect(again).toHaveCount(0);

  // Applied to a new role on 角色管理's rights dialog: the role holds the group's pages and buttons.
  await open(page, '角色管理', 'role-management');
  await press(page, '新增角色');
  const roleForm = page.getByRole('dialog', { name: '新增角色' });
  await roleForm.getByLabel('角色编码').fill('e2egroup');
  await roleForm.getByLabel('角色名称').fill('组应用E2E');
  await page.keyboard.press('Enter');
  await expect(roleForm).toHaveCount(0);
  await cell(page, 'name', '组应用E2E').click();
  await press(page, '权限设置');
  const rights = page.getByRole('dialog', { name: '角色权限：组应用E2E' });
  await expect(rights.getByRole('checkbox', { name: '凭证录入：新增' })).not.toBeChecked();
  await rights.getByLabel('权限组').selectOption({ label: '凭证录入员E2E' });
  await rights.getByRole('button', { name: '应用权限组' }).focus();
  await page.keyboard.press('Enter');
  await confirmBox(page, '已应用权限组“凭证录入员E2E”，新增4项权限');
  await expect(rights.getByRole('checkbox', { name: '凭证录入：新增' })).toBeChecked();
  await expect(rights.getByRole('checkbox', { name: '凭证管理：打印' })).toBeChecked();
  await expect(rights.getByRole('checkbox', { name: '凭证管理：删除' })).not.toBeChecked();
  await page.screenshot({ path: `${SHOTS}/user-center-role-apply-group-1440.png` });
  await rights.getByRole('button', { name: '取消' }).click();
  await expect(rights).toHaveCount(0);
  await expect(await rowCell(page, 'name', '组应用E2E', 'pageCount')).toHaveText('2');
  await cell(page, 'name', '组应用E2E').click();
  await press(page, '删除');
  await confirmBox(page, '确定删除角色“组应用E2E”吗？');
  await expect(cell(page, 'name', '组应用E2E')).toHaveCount(0);

  // Renamed, disabled, deleted.
  await open(page, '权限组', 'permission-group');
  await cell(page, 'name', '凭证录入员E2E').click();
  await press(page, '修改');
  const edit = page.getByRole('dialog', { name: '修改权限组' });
  await expect(edit.getByRole('checkbox', { name: '凭证录入：新增' })).toBeChecked();
  await edit.getByLabel('权限组名称').fill('凭证录入员E2E改');
  await page.keyboard.press('Enter');
  await expect(edit).toHaveCount(0);
  await cell(page, 'name', '凭证录入员E2E改').click();
  await press(page, '停用');
  await expect(await rowCell(page, 'name', '凭证录入员E2E改', 'status')).toHaveText('停用');
  await cell(page, 'name', '凭证录入员E2E改').click();
  await press(page, '删除');
  await confirmBox(page, '确定删除权限组“凭证录入员E2E改”吗？');
  await expect(cell(page, 'name', '凭证录入员E2E改')).toHaveCount(0);
});

test('全局按钮权限: 凭证管理’s 删除 switched off leaves the voucher list’s buttons, and comes back', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, 'admin', FACTORY, 2026);
  const voucherList = async () => {
    await page.goto('/accounting-management/voucher-management/voucherList');
    await expect(page.getByRole('heading', { name: '凭证管理' })).toBeVisible();
    await expect(page.getByRole('button', { name: '审核', exact: true })).toBeVisible();
  };
  await voucherList();
  await expect(page.getByRole('button', { name: '删除', exact: true })).toBeVisible();

  const setDelete = async (on: boolean) => {
    await open(page, '全局按钮权限', 'global-btn-permission');
    const tree = page.getByRole('tree', { name: '页面和按钮' });
    const box = tree.getByRole('checkbox', { name: '凭证管理：删除' });
    await expect(box).toBeChecked({ checked: !on });
    // 凭证管理's row from 凭证录入's by keyboard, then along to 删除.
    await tree.getByRole('checkbox', { name: '凭证录入：新增' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(tree.getByRole('checkbox', { name: '凭证管理：新增' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(box).toBeFocused();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked: on });
    await expect(page.getByText('有未保存的修改')).toBeVisible();
    if (!on) await page.screenshot({ path: `${SHOTS}/user-center-global-btn-permission-1440.png` });
    await press(page, '保存');
    await expect(page.getByText(/^已关闭 \d+ 个按钮$/)).toBeVisible();
  };

  await setDelete(false);
  // The switches that turn things on again cannot be cleared.
  await expect(page.getByRole('checkbox', { name: '全局按钮权限：修改' })).toBeDisabled();
  await voucherList();
  await expect(page.getByRole('button', { name: '删除', exact: true })).toHaveCount(0);
  // 角色管理's rights dialog shows it greyed, kept as 会计 holds it.
  await open(page, '角色管理', 'role-management');
  await cell(page, 'name', '会计').click();
  await press(page, '权限设置');
  const rights = page.getByRole('dialog', { name: '角色权限：会计' });
  const greyed = rights.getByRole('checkbox', { name: '凭证管理：删除（已关闭）' });
  await expect(greyed).toBeChecked();
  await expect(greyed).toBeDisabled();
  await expect(rights.getByRole('checkbox', { name: '凭证录入：删除' })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/user-center-role-rights-greyed-1440.png` });
  await page.keyboard.press('Escape');
  await expect(rights).toHaveCount(0);

  await setDelete(true);
  await voucherList();
  await expect(page.getByRole('button', { name: '删除', exact: true })).toBeVisible();
});
