/**
 * 新旧衔接 in the browser, in a grassroots set of its own whose first year is 2022: the 2021 closing figures on the
 * 2009 chart keyed by keyboard with the live trial check, saved; the worksheet tab (blocked until then) with its
 * split rows keyed by keyboard, the remainder and the checks recomputed live, saved.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { OpeningBalancePage } from './pages/opening-balance-page.js';
import { ReportPageModel } from './pages/reports-pages.js';
import { TRANSITION_PATH, TransitionPage } from './pages/transition-page.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { Paths } from '../src/shared/api/paths.js';
import { apiSession } from './support/api-session.js';
import { recalculated } from './support/workbook-recalc.js';
import { SCREENS_DIR } from './support/demo.js';
import { signIn, signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2022;
const SET = '示范市新旧衔接演示工会';

/**
 * Once the figures are saved and until the transition is finished, choosing the set asks (financial state 4):
 * 调账 opens the worksheet.
 */
async function adjustFromDialog(page: Page): Promise<TransitionPage> {
  const selecting = await signIn(page, 'kuaiji');
  await selecting.choose(SET, YEAR);
  const ask = page.getByRole('dialog').filter({ hasText: '新旧制度衔接尚未完成，请完成衔接或调账' });
  await ask.getByRole('button', { name: '调账' }).click();
  await expect(page).toHaveURL(new RegExp(`${TRANSITION_PATH}$`));
  const sheet = new TransitionPage(page);
  await expect(sheet.grid.locator('.ag-row').first()).toBeVisible();
  return sheet;
}

