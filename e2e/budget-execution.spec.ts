/**
 * The budget reports in the browser (issue 21 §3), in a grassroots set made for the spec with the
 * 预算 platform open and its plan approved: 书屋建设 (warn, 1,000) keyed past its budget and saved
 * with the warning, 文体比赛 (forbid, 500, only 50102) keyed within it and then refused past it.
 * 预算执行表 shows both with their subtotals, drills to the vouchers and opens one, exports a
 * workbook whose figures recalculate; 支出预警 lists the overrun and exports.
 */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Paths } from '../src/shared/api/paths.js';
import type { Voucher } from '../src/shared/api/vouchers.js';
import { BudgetMessages } from '../src/shared/budget/messages.js';
import { openSqlite } from '../src/server/db/database.js';
import {
  insertBudgetCategory,
  insertBudgetDetail,
  linkBudgetType,
  openBudgetPlatform,
  setPlanState,
} from '../src/server/test-support/budget-fixture.js';
import { line, request } from '../src/server/vouchers/voucher-test-kit.js';
import { VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { BudgetReportPage } from './pages/budget-report-pages.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { apiSession } from './support/api-session.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';
import { recalculated } from './support/workbook-recalc.js';

const YEAR = 2026;
const SET = '示范市预算执行演示工会';
const xmys = (infoNo: string) => [{ typeNo: 'XMYS', infoNo }];
let warnVoucher: Voucher | null = null;

test.beforeAll(async ({ baseURL }) => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-BUDGET-EXEC', system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    // A run that comes again finds its budgets and vouchers.
    const seeded = await db.kysely.selectFrom('budget_project').select('id').where('zt_id', '=', ztId).executeTakeFirst();
    if (seeded) return;
    await openBudgetPlatform(db, ztId);
    await linkBudgetType(db, ztId, YEAR, 'XMYS', ['50102', '50103']);
    const typeId = await insertBudgetCategory(db, ztId, { year: YEAR, auxiType: 'XMYS', typeName: '职工文化', infoNo: '801' });
    const detail = { year: YEAR, typeId, auxiType: 'XMYS' as const, parentNo: '801' };
    await insertBudgetDetail(db, ztId, { ...detail, infoNo: '801001', name: '书屋建设', opening: 100_000, control: 2 });
    await insertBudgetDetail(db, ztId, {
      ...detail,
      infoNo: '801002',
      name: '文体比赛',
      opening: 50_000,
      control: 3,
      subjects: ['50102'],
    });
    await setPlanState(db, ztId, YEAR, 'approved');
  } finally {
    await db.close();
  }
  const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
  const voucher = (month: number, day: string, infoNo: string, amount: number, summary: string) =>
    request({
      month,
      pzDate: `2026-${day}`,
      certiDetails: [{ ...line('50102', amount, null, summary), auxis: xmys(infoNo) }, line('101', null, amount, summary)],
    });
  // Warn: past the budget, saved.
  const warned = await kuaiji.post<Voucher>(Paths.certificate, voucher(3, '03-12', '801001', 1200, '购置图书'));
  if (!warned.body.success) throw new Error(warned.body.errorMsg ?? 'warn voucher not saved');
  warnVoucher = warned.body.data;
  const within = await kuaiji.post<Voucher>(Paths.certificate, voucher(4, '04-08', '801002', 300, '比赛奖品'));
  if (!within.body.success) throw new Error(within.body.errorMsg ?? 'forbid voucher within the budget not saved');
  // Forbid: past the budget, refused with what is left.
  const refused = await kuaiji.post<Voucher>(Paths.certificate, voucher(4, '04-20', '801002', 300, '追加奖品'));
  expect(refused.body.success).toBe(false);
  expect(refused.body.errorMsg).toBe(BudgetMessages.overrunForbidden(20_000));
});

