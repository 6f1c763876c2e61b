/**
 * The people of the user center in the browser: the administrator opens 用户管理, creates an
 * accountant with an initial password (the dialog's rules first: a bad phone, a weak password, a
 * login name taken in another case), filters the list; the accountant signs in and must change
 * the initial password; the administrator disables the accountant, and the accountant's open page
 * is signed out at its next call with the reason. The other people pages open with their grids.
 */
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page.js';
import { CITY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const LOGIN = 'e2e-kuaiji';
const INITIAL = 'Chushi#2026';

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENS_DIR}/user-center-${name}.png` });
}

test('the administrator creates an accountant who must change the initial password; disabling ends the open page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, 'admin', CITY, 2026);
  await page.goto('/user-center/ordinary-user-management');
  const grid = page.getByRole('group', { name: '用户管理列表' }).getByRole('grid');
  const rows = grid.locator('.ag-row:not(.ag-row-pinned)');
  await expect(grid).toBeVisible();
  await expect(page.getByRole('navigation', { name: '用户管理列表分页' })).toContainText('共');
  await shoot(page, 'users');

  await page.getByRole('toolbar', { name: '用户列表操作' }).getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增用户' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('登录名')).toBeFocused();
  await dialog.getByLabel('登录名').fill('KUAIJI');
  await dialog.getByLabel('姓名').fill('陈会计');
  await dialog.getByLabel('初始密码').fill('weakpass');
  await dialog.getByLabel('联系电话').fill('12345');
  await dialog.getByLabel('联系电话').press('Enter');
  await expect(dialog.getByText('密码须包含大写字母、小写字母、数字、符号中的至少三类')).toBeVisible();
  await expect(dialog.getByText(/联系电话须为11位手机号/)).toBeVisible();
  await dialog.getByLabel('初始密码').fill(INITIAL);
  await dialog.getByLabel('联系电话').fill('13800138000');
  await dialog.getByLabel('联系电话').press('Enter');
  // Taken in another case: the server's refusal, under the login name.
  await expect(dialog.getByText('该登录名已被使用（登录名不区分大小写和全半角）')).toBeVisible();
  await shoot(page, 'user-dialog');
  await dialog.getByLabel('登录名').fill(LOGIN);
  await dialog.getByLabel('登录名').press('Enter');
  await expect(dialog).toHaveCount(0);

  // The whole login name: other specs of the run add users of their own.
  await page.getByLabel('登录名包含').fill(LOGIN);
  await page.getByLabel('登录名包含').press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(grid).toContainText('陈会计');
  await expect(grid).toContainText('待修改初始密码');
  await expect(grid).toContainText(CITY);
  await shoot(page, 'users-filtered');

  // The accountant signs in (another browser) and must change the initial password.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const accountant = await other.newPage();
  const login = new LoginPage(accountant);
  await login.goto('/');
  await login.signIn(LOGIN, INITIAL);
  const change = accountant.getByRole('dialog', { name: '修改密码' });
  await expect(change).toBeVisible();
  await expect(change.getByText('您的密码为初始密码或已过期')).toBeVisible();
  await change.getByLabel('原密码').fill(INITIAL);
  await change.getByLabel('新密码', { exact: true }).fill('Ziji#20261');
  await change.getByLabel('确认新密码').fill('Ziji#20261');
  await change.getByRole('button', { name: '确定' }).click();
  // No ledger set granted yet (grants are the rights page's): the selection page, signed in.
  await expect(change).toHaveCount(0);
  await expect(accountant).toHaveURL(/\/selecting$/);

  // The administrator disables the accountant (select the row, 停用, confirm).
  await page.getByLabel('登录名包含').press('Enter');
  await rows.first().locator('[col-id="loginName"]').click();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('user-selection')).toHaveText('已选 1 个');
  await page.getByRole('toolbar', { name: '用户列表操作' }).getByRole('button', { name: '停用' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(grid).toContainText('停用');

  // The accountant's open page: its next call signs it out with the reason.
  await accountant.reload();
  await expect(accountant.getByText('账号已被停用，请联系管理员')).toBeVisible();
  await expect(accountant.getByRole('heading', { name: '工会财务云' })).toBeVisible();
  await accountant.screenshot({ path: `${SCREENS_DIR}/user-center-disabled-signed-out.png` });
  await other.close();
});

test('the operator, super-user, user-type and department pages open; edit-operator takes a numeric id only', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, 'admin', CITY, 2026);
  for (const [path, name, grid] of [
    ['operator-management', 'operators', '操作员管理列表'],
    ['super-user', 'super-users', '超级用户列表'],
    ['user-type-management', 'user-types', '用户类型管理列表'],
    ['department-management', 'departments', '部门管理列表'],
  ] as const) {
    await page.goto(`/user-center/${path}`);
    await expect(page.getByRole('group', { name: grid }).getByRole('grid')).toBeVisible();
    await shoot(page, name);
  }

  await page.goto('/user-center/user-type-management');
  await page.getByRole('button', { name: '新增' }).click();
  const typeDialog = page.getByRole('dialog', { name: '新增用户类型' });
  await typeDialog.getByLabel('用户类型名称').fill('专职会计');
  await typeDialog.getByLabel('用户类型名称').press('Enter');
  await expect(typeDialog).toHaveCount(0);
  await expect(page.getByRole('group', { name: '用户类型管理列表' }).getByRole('grid')).toContainText('专职会计');

  await page.goto('/user-center/add-operator');
  await expect(page.getByRole('form', { name: '新增操作员' })).toBeVisible();
  await shoot(page, 'add-operator');
  await page.getByLabel('登录名').press('Escape');
  await expect(page).toHaveURL(/operator-management$/);

  await page.goto('/user-center/edit-operator/abc');
  await expect(page).toHaveURL(/\/404$/);
});
