/**
 * Issue 21's scenario end to end, each step by the person who does it: the bookkeeper keys the
 * year's plan in 方案填报 and submits it; the reviewer approves it in 方案审批; the bookkeeper keys
 * an expense on a forbid project past its budget and is refused with the message (the voucher
 * stays), then an expense on a warn project past its budget, which saves with the warning; and
 * 预算执行表 shows both. The spec's set is its own; its projects (amounts 0, controls set) are written
 * as 项目预算 and 规则设置 would keep them.
 */
import { expect, test } from '@playwright/test';
import { BudgetMessages } from '../src/shared/budget/messages.js';
import { openSqlite } from '../src/server/db/database.js';
import {
  insertBudgetCategory,
  insertBudgetDetail,
  linkBudgetType,
  openBudgetPlatform,
} from '../src/server/test-support/budget-fixture.js';
import { BudgetPlanPage, PLAN_APPROVAL_PATH, PLAN_ENTRY_PATH } from './pages/budget-plan-pages.js';
import { BudgetReportPage } from './pages/budget-report-pages.js';
import { BudgetVoucherPage } from './pages/budget-voucher-page.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市预算全流程工会';
const SUBJECT = '50102';
const GAMES = '职工运动会';
const READING = '读书月';

test.beforeAll(async () => {
  const ztId = await ensureSet({
    name: SET,
    code: 'E2E-BUDFLOW',
    system: 'union-grassroots',
    year: YEAR,
    users: ['kuaiji'],
    reviewers: ['shenhe'],
  });
  const db = openSqlite(databaseFile());
  try {
    if (await db.kysely.selectFrom('budget_project').select('id').where('zt_id', '=', ztId).executeTakeFirst()) return;
    await openBudgetPlatform(db, ztId);
    const typeId = await insertBudgetCategory(db, ztId, { year: YEAR, auxiType: 'XMYS', typeName: '职工文体', infoNo: '971' });
    const detail = { year: YEAR, typeId, auxiType: 'XMYS' as const, parentNo: '971', subjects: ['501'], opening: 0 };
    await insertBudgetDetail(db, ztId, { ...detail, infoNo: '971001', name: GAMES, control: 2 });
    await insertBudgetDetail(db, ztId, { ...detail, infoNo: '971002', name: READING, control: 3 });
    await linkBudgetType(db, ztId, YEAR, 'XMYS', [SUBJECT]);
  } finally {
    await db.close();
  }
});

/** An expense on `project` on line 0 and the bank on line 1, balanced with =. */
async function keyExpense(editor: BudgetVoucherPage, projectNo: string, amount: string): Promise<void> {
  await editor.cell(0, 'summary').click();
  await editor.typeText('文体活动');
  await editor.chooseSubject(SUBJECT, `${SUBJECT} 职工活动支出-文体活动支出`);
  await editor.chooseProject(projectNo);
  await editor.page.keyboard.press('Control+Enter');
  await expect(editor.picker).toHaveCount(0);
  await editor.expectFocus(0, 'debitAmount');
  await editor.page.keyboard.type(amount);
  await editor.page.keyboard.press('Enter');
  await editor.cell(1, 'subjectCode').click();
  await editor.chooseSubject('102', '102 银行存款');
  await editor.page.keyboard.press('=');
}

test('a plan entered, submitted and approved controls the vouchers keyed against it, and the execution report shows it', async ({
  page,
  browser,
}) => {
  // 1. The bookkeeper keys the plan and submits it.
  await signInTo(page, 'kuaiji', SET, YEAR);
  const entry = new BudgetPlanPage(page, PLAN_ENTRY_PATH, '方案填报');
  await entry.goto();
  await (await entry.cell(GAMES, 'amountBeforeAdjustment')).click();
  await page.keyboard.type('1000');
  await page.keyboard.press('Enter');
  await (await entry.cell(READING, 'amountBeforeAdjustment')).click();
  await page.keyboard.type('500');
  await page.keyboard.press('Enter');
  await expect(await entry.cell('职工文体', 'amountBeforeAdjustment')).toHaveText('1,500.00');
  await page.keyboard.press('Control+s');
  await entry.confirm('保存成功');
  await entry.button('提交').click();
  await entry.confirm(/确定提交/);
  await entry.confirm('预算方案已提交');
  await expect(entry.state).toHaveText('已提交');

  // 2. The reviewer approves it.
  const reviewer = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  await signInTo(reviewer, 'shenhe', SET, YEAR);
  const approval = new BudgetPlanPage(reviewer, PLAN_APPROVAL_PATH, '方案审批');
  await approval.goto();
  await approval.button('批准').click();
  await approval.confirm(/确定批准/);
  await approval.confirm('预算方案已批准');
  await expect(approval.state).toHaveText('已批复');
  await reviewer.close();

  // 3. A forbid project past its budget: refused with the message, the voucher stays as typed.
  const editor = new BudgetVoucherPage(page);
  await editor.goto();
  await keyExpense(editor, '971002', '600');
  await expect(editor.budgetNote(0)).toContainText('预算余额 -100.00');
  const number = await editor.voucherNumber();
  await page.keyboard.press('Control+s');
  const refusal = BudgetMessages.overrunForbidden(500_00);
  await expect(editor.messageBox(refusal)).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/budget-flow-refused.png` });
  await editor.dismiss(refusal);
  expect(await editor.voucherNumber()).toBe(number);
  await expect(editor.cell(0, 'debitAmount')).toHaveText('600.00');
  await expect(editor.cell(0, 'auxis')).toContainText(READING);

  // 4. A warn project past its budget: saved, with the warning (the refused voucher's draft let go).
  await editor.goto();
  await editor.discardDraftButton.click();
  await expect(editor.discardDraftButton).toHaveCount(0);
  await keyExpense(editor, '971001', '1200');
  await expect(editor.budgetNote(0)).toContainText(`${BudgetMessages.overrunWarned} 预算余额 -200.00`);
  await page.keyboard.press('Control+s');
  const warning = BudgetMessages.overrunWarnedLong(GAMES);
  await expect(editor.messageBox(warning)).toBeVisible();
  await expect(editor.status).toContainText(`第${number}号`);
  await editor.dismiss(warning);

  // 5. The execution report: the warn project past its budget, the forbid one untouched.
  const report = new BudgetReportPage(page, '预算执行表');
  await report.goto();
  await report.expectFigures(GAMES, {
    projectAmount: '1,000.00',
    spent: '1,200.00',
    remaining: '-200.00',
    executionRate: '120.00',
  });
  await report.expectFigures(READING, { projectAmount: '500.00', spent: '0.00', remaining: '500.00', controlName: '禁止超预算' });
  await page.screenshot({ path: `${SCREENS_DIR}/budget-flow-report.png`, fullPage: true });
});
