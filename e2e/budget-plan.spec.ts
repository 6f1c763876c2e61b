/**
 * The budget plan in the browser (issue 21): at a union of this spec's own in 2025 a bookkeeper keys the
 * opening budgets of the year's details in 方案填报 (typed, and pasted as a spreadsheet column),
 * sees the category subtotal and the total follow, saves with Ctrl+S and submits; the reviewer
 * returns it in 方案审批 (a reason is required), the bookkeeper corrects and submits again, the
 * reviewer approves; the history shows each step. Then 规则设置 makes one project forbid-controlled
 * and 预算调整 raises its adjusted budget with a reason, the opening budget unchanged. The details
 * are written into the database (the detail pages are another part of the issue), with names and
 * codes of this spec's own; the year's plan is removed first.
 */
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADJUST_PATH, BudgetPlanPage, PLAN_APPROVAL_PATH, PLAN_ENTRY_PATH, RULES_PATH } from './pages/budget-plan-pages.js';
import { SCREENS_DIR } from './support/demo.js';
import { ensureSet } from './support/ledger-sets.js';
import { seedBudgetDetails } from './support/budget-plan.js';
import { signInTo } from './support/flows.js';
import { recalculated } from './support/workbook-recalc.js';

const YEAR = 2025;
/**
 * A set of this spec's own: its 经费核算 categories make the class items (人员经费 001001) parents,
 * which the demo sets' vouchers of other specs use as leaves.
 */
const SCHOOL = '示范市预算方案工会';
const ROAD = '厂区道路修缮E2E';
const WALL = '围墙修缮E2E';
const CARE = '困难职工慰问E2E';

const money = (text: string | null) => Number((text ?? '').replace(/,/g, '') || '0');

