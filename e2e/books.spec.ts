/**
 * Books in the browser: vouchers keyed through the real API appear in the trial balance of
 * their period, which balances; a double-click on a subject opens its detail ledger for that
 * period with the running balance and the month totals; a double-click on a line opens the
 * voucher; the trial balance goes to xlsx with its totals as live formulas, read back here. The
 * detail ledger by auxiliary item shows a section per item, zero months on request, and exports
 * the same sections. Works in SCHOOL, January to April 2026 (the list spec uses the current month).
 */
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import type { SaveVoucherRequest } from '../src/shared/api/vouchers.js';
import { DetailLedgerPageModel, TrialBalancePageModel } from './pages/books-pages.js';
import { apiSession } from './support/api-session.js';
import { SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { saveVouchers, twoLineVouchersOf } from './support/vouchers.js';

const YEAR = 2026;

const voucher = twoLineVouchersOf(YEAR);

test('the trial balance of a period balances, opens a detail ledger and a voucher, and exports with formulas', async ({
  page,
  baseURL,
}) => {
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
  await saveVouchers(accountant, [
    voucher(1, 6, '账簿测试收会费', '101', '401', '2000.00'),
    voucher(2, 3, '账簿测试文体活动', '50102', '101', '350.00'),
    voucher(2, 18, '账簿测试职工培训', '50101', '101', '120.50'),
  ]);

  await signInTo(page, 'kuaiji', SCHOOL, YEAR);
  const trial = new TrialBalancePageModel(page);
  await trial.goto();
  await expect(trial.regenerate).toBeVisible();
  await trial.period(2, 2);
  await expect(trial.check).toContainText('试算平衡');
  await expect.poll(() => trial.cell('101', 'openingDebit')).toBe('2,000.00');
  expect(await trial.cell('101', 'periodCredit')).toBe('470.50');
  expect(await trial.cell('101', 'closingDebit')).toBe('1,529.50');
  expect(await trial.cell('501', 'periodDebit')).toBe('470.50');
  await page.screenshot({ path: `${SCREENS_DIR}/trial-balance.png`, fullPage: true });

  // The workbook: named for what it is, its heading block, values, and totals as live formulas
  // over the first-level rows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
  expect(download.suggestedFilename()).toBe(`科目余额表_${SCHOOL}_${YEAR}年02月.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('科目余额表');
  if (!sheet) throw new Error('no sheet 科目余额表');
  expect(sheet.getCell('A1').value).toBe('科目余额表');
  const head = [2, 3, 4].flatMap((r) => (sheet.getRow(r).values as unknown[]).filter((v) => typeof v === 'string')).join('\n');
  expect(head).toContain(`编制单位：${SCHOOL}`);
  expect(head).toContain(`会计期间：${YEAR}年02月`);
  expect(head).toContain('只含已记账凭证：否');
  expect(head).toContain('金额单位：元');
  expect(head).toMatch(/导出人：\S+/);
  expect(sheet.pageSetup.printTitlesRow).toBe('1:6');
  expect(workbook.company).toBe(SCHOOL);
  let totalRow = 0;
  sheet.eachRow((row, n) => {
    if (row.getCell(1).value === '合计') totalRow = n;
  });
  expect(totalRow).toBeGreaterThan(0);
  const formulas: string[] = [];
  sheet.getRow(totalRow).eachCell((cell) => {
    const v = cell.value as { formula?: string } | null;
    if (v && typeof v === 'object' && v.formula) formulas.push(v.formula);
  });
  expect(formulas).toHaveLength(8);

  // Double-click 101: its detail ledger for February.
  await trial.row('101').first().locator('[col-id="code"]').dblclick();
  const ledger = new DetailLedgerPageModel(page);
  await expect(ledger.heading).toBeVisible();
  await expect(ledger.subject).toContainText('101 库存现金');
  await expect(ledger.summaries()).toHaveText(['期初余额', '账簿测试文体活动', '账簿测试职工培训', '本月合计', '本年累计']);
  await page.screenshot({ path: `${SCREENS_DIR}/detail-ledger.png`, fullPage: true });

  // Double-click a line: its voucher.
  await ledger.line('账簿测试职工培训').dblclick();
  const dialog = page.getByRole('dialog', { name: '查看凭证' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('article')).toContainText('账簿测试职工培训');
  await expect(dialog.getByRole('article')).toContainText('壹佰贰拾元伍角');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the detail ledger by auxiliary item: a section per item with its own balances, zero months on request, the same in the workbook', async ({
  page,
  baseURL,
}) => {
  // 215 其他应付款 kept by 经费核算: 001001 人员经费 takes 500.00 in March and gives back 200.00 in
  // April; 002 项目支出 takes 800.00 in March.
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
  const linked = await accountant.post(Paths.saveAuxiRealedSub, { code: '215', typeNoArray: ['JFHS'] });
  expect(linked.body.success, linked.body.errorMsg ?? '').toBe(true);
  const withItem = (body: SaveVoucherRequest, infoNo: string): SaveVoucherRequest => ({
    ...body,
    certiDetails: body.certiDetails.map((l) => (l.subjectCode === '215' ? { ...l, auxis: [{ typeNo: 'JFHS', infoNo }] } : l)),
  });
  await saveVouchers(accountant, [
    withItem(voucher(3, 3, '代收活动费', '101', '215', '500.00'), '001001'),
    withItem(voucher(3, 9, '代收项目款', '101', '215', '800.00'), '002'),
    withItem(voucher(4, 2, '退还活动费', '215', '101', '200.00'), '001001'),
  ]);

  await signInTo(page, 'kuaiji', SCHOOL, YEAR);
  const ledger = new DetailLedgerPageModel(page);
  await ledger.goto();
  await ledger.query('215', 3, 4, ['按辅助核算项目']);
  await expect(ledger.subject).toContainText('215 其他应付款');
  const personnel = '经费核算：001001 人员经费';
  const project = '经费核算：002 项目支出';
  await expect
    .poll(() => ledger.summaryAndBalance())
    .toEqual([
      [personnel, ''],
      ['期初余额', '0.00'],
      ['代收活动费', '500.00'],
      ['本月合计', '500.00'],
      ['本年累计', '500.00'],
      ['退还活动费', '300.00'],
      ['本月合计', '300.00'],
      ['本年累计', '300.00'],
      [project, ''],
      ['期初余额', '0.00'],
      ['代收项目款', '800.00'],
      ['本月合计', '800.00'],
      ['本年累计', '800.00'],
    ]);
  // Headings and totals stand out, as in the workbook and the print.
  expect(await ledger.strongSummaries()).toEqual([
    personnel,
    '本月合计',
    '本年累计',
    '本月合计',
    '本年累计',
    project,
    '本月合计',
    '本年累计',
  ]);
  await page.screenshot({ path: `${SCREENS_DIR}/detail-ledger-by-item.png`, fullPage: true });

  // Months without lines get their totals when asked: 002's April.
  await ledger.query('215', 3, 4, ['显示无发生额月份']);
  await expect
    .poll(async () => (await ledger.summaryAndBalance()).slice(8))
    .toEqual([
      [project, ''],
      ['期初余额', '0.00'],
      ['代收项目款', '800.00'],
      ['本月合计', '800.00'],
      ['本年累计', '800.00'],
      ['本月合计', '800.00'],
      ['本年累计', '800.00'],
    ]);

  // The workbook has the same sections.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  // Below the heading block and the column headers (日期 …): every row of the form, named by its subject.
  expect(sheet.getCell('A1').value).toMatch(/^明细账（215 /);
  let header = 0;
  const summaries: unknown[] = [];
  sheet.eachRow((row, n) => {
    if (header === 0 && row.getCell(1).value === '日期') header = n;
    else if (header > 0) summaries.push(row.getCell(3).value);
  });
  expect(summaries).toEqual((await ledger.summaryAndBalance()).map(([s]) => s));

  // The print follows: A4 landscape (the item column), each item's heading across the table.
  await page.getByRole('button', { name: '打印', exact: true }).click();
  const preview = page.getByRole('dialog', { name: '打印明细账' });
  await expect(preview.getByText('A4 横向')).toBeVisible();
  await expect(preview.locator('canvas').first()).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SCREENS_DIR}/detail-ledger-by-item-print.png` });
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  // A line of a section opens its voucher.
  await ledger.line('退还活动费').dblclick();
  const dialog = page.getByRole('dialog', { name: '查看凭证' });
  await expect(dialog.getByRole('article')).toContainText('退还活动费');
  await page.keyboard.press('Escape');
});

