/**
 * 项目预算 and 支出分类设置 in the browser. A bookkeeper of a union of its own (the 预算 platform
 * opened) adds a project category from the tree with Insert, adds a detail under it with
 * Ctrl+Insert: the adjusted budget follows the opening budget as it is typed, a save without
 * subjects is refused in the dialog (she holds zdrapproval, so the subject selector shows and is
 * required), the subject is picked; edits and deletes from the right-click menu. Then an
 * expenditure category under 人员经费 and its detail with an amount.
 */
import { expect, test } from '@playwright/test';
import { openSqlite } from '../src/server/db/database.js';
import { openBudgetPlatform } from '../src/server/test-support/budget-fixture.js';
import { insertUser } from '../src/server/test-support/test-users.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';
import { HomeLayout } from './pages/home-layout.js';
import { LoginPage } from './pages/login-page.js';
import { SelectingPage } from './pages/selecting-page.js';
import { BudgetSetupPage, EXPENDITURE_CLASSES_PATH, PROJECT_BUDGET_PATH } from './pages/budget-setup-page.js';

test.use({ viewport: { width: 1440, height: 900 } });

const SET = '预算设置E2E工会';
/** A keyer of project budgets without zdrapproval (the subject selector is not hers). */
const KEYER = { loginName: 'yusuanE2E', password: 'Yusuan@123' };