test.describe('预算方案', () => {
  test.beforeAll(async () => {
    await ensureSet({
      name: SCHOOL,
      code: 'E2E-BUDPLAN',
      system: 'union-grassroots',
      year: YEAR,
      users: ['kuaiji'],
      reviewers: ['shenhe'],
    });
    seedBudgetDetails(SCHOOL, YEAR, [
      {
        auxiType: 'XMYS',
        name: '基建项目E2E',
        code: '951',
        details: [
          { code: '951001', name: ROAD },
          { code: '951002', name: WALL },
        ],
      },
      { auxiType: 'RYJF', name: '职工慰问E2E', code: '001001951', details: [{ code: '001001951001', name: CARE }] },
    ]);
  });

  test('keyed, pasted, submitted, returned with a reason, corrected and approved', async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInTo(page, 'kuaiji', SCHOOL, YEAR);
    const entry = new BudgetPlanPage(page, PLAN_ENTRY_PATH, '方案填报');
    await entry.goto();
    await expect(entry.state).toHaveText('未提交');
    const totalBefore = money(await entry.total('amountBeforeAdjustment').textContent());

    // Keyboard: the road project's opening budget typed, Enter.
    await (await entry.cell(ROAD, 'amountBeforeAdjustment')).click();
    await page.keyboard.type('120000.5');
    await page.keyboard.press('Enter');
    await expect(await entry.cell(ROAD, 'amountBeforeAdjustment')).toHaveText('120,000.50');
    // Paste: the wall below it from a spreadsheet column.
    await (await entry.cell(WALL, 'amountBeforeAdjustment')).click();
    await entry.paste(['30,000.25']);
    await expect(await entry.cell(WALL, 'amountBeforeAdjustment')).toHaveText('30,000.25');
    await (await entry.cell(CARE, 'amountBeforeAdjustment')).click();
    await page.keyboard.type('8000');
    await page.keyboard.press('Enter');
    // The category subtotal and the plan's total follow as typed (HyperFormula).
    await expect(await entry.cell('基建项目E2E', 'amountBeforeAdjustment')).toHaveText('150,000.75');
    await expect(await entry.cell('职工慰问E2E', 'amountBeforeAdjustment')).toHaveText('8,000.00');
    await expect
      .poll(async () => money(await entry.total('amountBeforeAdjustment').textContent()))
      .toBeCloseTo(totalBefore + 158000.75, 2);
    await page.keyboard.press('Control+s');
    await entry.confirm('保存成功');
    await expect(await entry.cell(ROAD, 'projectAmount')).toHaveText('120,000.50');
    await page.screenshot({ path: `${SCREENS_DIR}/budget-plan-entry.png` });

    // The workbook: the category subtotal a live formula over its details that recalculates to the sum.
    const [download] = await Promise.all([page.waitForEvent('download'), entry.button('导出Excel').click()]);
    expect(download.suggestedFilename()).toBe(`预算方案_${SCHOOL}_${YEAR}年.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('预算方案');
    const values = recalculated(workbook).get('预算方案') ?? [];
    const at = values.findIndex((row) => row[0] === '基建项目E2E');
    expect(at).toBeGreaterThan(0);
    expect(sheet?.getCell(at + 1, 3).formula).toMatch(/^SUM\(/);
    expect(values[at]?.[2]).toBeCloseTo(150000.75, 2);

    await entry.button('提交').click();
    await entry.confirm(/确定提交/);
    await entry.confirm('预算方案已提交');
    await expect(entry.state).toHaveText('已提交');
    await expect(entry.button('撤回')).toBeVisible();
    await expect(entry.button('保存')).toHaveCount(0);

    // The reviewer returns it: without a reason the dialog says so.
    const reviewerPage: Page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    await signInTo(reviewerPage, 'shenhe', SCHOOL, YEAR);
    const approval = new BudgetPlanPage(reviewerPage, PLAN_APPROVAL_PATH, '方案审批');
    await approval.goto();
    await expect(approval.state).toHaveText('已提交');
    await expect(await approval.cell('基建项目E2E', 'amountBeforeAdjustment')).toHaveText('150,000.75');
    await approval.button('退回').click();
    const dialog = reviewerPage.getByRole('dialog', { name: '退回预算方案' });
    await dialog.getByRole('button', { name: '退回' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请输入退回原因');
    await dialog.getByLabel('退回原因').fill('道路修缮预算偏高，请压减');
    await dialog.getByRole('button', { name: '退回' }).click();
    await approval.confirm('预算方案已退回');
    await expect(approval.state).toHaveText('已退回');

    // The bookkeeper sees why, corrects and submits again.
    await entry.goto();
    await expect(entry.state).toHaveText('已退回');
    await expect(page.getByText('退回原因：道路修缮预算偏高，请压减')).toBeVisible();
    await (await entry.cell(ROAD, 'amountBeforeAdjustment')).click();
    await page.keyboard.type('100000');
    await page.keyboard.press('Enter');
    await expect(await entry.cell('基建项目E2E', 'amountBeforeAdjustment')).toHaveText('130,000.25');
    await entry.button('提交').click();
    await entry.confirm(/130,000\.25|确定提交/);
    await entry.confirm('预算方案已提交');

    await approval.goto();
    await expect(approval.state).toHaveText('已提交');
    await approval.button('批准').click();
    await approval.confirm(/确定批准/);
    await approval.confirm('预算方案已批准');
    await expect(approval.state).toHaveText('已批复');
    await expect(approval.button('批准')).toBeDisabled();
    const rows = approval.history.locator('tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('退回');
    await expect(rows.nth(1)).toContainText('王审核');
    await expect(rows.nth(1)).toContainText('道路修缮预算偏高，请压减');
    await expect(rows.nth(3)).toContainText('批准');
    await reviewerPage.screenshot({ path: `${SCREENS_DIR}/budget-plan-approval.png` });
    await reviewerPage.close();

    // Approved: the bookkeeper's grid is read-only.
    await entry.goto();
    await expect(entry.state).toHaveText('已批复');
    await expect(entry.button('提交')).toHaveCount(0);
  });

  test('a forbid rule is set, and the approved budget adjusted with a reason', async ({ page }) => {
    await signInTo(page, 'kuaiji', SCHOOL, YEAR);
    const rules = new BudgetPlanPage(page, RULES_PATH, '规则设置');
    await rules.goto();
    await (await rules.cell(ROAD, 'controlStatus')).click();
    await page.keyboard.type('禁止超预算');
    await page.keyboard.press('Enter');
    await (await rules.cell(ROAD, 'warnPercent')).click();
    await page.keyboard.type('90');
    await page.keyboard.press('Enter');
    await rules.button('保存').click();
    await rules.confirm('保存成功');
    await expect(await rules.cell(ROAD, 'controlStatus')).toHaveText('禁止超预算');
    await expect(await rules.cell(ROAD, 'warnPercent')).toHaveText('90.00');
    await page.screenshot({ path: `${SCREENS_DIR}/budget-rules.png` });

    await page.goto(ADJUST_PATH);
    await expect(page.getByRole('heading', { name: '预算调整', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: `调整 ${ROAD}` }).click();
    const dialog = page.getByRole('dialog', { name: `调整预算 — ${ROAD}` });
    await dialog.getByLabel('调整后预算（元）').fill('110000');
    await dialog.getByRole('button', { name: '调整' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请输入调整原因');
    await dialog.getByLabel('调整原因').fill('追加路灯');
    await dialog.getByRole('button', { name: '调整' }).click();
    await rules.confirm('预算已调整');
    const road = page.getByRole('table', { name: '预算明细' }).getByRole('row').filter({ hasText: ROAD });
    await expect(road).toContainText('100,000.00');
    await expect(road).toContainText('110,000.00');
    const history = page.getByRole('region', { name: '调整记录' }).locator('tbody tr').filter({ hasText: ROAD });
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('追加路灯');
    await expect(history).toContainText('李会计');
    await page.screenshot({ path: `${SCREENS_DIR}/budget-adjust.png` });
  });
});
