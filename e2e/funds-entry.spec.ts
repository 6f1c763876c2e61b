/**
 * 经费录入 in the browser: at the city federation, a bookkeeper keys six receipts of two lower
 * unions with the keyboard (unit by code or by name, amount, date; the counterpart subject
 * carried), pastes six more copied from a spreadsheet, sees each row's shares and the totals
 * computed, inserts and deletes a row from the right-click menu, saves with Ctrl+S, generates one union-fund voucher per receipt and opens the first
 * in the voucher editor: Dr 银行存款, Cr 拨缴经费收入, 应付上级经费 and 应付下级转拨经费 with the unit.
 * The units and their ratios are written into the database (the funds accounting page is another
 * part of the issue); their codes are this spec's own, and it works in a month of its own.
 */
import { expect, test } from '@playwright/test';
import { FundsEntryPage } from './pages/funds-entry-page.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { clearFundsReceipts, seedFundsUnits } from './support/funds.js';

const YEAR = 2026;
const MONTH = 10;
const SET = '示范市总工会';
const EAST = { code: '8801', name: '城东机械厂工会', retained: 60, superiorOne: 30, lower: 10 };
const WEST = { code: '8802', name: '城西纺织厂工会', retained: 40, superiorOne: 60, lower: 0 };

test.describe('经费录入', () => {
  test.beforeAll(() => {
    seedFundsUnits(SET, YEAR, [EAST, WEST]);
    clearFundsReceipts(SET, YEAR, MONTH);
  });

  test('keys and pastes twelve receipts, saves, generates the vouchers and opens one for review', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInTo(page, 'admin', SET, YEAR);
    const funds = new FundsEntryPage(page);
    await funds.goto();
    await funds.period.selectOption(String(MONTH));
    await expect(funds.period).toHaveValue(String(MONTH));
    await funds.cell(0, 'unitCode').click();
    await expect.poll(() => funds.focused()).toEqual({ row: '0', field: 'unitCode' });

    // Six receipts by keyboard: unit (code or name), amount, date; the counterpart subject 102 is carried; no summary.
    const keyed: [string, string, string][] = [
      [EAST.code, '1000.01', '2026-10-08'],
      [WEST.name, '500', '2026-10-09'],
      [EAST.name, '250.5', '2026-10-10'],
      [WEST.code, '800', '2026-10-11'],
      [EAST.code, '99.99', '2026-10-12'],
      [WEST.code, '1200', '2026-10-13'],
    ];
    for (const [unit, amount, date] of keyed) await funds.key([unit, amount, date, null, null]);
    await expect(funds.cell(1, 'unitCode')).toHaveText(WEST.name);
    await expect(funds.cell(0, 'retainedAmount')).toHaveText('600.01');
    await expect(funds.cell(0, 'superiorOneAmount')).toHaveText('300.00');
    await expect(funds.cell(0, 'lowerAmount')).toHaveText('100.00');
    await expect(funds.cell(1, 'superiorOneAmount')).toHaveText('300.00');
    await expect.poll(() => funds.focused()).toEqual({ row: '6', field: 'unitCode' });

    // Six more pasted from a spreadsheet (a bank statement: unit, amount, date), past the rows shown.
    const pasted = [
      [EAST.name, '2,000.00', '2026/10/14'],
      [WEST.name, '300', '2026-10-15'],
      [EAST.code, '10.01', '2026-10-16'],
      [WEST.code, '45.5', '2026-10-17'],
      [EAST.code, '700', '2026-10-18'],
      [WEST.name, '1,000.00', '2026-10-19'],
    ];
    await funds.paste(pasted);
    await expect(funds.cell(11, 'fundsAmount')).toHaveText('1,000.00');
    await expect(funds.cell(6, 'auxiliaryDateTime')).toHaveText('2026-10-14');
    await expect(funds.cell(11, 'bankCode')).toHaveText('102');
    // 3,850.50 keyed + 4,055.51 pasted.
    await expect(funds.total('fundsAmount')).toHaveText('7,906.01');
    await page.screenshot({ path: `${SCREENS_DIR}/funds-entry.png` });

    // Right-click row operations: a row inserted below the third, then deleted again.
    const menu = page.getByRole('menu', { name: '表格操作' });
    await funds.cell(2, 'fundsAmount').click({ button: 'right' });
    await menu.getByRole('menuitem', { name: /^向下插入行/ }).click();
    await expect(funds.cell(3, 'fundsAmount')).toHaveText('');
    await expect(funds.cell(4, 'fundsAmount')).toHaveText('800.00');
    await funds.cell(3, 'fundsAmount').click({ button: 'right' });
    await menu.getByRole('menuitem', { name: /^删除行/ }).click();
    await expect(funds.cell(3, 'fundsAmount')).toHaveText('800.00');
    await expect(funds.total('fundsAmount')).toHaveText('7,906.01');

    await funds.saveByKeyboard();

    const done = await funds.generate(12);
    await expect(funds.cell(0, 'unitCode')).toHaveText(EAST.name);
    await expect(funds.cell(0, 'voucherText')).toHaveText(/^记-\d+$/);
    await expect(funds.cell(11, 'voucherText')).toHaveText(/^记-\d+$/);
    await done.getByRole('button', { name: '打开凭证审阅' }).press('Enter');

    await expect(page).toHaveURL(/voucherAdd\?id=/);
    const lines = page.locator('.ufc-grid .ag-row:not(.ag-row-pinned)');
    await expect(lines.filter({ hasText: '102' }).first()).toContainText('1,000.01');
    await expect(lines.filter({ hasText: '402' }).first()).toContainText('600.01');
    await expect(lines.filter({ hasText: '21202' }).first()).toContainText(EAST.name);
    await page.screenshot({ path: `${SCREENS_DIR}/funds-entry-voucher.png` });
  });
});