test('the reviewer reads the trial balance without 重新生成发生额, a right of the accountant', async ({ page }) => {
  await signInTo(page, 'shenhe', SCHOOL, YEAR);
  const trial = new TrialBalancePageModel(page);
  await trial.goto();
  await trial.period(2, 2);
  await expect(trial.check).toContainText('试算平衡');
  await expect(trial.regenerate).toHaveCount(0);
});

test('zero cells of the trial balance show blank when the user chooses, after a reload too, and so in the export', async ({
  page,
  baseURL,
}) => {
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
  await saveVouchers(accountant, [voucher(6, 8, '零值测试收会费', '101', '401', '66.00')]);

  await signInTo(page, 'kuaiji', SCHOOL, YEAR);
  const trial = new TrialBalancePageModel(page);
  await trial.goto();
  await trial.period(6, 6);
  await expect.poll(() => trial.cell('401', 'periodCredit')).toBe('66.00');
  expect(await trial.cell('401', 'periodDebit')).toBe('0.00');
  const blank = trial.filters.getByLabel('零值显示为空白');
  await expect(blank).not.toBeChecked();
  await blank.check();
  await expect.poll(() => trial.cell('401', 'periodDebit')).toBe('');
  expect(await trial.cell('401', 'periodCredit')).toBe('66.00');

  // Kept for this user: a reload shows blanks at once.
  await page.reload();
  await trial.period(6, 6);
  await expect(trial.filters.getByLabel('零值显示为空白')).toBeChecked();
  await expect.poll(() => trial.cell('401', 'periodCredit')).toBe('66.00');
  expect(await trial.cell('401', 'periodDebit')).toBe('');

  // The export keeps the zero a number and hides it by its format.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('科目余额表');
  if (!sheet) throw new Error('no sheet 科目余额表');
  let column = 0;
  let row = 0;
  sheet.eachRow((r, n) => {
    r.eachCell((cell, c) => {
      if (cell.value === '本期借方') column = c;
      if (c === 1 && cell.value === '401') row = n;
    });
  });
  expect(column * row).toBeGreaterThan(0);
  const cell = sheet.getRow(row).getCell(column);
  expect(cell.value).toBe(0);
  expect(cell.numFmt).toBe('#,##0.00;-#,##0.00;;@');

  // Another user of the same browser keeps their own choice.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await signInTo(page, 'shenhe', SCHOOL, YEAR);
  await trial.goto();
  await trial.period(6, 6);
  await expect(trial.filters.getByLabel('零值显示为空白')).not.toBeChecked();
  await expect.poll(() => trial.cell('401', 'periodDebit')).toBe('0.00');
});

