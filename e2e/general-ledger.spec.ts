/**
 * General ledger and the detail ledger's export in the browser: vouchers keyed through the real
 * API show month by month in the general ledger (opening, turnover, year to date, closing); a
 * double-click on a month opens the detail ledger of that subject and month; 导出Excel downloads
 * the server's workbook of every line, read back here. Works in a grassroots set of its own, 2026,
 * whose only vouchers are this spec's (the demo's 示范市第一机械厂工会 has books and a closed January).
 */
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { DetailLedgerPageModel } from './pages/books-pages.js';
import { GeneralLedgerPageModel } from './pages/general-ledger-page.js';
import { apiSession } from './support/api-session.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';
import { saveVouchers, twoLineVouchersOf } from './support/vouchers.js';

const YEAR = 2026;
const SET = '示范市总账演示工会';

const voucher = twoLineVouchersOf(YEAR);

test('the general ledger shows each month, opens its detail ledger, which exports every line', async ({ page, baseURL }) => {
  await ensureSet({ name: SET, code: 'E2E-LEDGER', system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
  await saveVouchers(accountant, [
    voucher(1, 8, '总账测试收会费', '101', '401', '3000.00'),
    voucher(3, 2, '总账测试慰问', '50102', '101', '800.00'),
    voucher(3, 20, '=1+2 总账测试', '50101', '101', '99.90'),
  ]);

  // Wide enough for every column (the grid renders only the columns in view).
  await page.setViewportSize({ width: 1760, height: 900 });
  await signInTo(page, 'kuaiji', SET, YEAR);
  const ledger = new GeneralLedgerPageModel(page);
  await ledger.goto();
  await ledger.query(1, 3, '101');
  // 101: January +3,000.00; February quiet; March -800.00 -99.90 → 2,100.10 借.
  await expect.poll(() => ledger.cell('101', 3, 'closingBalance')).toBe('2,100.10');
  expect(await ledger.cell('101', 1, 'debit')).toBe('3,000.00');
  expect(await ledger.cell('101', 2, 'openingBalance')).toBe('3,000.00');
  expect(await ledger.cell('101', 2, 'openingDirection')).toBe('借');
  expect(await ledger.cell('101', 3, 'credit')).toBe('899.90');
  expect(await ledger.cell('101', 3, 'yearDebit')).toBe('3,000.00');
  expect(await ledger.cell('101', 3, 'closingDirection')).toBe('借');
  await page.screenshot({ path: `${SCREENS_DIR}/general-ledger.png`, fullPage: true });

  // Double-click March: the detail ledger of 101 for March.
  await ledger.row('101', 3).locator('[col-id="period"]').first().dblclick();
  const detail = new DetailLedgerPageModel(page);
  await expect(detail.heading).toBeVisible();
  await expect(detail.subject).toContainText('101 库存现金');
  await expect(detail.summaries()).toHaveText(['期初余额', '总账测试慰问', '=1+2 总账测试', '本月合计', '本年累计']);

  // The toolbar's 导出Excel writes the whole range (every page) under the subject's name.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^明细账（101 库存现金）_.+_\d{4}年\d{2}(-\d{2})?月\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  expect(sheet.getCell('A1').value).toBe('明细账（101 库存现金）');
  const summaries: unknown[] = [];
  const balances: unknown[] = [];
  let header = 0;
  sheet.eachRow((row, n) => {
    if (header === 0) {
      if (row.getCell(1).value === '日期') header = n;
      return;
    }
    summaries.push(row.getCell(3).value);
    balances.push(row.getCell(7).value);
  });
  expect(summaries).toEqual(['期初余额', '总账测试慰问', '=1+2 总账测试', '本月合计', '本年累计']);
  expect(balances).toEqual([3000, 2200, 2100.1, 2100.1, 2100.1]);
  await page.screenshot({ path: `${SCREENS_DIR}/detail-ledger-export.png`, fullPage: true });
});