test.describe.serial('the transition worksheet', () => {
  test.beforeAll(async ({ baseURL }) => {
    await ensureSet({ name: SET, code: 'E2E-TRANSITION', system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
    // The set keeps its bank account in a detail: 银行存款 must go to 10201, not to 102 (a parent now).
    const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
    const subjects = await kuaiji.get<{ code: string }[]>(Paths.subjectList);
    if (!subjects.body.data.some((s) => s.code === '10201')) {
      const added = await kuaiji.post(Paths.subjectList, { code: '10201', codeName: '基本户', parentCode: '102' });
      if (!added.body.success) throw new Error(added.body.errorMsg ?? 'subject not added');
    }
  });

  test('keys the 2021 closing figures by keyboard, checks the trial balance and saves', async ({ page }) => {
    await signInTo(page, 'kuaiji', SET, YEAR);
    const sheet = new TransitionPage(page);
    await sheet.goto();
    await expect(sheet.tab('2021年末数')).toHaveAttribute('aria-selected', 'true');
    await expect(sheet.state).toHaveText('未完成衔接');

    // The worksheet opens only once the figures are saved.
    await sheet.tab('新旧衔接底稿').click();
    await expect(page.getByRole('dialog').filter({ hasText: '请先录入2021年末数并保存科目' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(sheet.tab('2021年末数')).toHaveAttribute('aria-selected', 'true');

    // Revenue and expense subjects take no figure; parents are sums.
    await sheet.cell('101', 'amount').click();
    // 101, 102, (111, 11201, 11202, 121, 13101, 13102) 13103, (132, 135, 141, 151, 161) 162.
    await sheet.enterAmounts([
      '5000',
      '1200000',
      null,
      null,
      null,
      null,
      null,
      null,
      '8000',
      null,
      null,
      null,
      null,
      null,
      '350000',
    ]);
    await expect(sheet.cell('131', 'amount')).toHaveText('8,000.00');
    await expect(sheet.trial).toHaveText('试算不平衡：借方合计1,563,000.00，贷方合计0.00，差额1,563,000.00');
    await sheet.cell('301', 'amount').click();
    // 301, (302, 311, 32101, 32102, 32103, 322) 331.
    await sheet.enterAmounts(['350000', null, null, null, null, null, null, '1213000']);
    await expect(sheet.cell('321', 'amount')).toHaveText('');
    await expect(sheet.trial).toHaveText('试算平衡：借方合计1,563,000.00，贷方合计1,563,000.00');
    await page.screenshot({ path: `${SCREENS_DIR}/transition-figures.png` });

    await page.keyboard.press('Control+s');
    await expect(page.getByRole('dialog').filter({ hasText: '保存成功' })).toBeVisible();
    await page.reload();
    await expect(sheet.cell('102', 'amount')).toHaveText('1,200,000.00');
    await expect(sheet.trial).toHaveText('试算平衡：借方合计1,563,000.00，贷方合计1,563,000.00');
  });

  test('imports the old trial balance from Excel, lists what it did not take, and pastes from a spreadsheet', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const sheet = await adjustFromDialog(page);
    // The old system's 科目余额表: a heading block, 期末余额 over 借方 / 贷方, a revenue line and a code of its own.
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('科目余额表');
    ws.addRow(['科目余额表（2021年12月）']);
    ws.addRow(['科目编码', '科目名称', '期初余额', '期初余额', '期末余额', '期末余额']);
    ws.addRow(['', '', '借方', '贷方', '借方', '贷方']);
    ws.addRow(['101', '库存现金', 0, 0, 6000, 0]);
    ws.addRow(['102', '银行存款', 0, 0, 1_199_000, 0]);
    ws.addRow(['13103', '应收建会筹备金', 0, 0, 8000, 0]);
    ws.addRow(['162', '固定资产', 0, 0, 350_000, 0]);
    ws.addRow(['301', '固定基金', 0, 0, 0, 350_000]);
    ws.addRow(['331', '结余', 0, 0, 0, 1_213_000]);
    ws.addRow(['401', '会费收入', 0, 0, 0, 500]);
    ws.addRow(['1029', '自设科目', 0, 0, 10, 0]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    await sheet.button('导入').click();
    await page.getByLabel('选择原系统科目余额表Excel文件').setInputFiles({
      name: '科目余额表.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    const report = page.getByTestId('import-result');
    await expect(report).toContainText('已从Excel取得6个科目的年末数');
    await expect(report).toContainText('2行未识别');
    await expect(report.getByRole('list', { name: '未识别' })).toContainText('第10行 401 会费收入：收入支出类科目年末应无余额');
    await expect(report.getByRole('list', { name: '未识别' })).toContainText('第11行 1029 自设科目：不是原制度（2009）会计科目');
    await expect(sheet.cell('101', 'amount')).toHaveText('6,000.00');
    await expect(sheet.cell('102', 'amount')).toHaveText('1,199,000.00');
    await expect(sheet.trial).toHaveText('试算平衡：借方合计1,563,000.00，贷方合计1,563,000.00');
    await page.screenshot({ path: `${SCREENS_DIR}/transition-import.png` });

    // Not a workbook: refused before it is read.
    await sheet.button('导入').click();
    await page.getByLabel('选择原系统科目余额表Excel文件').setInputFiles({
      name: '余额表.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('科目编码,期末借方'),
    });
    await expect(page.getByRole('dialog').filter({ hasText: '不是Excel工作簿（.xlsx）文件' })).toBeVisible();
    await page.keyboard.press('Enter');

    // A block copied from a spreadsheet, pasted at 101.
    await sheet.cell('101', 'amount').click();
    await page.evaluate(() => navigator.clipboard.writeText('5,000.00\r\n1200000\r\n'));
    await page.keyboard.press('Control+v');
    await expect(sheet.cell('102', 'amount')).toHaveText('1,200,000.00');
    await expect(sheet.cell('101', 'amount')).toHaveText('5,000.00');
    await expect(sheet.trial).toHaveText('试算平衡：借方合计1,563,000.00，贷方合计1,563,000.00');
  });

  test('fills the split rows of the worksheet by keyboard and saves', async ({ page }) => {
    const sheet = await adjustFromDialog(page);
    await sheet.tab('新旧衔接底稿').click();
    await expect(sheet.tab('新旧衔接底稿')).toHaveAttribute('aria-selected', 'true');
    await expect(await sheet.shown('p:102-102', 'amount')).toHaveText('1,200,000.00');
    await expect(await sheet.shown('p:162-162', 'amount')).toHaveText('350,000.00');

    // 102 has a detail in the set's chart: the worksheet says so, and the target is keyed (a validated cell).
    await expect(sheet.problems).toContainText('新制度科目102不是末级科目，请选择其下级明细科目');
    await (await sheet.shown('p:102-102', 'newCode')).click();
    await page.keyboard.type('101');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: '错误列表' })).toContainText('科目101不是102的下级科目');
    await (await sheet.shown('p:102-102', 'newCode')).click();
    await page.keyboard.type('10201');
    await page.keyboard.press('Enter');
    await expect(await sheet.shown('p:102-102', 'newName')).toHaveText('基本户');

    // 固定资产 162: 30,000 is intangible (→171), 20,000 below the new threshold (→141); 固定基金 301 alike.
    await (await sheet.shown('p:162-171', 'amount')).click();
    await sheet.enterAmounts(['30000']);
    await expect.poll(() => sheet.focusedRow()).toBe('p:162-141');
    await sheet.enterAmounts(['20000']);
    await expect(await sheet.shown('p:162-162', 'amount')).toHaveText('300,000.00');
    await (await sheet.shown('p:301-30105', 'amount')).click();
    await sheet.enterAmounts(['30000', '20000']);
    await expect(await sheet.shown('p:301-30104', 'amount')).toHaveText('300,000.00');
    // 结余 331: 300,000 of it is 结转 in nature (→32104); the rest to 32205.
    await (await sheet.shown('p:331-32104', 'amount')).click();
    await sheet.enterAmounts(['300000']);
    await expect(await sheet.shown('p:331-32205', 'amount')).toHaveText('913,000.00');
    await expect(sheet.checks).toContainText('原科目余额已全部转入新科目（3,126,000.00）');
    await expect(sheet.checks).toContainText('新制度借方合计1,563,000.00 = 贷方合计1,563,000.00');
    await expect(sheet.checks.locator('.bad')).toHaveCount(0);

    // Too much keyed: the remainder turns negative and the check says so, live.
    await (await sheet.shown('p:331-30101', 'amount')).click();
    await sheet.enterAmounts(['1000000']);
    await expect(await sheet.shown('p:331-32205', 'amount')).toHaveText('-87,000.00');
    await expect(sheet.checks).toContainText('拆分金额超过原科目余额87,000.00');
    await (await sheet.shown('p:331-30101', 'amount')).click();
    await page.keyboard.press('Delete');
    await expect(await sheet.shown('p:331-32205', 'amount')).toHaveText('913,000.00');
    await page.screenshot({ path: `${SCREENS_DIR}/transition-worksheet.png` });

    // Leaving the tab with unsaved splits asks first; 取消 stays.
    await sheet.tab('2021年末数').click();
    const ask = page.getByRole('dialog').filter({ hasText: '当前页有未保存的修改，切换后将丢失，是否继续？' });
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(sheet.tab('新旧衔接底稿')).toHaveAttribute('aria-selected', 'true');
    await (await sheet.shown('p:331-32104', 'amount')).click();

    await page.keyboard.press('Control+s');
    await expect(page.getByRole('dialog').filter({ hasText: '保存成功' })).toBeVisible();
    await expect(sheet.problems).toHaveText('已保存的底稿通过检查，可以完成衔接');
    await expect(await sheet.shown('p:102-102', 'newCode')).toHaveText('10201');
    await page.reload();
    await sheet.tab('新旧衔接底稿').click();
    await expect(await sheet.shown('p:162-171', 'amount')).toHaveText('30,000.00');
    await expect(await sheet.shown('p:331-32205', 'amount')).toHaveText('913,000.00');
  });

  test('adds an adjustment voucher, finishes; the openings, the balance sheet and the export show the figures', async ({
    page,
  }) => {
    const sheet = await adjustFromDialog(page);
    await sheet.tab('新旧衔接底稿').click();
    await expect(sheet.tab('新旧衔接底稿')).toHaveAttribute('aria-selected', 'true');

    // Catch-up depreciation: Dr 30104 资产基金—固定资产, Cr 163 累计折旧, 10,000; keyed in the dialog's editor.
    await sheet.button('调账凭证').click();
    const dialog = page.getByRole('dialog', { name: '调账凭证' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '新增', exact: true }).click();
    const editor = new VoucherEditorPage(page);
    await editor.expectFocus(0, 'summary');
    await editor.typeText('补提折旧');
    await page.keyboard.type('30104');
    await expect(editor.subjectList.getByRole('option', { selected: true })).toHaveText(/^30104 /);
    await page.keyboard.press('Enter');
    await editor.expectFocus(0, 'debitAmount');
    await page.keyboard.type('10000');
    await page.keyboard.press('Enter');
    await editor.expectFocus(1, 'summary');
    await page.keyboard.press('Enter');
    await page.keyboard.type('163');
    await expect(editor.subjectList.getByRole('option', { selected: true })).toHaveText(/^163 /);
    await page.keyboard.press('Enter');
    await page.keyboard.press('=');
    await expect(editor.cell(1, 'creditAmount')).toHaveText('10,000.00');
    await page.keyboard.press('Control+s');
    await expect(page.getByRole('dialog').filter({ hasText: '已保存：调账凭证调-1' })).toBeVisible();
    await page.getByRole('dialog', { name: '调账凭证' }).getByRole('button', { name: '关闭' }).first().click();
    await expect(page.getByRole('dialog', { name: '调账凭证' })).toHaveCount(0);

    // The worksheet's adjustment lines carry the voucher number; the checks still hold.
    const adjustments = await sheet.adjustmentRows();
    await expect(adjustments).toHaveCount(2);
    await expect(adjustments.nth(0).locator('[col-id="voucherNo"]')).toHaveText('调-1');
    await expect(adjustments.nth(0).locator('[col-id="newCode"]')).toHaveText('30104');
    await expect(adjustments.nth(0).locator('[col-id="decrease"]')).toHaveText('10,000.00');
    await expect(adjustments.nth(1).locator('[col-id="newCode"]')).toHaveText('163');
    await expect(adjustments.nth(1).locator('[col-id="increase"]')).toHaveText('10,000.00');
    await expect(sheet.checks).toContainText('原余额3,126,000.00 + 调增10,000.00 − 调减10,000.00 = 新制度金额3,126,000.00');
    await expect(sheet.checks).toContainText('新制度借方合计1,563,000.00 = 贷方合计1,563,000.00');
    await expect(sheet.problems).toHaveText('已保存的底稿通过检查，可以完成衔接');
    await page.screenshot({ path: `${SCREENS_DIR}/transition-adjusted.png` });

    // The export: the auditor's workbook recalculates to the new openings.
    const download = page.waitForEvent('download');
    await sheet.button('导出').click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const openingsSheet = recalculated(workbook).get('新制度期初') ?? [];
    const header = openingsSheet.findIndex((r) => r[0] === "'新科目编码");
    const exported = new Map<string, unknown>();
    for (const r of openingsSheet.slice(header + 1)) {
      if (r[0] === "'合计" || r[0] === null) break;
      exported.set(String(r[0]).replace(/^'/, ''), r[4]);
    }
    expect(Object.fromEntries(exported)).toMatchObject({
      '101': 5000,
      '10201': 1_200_000,
      '135': 8000,
      '141': 20_000,
      '162': 300_000,
      '163': 10_000,
      '171': 30_000,
      '30101': 20_000,
      '30104': 290_000,
      '30105': 30_000,
      '32104': 300_000,
      '32205': 913_000,
    });

    // 完成衔接: the openings are written, the worksheet is read-only, 取消衔接 is offered.
    await sheet.button('完成衔接').click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '完成衔接将按底稿生成新制度期初余额' })
      .getByRole('button', { name: '确定' })
      .click();
    await expect(page.getByRole('dialog').filter({ hasText: '新旧衔接完成' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(sheet.state).toHaveText('已完成衔接');
    await expect(sheet.button('取消衔接')).toBeVisible();
    await expect(sheet.button('完成衔接')).toHaveCount(0);
    await expect(sheet.button('保存')).toHaveCount(0);
    // Read-only once reconciled: typing into a split amount changes nothing.
    await (await sheet.shown('p:331-32104', 'amount')).click();
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect(await sheet.shown('p:331-32104', 'amount')).toHaveText('300,000.00');

    // 科目期初 shows the new openings.
    const openings = new OpeningBalancePage(page);
    await openings.goto();
    await expect(openings.cell('101')).toHaveText('5,000.00');
    await expect(openings.cell('102')).toHaveText('1,200,000.00');
    await expect(openings.cell('10201')).toHaveText('1,200,000.00');
    await expect(openings.cell('162')).toHaveText('300,000.00');
    await expect(openings.cell('163')).toHaveText('10,000.00');
    await expect(openings.trial().state).toHaveText('试算平衡');
    await openings.tab('净资产').click();
    await expect(openings.cell('30104')).toHaveText('290,000.00');
    await expect(openings.cell('32205')).toHaveText('913,000.00');

    // The first year's balance sheet: its 年初余额 column.
    const balanceSheet = new ReportPageModel(page, '资产负债表');
    await balanceSheet.goto();
    await expect.poll(() => balanceSheet.figure('货币资金', 'Opening')).toBe('1,205,000.00');
    expect(await balanceSheet.figure('固定资产原值', 'Opening')).toBe('300,000.00');
    expect(await balanceSheet.figure('固定资产净值', 'Opening')).toBe('290,000.00');
    expect(await balanceSheet.figure('无形资产原值', 'Opening')).toBe('30,000.00');
    expect(await balanceSheet.figure('资产总计', 'Opening')).toBe('1,553,000.00');
    expect(await balanceSheet.figure('资产基金', 'Opening')).toBe('340,000.00');
    expect(await balanceSheet.figure('工会资金结余', 'Opening')).toBe('913,000.00');
    expect(await balanceSheet.figure('负债与净资产总计', 'Opening')).toBe('1,553,000.00');
    await page.screenshot({ path: `${SCREENS_DIR}/transition-balance-sheet.png` });

    // 取消衔接 reopens the worksheet.
    await sheet.goto();
    await sheet.button('取消衔接').click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '取消衔接将恢复衔接前的期初余额' })
      .getByRole('button', { name: '确定' })
      .click();
    await expect(page.getByRole('dialog').filter({ hasText: '已取消新旧衔接' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(sheet.state).toHaveText('未完成衔接');
    await expect(sheet.button('完成衔接')).toBeVisible();
    await expect(sheet.button('保存')).toBeVisible();
  });
});
