/**
 * A union set up from nothing in the browser, as issue 18 §5 walks it: the administrator creates a
 * county federation and a grassroots union under it on the 基层 chart, an accountant and a
 * reviewer, and grants them the union only. The accountant signs in, must change the initial
 * password, sees that set alone and the accountant's menus, is sent from voucher entry to 科目期初,
 * enters balanced openings and saves a voucher; the reviewer reviews it. The county set is refused
 * to the accountant by its id through the API; the administrator disables the accountant, whose
 * open page is signed out at its next call.
 *
 * Every name carries the run's tag (other specs share the database, and a retry starts over), and
 * the county is a top-level set, so the demo city's subtree stays as the 账套管理 spec lists it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import { SUBJECT_START_PATH, VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { HomeLayout } from './pages/home-layout.js';
import { LoginPage } from './pages/login-page.js';
import { OpeningBalancePage } from './pages/opening-balance-page.js';
import { SelectingPage } from './pages/selecting-page.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { VoucherListPage } from './pages/voucher-list-page.js';
import { ledgerSetId, roleMenuTitles } from './support/database.js';
import { CITY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { pageSession, signedGet } from './support/page-session.js';

const YEAR = 2026;
const TAG = String(Date.now() % 100_000).padStart(5, '0');
const COUNTY_CODE = `9${TAG}`;
const UNION_CODE = `${COUNTY_CODE}001`;
const COUNTY = `流程县${TAG}总工会`;
const UNION = `流程县${TAG}机械厂工会`;
const ACCOUNTANT = `lc${TAG}kj`;
const REVIEWER = `lc${TAG}sh`;
const INITIAL = 'Chushi#2026';
const OWN = 'Ziji#20261';
const SUMMARY = `流程${TAG}收到会费`;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS_DIR}/user-center-setup-${name}.png` });
}

async function createSet(page: Page, upper: string | null, code: string, name: string, system: string): Promise<void> {
  await page.getByRole('toolbar', { name: '账套操作' }).getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增账套' });
  await expect(dialog).toBeVisible();
  const upperBox = dialog.getByLabel('上级单位');
  if (upper === null) await upperBox.selectOption({ label: '（顶级，无上级单位）' });
  else await upperBox.selectOption(String(ledgerSetId(upper)));
  await dialog.getByLabel('账套编码').fill(code);
  await dialog.getByLabel('账套名称').fill(name);
  await dialog.getByLabel('会计制度').selectOption(system);
  await dialog.getByLabel('启用年度').fill(String(YEAR));
  await dialog.getByLabel('账套名称').press('Enter');
  await expect(dialog).toHaveCount(0);
}

async function createUser(page: Page, login: string, name: string): Promise<void> {
  await page.getByRole('toolbar', { name: '用户列表操作' }).getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增用户' });
  await expect(dialog.getByLabel('登录名')).toBeFocused();
  await page.keyboard.type(login);
  await dialog.getByLabel('姓名').fill(name);
  await dialog.getByLabel('初始密码').fill(INITIAL);
  // The home unit is found by name on the server (a province has thousands): type, Enter, ↓, Enter.
  const home = dialog.getByRole('combobox', { name: '所属单位' });
  await expect(home).toHaveValue(CITY);
  await home.fill(`流程县${TAG}机械`);
  await home.press('Enter');
  const matches = dialog.getByRole('listbox', { name: '所属单位：查找结果' }).getByRole('option');
  await expect(matches).toHaveCount(1);
  await expect(matches.first()).toContainText(`${UNION_CODE} ${UNION}`);
  await expect(matches.first()).toContainText(`${COUNTY}`);
  await shoot(page, 'user-home-picker');
  await home.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(home).toHaveValue(UNION);
  await expect(home).toBeFocused();
  await home.press('Enter');
  await expect(dialog).toHaveCount(0);
}

/** 角色管理 → 用户授权 by login name: the role on the union, nothing elsewhere. */
async function grantOnUnion(page: Page, login: string, role: string): Promise<void> {
  await page.getByRole('button', { name: '用户授权' }).click();
  const ask = page.getByRole('dialog', { name: '用户授权' });
  await ask.getByLabel('登录名').fill(login);
  await page.keyboard.press('Enter');
  const grants = page.getByRole('dialog', { name: new RegExp(`^用户授权：.*（${login}）$`) });
  await expect(grants).toBeVisible();
  await expect(grants.getByLabel(`${COUNTY}的角色`)).toHaveValue('');
  await grants.getByLabel(`${UNION}的角色`).selectOption({ label: role });
  await grants.getByRole('button', { name: '保存' }).click();
  await expect(grants).toHaveCount(0);
}