test.beforeAll(async () => {
  const id = await ensureSet({ name: SET, code: '9621', system: 'union-grassroots', year: 2026, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    await openBudgetPlatform(db, id);
    const had = await db.kysely.selectFrom('app_user').select('id').where('login_name', '=', KEYER.loginName).executeTakeFirst();
    if (!had) {
      const { id: levelId } = await db.kysely
        .insertInto('user_level')
        .values({
          code: 'budgetKeyerE2E',
          name: '预算录入',
          resources: JSON.stringify([{ href: PROJECT_BUDGET_PATH, resourceList: ['add', 'edit', 'delete'] }]),
          sort: 90,
          enable: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertUser(db, 12, { ...KEYER, name: '预算录入员', grants: [{ ztId: id, level: levelId }] });
    }
  } finally {
    await db.close();
  }
});

test('a bookkeeper keys project budgets and expenditure classes with the keyboard and the right-click menu', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, 'kuaiji', SET, 2026);
  const budget = new BudgetSetupPage(page);
  await budget.goto(PROJECT_BUDGET_PATH, '项目预算');
  await expect(budget.node('项目预算')).toBeVisible();
  await expect(budget.node('项目支出')).toBeVisible();

  await budget.addCategory('项目预算', '职工活动', '001');
  await page.keyboard.press('Control+Insert');
  const dialog = budget.dialog('新增明细');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('类别')).toHaveValue(/.+/);
  await expect(dialog.getByLabel('名称', { exact: true })).toBeFocused();
  await page.keyboard.type('职工运动会');
  await budget.type('调整前预算（元）', '12000.5');
  await expect(dialog.getByLabel('调整后预算（元）')).toHaveValue('12000.5');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert').filter({ hasText: '请选择科目' })).toBeVisible();
  await budget.pickSubject('50102');
  await expect(dialog.getByRole('group', { name: '预算科目' })).toContainText('50102 文体活动支出');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/budget-setup-detail-dialog.png` });
  await dialog.getByLabel('名称', { exact: true }).press('Enter');
  await expect(dialog).toHaveCount(0);
  const row = budget.row('职工运动会');
  await expect(row).toContainText('001001');
  await expect(row).toContainText('12,000.50');
  await expect(row).toContainText('50102 文体活动支出');

  // The project's indicators (the two-table voucher's indicator picker): a parent sums its children.
  await row.click();
  await page.keyboard.press('Control+i');
  const indicators = budget.dialog('项目指标：职工运动会');
  await expect(indicators).toBeVisible();
  await indicators.getByRole('button', { name: '新增指标' }).click();
  await page.keyboard.type('01');
  await page.keyboard.press('Tab');
  await page.keyboard.type('上级补助');
  await indicators.getByRole('button', { name: '新增下级' }).click();
  await expect(indicators.getByLabel('指标编码').nth(1)).toBeFocused();
  await page.keyboard.type('01');
  await page.keyboard.press('Tab');
  await page.keyboard.type('第一批');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3000.1');
  await indicators.getByLabel('指标编码').first().click();
  await indicators.getByRole('button', { name: '新增下级' }).click();
  await page.keyboard.type('02');
  await page.keyboard.press('Tab');
  await page.keyboard.type('第二批');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1999.9');
  for (const [i, code] of ['01', '0101', '0102'].entries())
    await expect(indicators.getByLabel('指标编码').nth(i)).toHaveValue(code);
  await expect(indicators.getByLabel('下级合计')).toHaveText('5,000.00');
  await page.screenshot({ path: `${SCREENS_DIR}/budget-setup-indicators.png` });
  await page.keyboard.press('Control+Enter');
  await expect(indicators).toHaveCount(0);
  await expect(page.getByRole('columnheader').last()).toHaveText('指标数');
  await expect(row.getByRole('cell')).toHaveCount(7);
  await expect(row.getByRole('cell').last()).toHaveText('3');

  // A second detail, renamed and then deleted from the right-click menu.
  await budget.node('001 职工活动').click();
  await page.getByRole('button', { name: '新增明细' }).click();
  await expect(dialog).toBeVisible();
  await budget.type('名称', '读书月');
  await budget.type('调整前预算（元）', '500');
  await budget.pickSubject('50304');
  await dialog.getByLabel('名称', { exact: true }).press('Enter');
  await expect(budget.row('读书月')).toContainText('500.00');
  await budget.menu(budget.row('读书月'), '修改明细');
  const edit = budget.dialog('修改明细');
  await expect(edit.getByLabel('名称', { exact: true })).toHaveValue('读书月');
  await budget.type('名称', '职工读书月');
  await page.keyboard.press('Enter');
  await expect(edit).toHaveCount(0);
  await expect(budget.row('职工读书月')).toContainText('001002');
  await budget.menu(budget.row('职工读书月'), '删除明细');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(budget.row('职工读书月')).toHaveCount(0);
  await expect(budget.row('职工运动会')).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/budget-setup-project.png` });

  // 支出分类设置: a category under 人员经费 and its detail.
  await budget.goto(EXPENDITURE_CLASSES_PATH, '支出分类设置');
  for (const label of ['001 基本支出', '00101 人员经费', '00102 公用经费', '002 项目支出'])
    await expect(budget.node(label)).toBeVisible();
  await budget.addCategory('00101 人员经费', '工资福利', '001001001');
  await page.keyboard.press('Control+Insert');
  const expenditure = budget.dialog('新增明细');
  await expect(expenditure.getByLabel('支出分类')).toHaveValue('00101');
  await page.keyboard.type('专职人员工资');
  await page.keyboard.press('Enter');
  await expect(expenditure.getByRole('alert').filter({ hasText: '请输入金额' })).toBeVisible();
  await budget.type('金额（元）', '80000');
  await page.keyboard.press('Enter');
  await expect(expenditure).toHaveCount(0);
  const line = budget.row('专职人员工资');
  await expect(line).toContainText('001001001001');
  await expect(line).toContainText('00101 人员经费');
  await expect(line).toContainText('80,000.00');
  await page.screenshot({ path: `${SCREENS_DIR}/budget-setup-expenditure.png` });
});

test('without zdrapproval the detail dialog has no subject selector and a project counts every expense subject', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const login = new LoginPage(page);
  await login.goto('/');
  await login.signIn(KEYER.loginName, KEYER.password);
  const selecting = new SelectingPage(page);
  await selecting.expectLoaded();
  await selecting.choose(SET, 2026);
  await new HomeLayout(page).expectHome(SET, 2026);

  const budget = new BudgetSetupPage(page);
  await budget.goto(PROJECT_BUDGET_PATH, '项目预算');
  await expect(page.getByRole('columnheader', { name: '预算科目' })).toHaveCount(0);
  await budget.addCategory('项目支出', '无科目类', '001');
  await page.keyboard.press('Control+Insert');
  const dialog = budget.dialog('新增明细');
  await expect(dialog.getByLabel('名称', { exact: true })).toBeFocused();
  await expect(dialog.getByRole('group', { name: '预算科目' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: '选择科目' })).toHaveCount(0);
  await page.keyboard.type('慰问');
  await budget.type('调整前预算（元）', '800');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(budget.row('慰问')).toContainText('800.00');
  await page.screenshot({ path: `${SCREENS_DIR}/budget-setup-no-subject-right.png` });
});