test('the filter bars choose a subject with the product’s subject picker (button or F7), of any level', async ({ page }) => {
  await signInTo(page, 'kuaiji', SCHOOL, YEAR);
  const trial = new TrialBalancePageModel(page);
  await trial.goto();
  await trial.filters.getByRole('button', { name: '选择科目' }).first().click();
  const picker = page.getByRole('dialog', { name: '选择起始科目' });
  await expect(picker).toBeVisible();
  await picker.getByPlaceholder('科目编码').fill('501');
  await picker.getByPlaceholder('科目编码').press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(trial.filters.getByLabel('起始科目')).toHaveValue('501');
  await expect(trial.filters.getByLabel('起始科目')).toBeFocused();

  await trial.filters.getByLabel('结束科目').press('F7');
  await expect(page.getByRole('dialog', { name: '选择结束科目' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '选择结束科目' })).toHaveCount(0);
  await expect(trial.filters.getByLabel('结束科目')).toHaveValue('');

  // 凭证管理 uses the same controls: the period of the report pages and the subject picker.
  await page.goto('/accounting-management/voucher-management/voucherList');
  const filters = page.getByRole('form', { name: '凭证查询条件' });
  await expect(filters.getByLabel('起始月份')).toBeVisible();
  await filters.getByLabel('科目编码').fill('10');
  await filters.getByLabel('科目编码').press('F7');
  const listPicker = page.getByRole('dialog', { name: '选择科目编码' });
  await expect(listPicker.getByPlaceholder('科目编码')).toHaveValue('10');
  await listPicker.getByPlaceholder('科目编码').press('Enter');
  await expect(listPicker).toHaveCount(0);
  await expect(filters.getByLabel('科目编码')).toHaveValue(/^10\d*/);
});