test('预算执行表 shows the warn project past its budget and the forbid one within it, drills to the voucher and exports live formulas', async ({
  page,
}) => {
  const home = await signInTo(page, 'kuaiji', SET, YEAR);
  await home.menu.getByText('预算管理', { exact: true }).click();
  await home.openMenu('预算执行表');
  const report = new BudgetReportPage(page, '预算执行表');
  await expect(report.heading).toBeVisible();
  await expect(report.planState).toHaveText('方案已批复');
  await report.expectFigures('项目支出', {
    projectAmount: '1,500.00',
    spent: '1,500.00',
    remaining: '0.00',
    executionRate: '100.00',
  });
  await report.expectFigures('职工文化', { rowKind: '类别', spent: '1,500.00' });
  await report.expectFigures('书屋建设', {
    rowKind: '明细',
    code: '801001',
    controlName: '超预算预警',
    amountBeforeAdjustment: '1,000.00',
    projectAmount: '1,000.00',
    spent: '1,200.00',
    remaining: '-200.00',
    executionRate: '120.00',
  });
  await report.expectFigures('文体比赛', {
    controlName: '禁止超预算',
    projectAmount: '500.00',
    spent: '300.00',
    remaining: '200.00',
    executionRate: '60.00',
  });
  await page.screenshot({ path: `${SCREENS_DIR}/budget-execution.png`, fullPage: true });

  // Narrowed to the category: its subtotal on top, its details below.
  await report.filterBy('类别', '职工文化');
  await expect(report.row('项目支出')).toHaveCount(0);
  await report.expectFigures('书屋建设', { spent: '1,200.00' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
  expect(download.suggestedFilename()).toBe(`预算执行表_${SET}_${YEAR}年.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.readFile(await download.path())).buffer);
  const sheet = workbook.getWorksheet('预算执行表');
  expect(sheet).toBeDefined();
  const values = recalculated(workbook).get('预算执行表') ?? [];
  const books = values.findIndex((row) => row[1] === '801001');
  expect(books).toBeGreaterThan(0);
  // 预算余额 and 执行率 recalculated from the formulas.
  expect(values[books]?.slice(4, 9)).toEqual([1000, 1000, 1200, -200, 120]);
  expect(sheet?.getCell(books + 1, 8).formula).toBeTruthy();

  await report.openDrill('书屋建设');
  await expect(report.drill).toContainText('书屋建设 执行明细');
  const voucherNo = `记-${String(warnVoucher?.pzNo ?? 0).padStart(4, '0')}`;
  const link = report.drill.getByRole('button', { name: /^记-\d{4}$/ });
  await expect(link).toHaveCount(1);
  if (warnVoucher) await expect(link).toHaveText(voucherNo);
  await expect(report.drill.getByRole('row').nth(1)).toContainText('购置图书');
  await expect(report.drill.getByRole('row').nth(1)).toContainText('1,200.00');
  await page.screenshot({ path: `${SCREENS_DIR}/budget-execution-drill.png`, fullPage: true });
  const shown = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${VOUCHER_ADD_PATH}\\?id=`));
  const editor = new VoucherEditorPage(page);
  await expect(editor.title).toBeVisible();
  await expect(editor.number).toHaveValue(String(Number(shown.slice(2))));
  await expect(editor.cell(0, 'subjectCode')).toContainText('50102');
});

test('支出预警 lists the project past its budget, not the one within its threshold, and exports', async ({ page }) => {
  const home = await signInTo(page, 'kuaiji', SET, YEAR);
  await home.menu.getByText('预算管理', { exact: true }).click();
  await home.openMenu('支出预警');
  const warnings = new BudgetReportPage(page, '支出预警');
  await expect(warnings.heading).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 个明细达到预警阈值，其中 1 个已超预算' })).toBeVisible();
  await warnings.expectFigures('书屋建设', { overBudget: '已超预算', executionRate: '120.00', warnPercent: '80.00' });
  await expect(warnings.row('文体比赛')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/budget-warnings.png`, fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
  expect(download.suggestedFilename()).toBe(`支出预警_${SET}_${YEAR}年.xlsx`);
});