/** A first sign-in in a browser of its own: the initial password changed, then the one set offered. */
async function firstSignIn(browser: Browser, login: string): Promise<{ page: Page; selecting: SelectingPage }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const form = new LoginPage(page);
  await form.goto('/');
  await form.signIn(login, INITIAL);
  const change = page.getByRole('dialog', { name: '修改密码' });
  await expect(change.getByText('您的密码为初始密码或已过期')).toBeVisible();
  await change.getByLabel('原密码').fill(INITIAL);
  await change.getByLabel('新密码', { exact: true }).fill(OWN);
  await change.getByLabel('确认新密码').fill(OWN);
  await change.getByLabel('确认新密码').press('Enter');
  await expect(change).toHaveCount(0);
  const selecting = new SelectingPage(page);
  await selecting.expectLoaded();
  return { page, selecting };
}

test('the administrator sets up a union, its accountant keys openings and a voucher, its reviewer reviews it; disabling ends the session', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, 'admin', CITY, YEAR);

  // 1. The county federation (top level) and the grassroots union under it, on the 基层 chart.
  await page.goto('/user-center/zt-management');
  await expect(page.getByRole('heading', { name: '账套管理' })).toBeVisible();
  await createSet(page, null, COUNTY_CODE, COUNTY, 'union-county');
  await createSet(page, COUNTY, UNION_CODE, UNION, 'union-grassroots');
  const tree = page.getByRole('tree', { name: '上级单位' });
  await expect(tree.getByRole('treeitem').filter({ hasText: COUNTY }).first()).toBeVisible();
  await shoot(page, 'sets');

  // 2. The accountant and the reviewer, each granted on the union only.
  await page.goto('/user-center/ordinary-user-management');
  await expect(page.getByRole('group', { name: '用户管理列表' }).getByRole('grid')).toBeVisible();
  await createUser(page, ACCOUNTANT, '流程会计');
  await createUser(page, REVIEWER, '流程审核');
  // The list filtered by that unit, picked the same way, holds the two.
  const unit = page.getByRole('form', { name: '用户查询条件' }).getByRole('combobox', { name: '所属单位' });
  await unit.fill(UNION_CODE);
  await unit.press('Enter');
  // ↓ at once, before the answer: the focus goes into the matches when they come.
  await unit.press('ArrowDown');
  await expect(page.getByRole('option', { name: new RegExp(`^${UNION_CODE} ${UNION}`) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(unit).toHaveValue(UNION);
  await unit.press('Enter');
  const users = page
    .getByRole('group', { name: '用户管理列表' })
    .getByRole('grid')
    .locator('.ag-row:not(.ag-row-pinned) [col-id="loginName"]');
  await expect.poll(async () => (await users.allTextContents()).sort()).toEqual([ACCOUNTANT, REVIEWER].sort());
  await shoot(page, 'users-of-union');
  await page.goto('/user-center/role-management');
  await expect(page.getByRole('heading', { name: '角色管理' })).toBeVisible();
  await grantOnUnion(page, ACCOUNTANT, '会计');
  await grantOnUnion(page, REVIEWER, '审核');

  // 3. The accountant: a new password first, then the union alone, and the accountant's menus only.
  const accountant = await firstSignIn(browser, ACCOUNTANT);
  await expect.poll(() => accountant.selecting.names()).toEqual([UNION]);
  await accountant.selecting.choose(UNION, YEAR);
  const home = new HomeLayout(accountant.page);
  await home.expectHome(UNION, YEAR);
  const granted = new Set(roleMenuTitles('accountant'));
  const links = (await home.menu.getByRole('link').allTextContents()).map((t) => t.trim()).filter((t) => t !== '首页');
  expect(links.length).toBeGreaterThan(0);
  expect(links.filter((t) => !granted.has(t))).toEqual([]);
  expect(links).toEqual(expect.arrayContaining(['凭证录入', '科目期初']));
  await shoot(accountant.page, 'accountant-home');
  // The user center is no page of the accountant's: typed by hand, it is refused.
  await accountant.page.goto('/user-center/zt-management');
  await expect(accountant.page.getByRole('heading', { name: '无权访问' })).toBeVisible();

  // The county set, by its id through the API: refused, though the union's own call passes.
  const session = await pageSession(accountant.page);
  const county = ledgerSetId(COUNTY);
  expect(await signedGet(request, session, `${Paths.ztInfo}/${county}`, {})).toMatchObject({ success: false, errorCode: 4005 });
  expect(await signedGet(request, session, Paths.subjectList, { ztId: county })).toMatchObject({
    success: false,
    errorCode: 4005,
  });
  expect(await signedGet(request, session, `${Paths.ztInfo}/${ledgerSetId(UNION)}`, {})).toMatchObject({ success: true });

  // 4. Voucher entry sends a new set to 科目期初; balanced openings initialise it.
  await accountant.page.goto(VOUCHER_ADD_PATH);
  await expect(accountant.page).toHaveURL(new RegExp(`${SUBJECT_START_PATH}$`));
  const openings = new OpeningBalancePage(accountant.page);
  await openings.expectLoaded();
  await expect(openings.state).toHaveText('未初始化');
  await openings.editButton.press('Enter');
  await expect.poll(() => openings.focused()).toEqual({ code: '101', field: 'initAmount' });
  await openings.enterAmounts(['5000']);
  await openings.switchTab('净资产');
  await expect.poll(() => openings.focused()).toEqual({ code: '30101', field: 'initAmount' });
  await openings.enterAmounts(['5000']);
  await expect(openings.trial().state).toHaveText('试算平衡');
  await accountant.page.keyboard.press('Control+s');
  await expect(accountant.page.getByRole('dialog').filter({ hasText: '保存成功' })).toBeVisible();
  await expect(openings.state).toHaveText('已初始化');
  await shoot(accountant.page, 'openings');

  // A voucher keyed with the keyboard: 101 debit 1,000, 401 credit by "=".
  await accountant.page.goto(VOUCHER_ADD_PATH);
  const editor = new VoucherEditorPage(accountant.page);
  await editor.expectLoaded();
  const number = await editor.voucherNumber();
  await editor.startLines();
  await editor.typeText(SUMMARY);
  await editor.chooseSubject('kcxj', '101 库存现金');
  await accountant.page.keyboard.type('1000');
  await accountant.page.keyboard.press('Enter');
  await editor.expectFocus(1, 'summary');
  await accountant.page.keyboard.press('Enter');
  await editor.chooseSubject('hfsr', '401 会费收入');
  await accountant.page.keyboard.press('=');
  await expect(editor.cell(1, 'creditAmount')).toHaveText('1,000.00');
  await accountant.page.keyboard.press('Control+s');
  await expect(editor.status).toContainText(`第${number}号`);
  await shoot(accountant.page, 'voucher-saved');

  // 5. The reviewer: a new password, the union alone, and the voucher reviewed in 凭证管理.
  const reviewer = await firstSignIn(browser, REVIEWER);
  await expect.poll(() => reviewer.selecting.names()).toEqual([UNION]);
  await reviewer.selecting.choose(UNION, YEAR);
  const list = new VoucherListPage(reviewer.page);
  await list.goto();
  await list.searchSummary(SUMMARY);
  await expect(list.rows()).toHaveCount(1);
  const no = (await list.grid.locator('.ag-row:not(.ag-row-pinned) [col-id="voucherNo"]').first().textContent())?.trim() ?? '';
  expect(no).toMatch(new RegExp(`-0*${number}$`));
  expect(await list.status(no)).toBe('未审核');
  await list.tick(no);
  await list.button('审核').click();
  await expect.poll(() => list.status(no)).toBe('已审核');
  await shoot(reviewer.page, 'reviewed');
  await reviewer.page.context().close();

  // 6. The administrator disables the accountant: the accountant's open page is signed out.
  await page.goto('/user-center/ordinary-user-management');
  const grid = page.getByRole('group', { name: '用户管理列表' }).getByRole('grid');
  await page.getByLabel('登录名包含').fill(ACCOUNTANT);
  await page.getByLabel('登录名包含').press('Enter');
  const rows = grid.locator('.ag-row:not(.ag-row-pinned)');
  await expect(rows).toHaveCount(1);
  await rows.first().locator('[col-id="loginName"]').click();
  await page.keyboard.press('Space');
  await page.getByRole('toolbar', { name: '用户列表操作' }).getByRole('button', { name: '停用' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(grid).toContainText('停用');

  await accountant.page.goto(VOUCHER_ADD_PATH);
  await expect(accountant.page.getByText('账号已被停用，请联系管理员')).toBeVisible();
  await expect(accountant.page.getByRole('heading', { name: '工会财务云' })).toBeVisible();
  expect(await signedGet(request, session, `${Paths.ztInfo}/${ledgerSetId(UNION)}`, {})).toMatchObject({ success: false });
  await shoot(accountant.page, 'accountant-signed-out');
  await accountant.page.context().close();
});
