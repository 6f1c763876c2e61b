/**
 * Every grid fits the bookkeeper's screen: at 1280×720 and 1440×900 the trial balance, voucher
 * list, voucher editor, balance sheet, detail ledger and opening balances show their key column
 * headers and their totals row inside the window (geometry, not pixels), and the voucher editor
 * shows at least eight whole lines with both totals. Each screen is saved for a person to look at
 * (test-results/screens/fit-*.png).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DetailLedgerPageModel, TrialBalancePageModel } from './pages/books-pages.js';
import { OpeningBalancePage } from './pages/opening-balance-page.js';
import { ReportPageModel } from './pages/reports-pages.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { VoucherListPage } from './pages/voucher-list-page.js';
import { FACTORY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

const TRIAL_COLUMNS = [
  'code',
  'codeName',
  'openingDebit',
  'openingCredit',
  'periodDebit',
  'periodCredit',
  'yearDebit',
  'yearCredit',
  'closingDebit',
  'closingCredit',
];
const LIST_COLUMNS = [
  'pzDate',
  'voucherNo',
  'summary',
  'subject',
  'debitTotal',
  'creditTotal',
  'numberOfDocument',
  'preparedBy',
  'reviewer',
  'status',
];

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The element's box, or null when it is not rendered. */
async function boxOf(locator: Locator): Promise<Box | null> {
  const b = await locator.boundingBox();
  return b ? { left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height } : null;
}

/** Whole inside the window (a pixel of rounding allowed). */
async function expectInWindow(page: Page, locator: Locator, what: string): Promise<void> {
  const size = page.viewportSize();
  if (!size) throw new Error('no viewport');
  const box = await boxOf(locator);
  expect(box, `${what} is shown`).not.toBeNull();
  if (!box) return;
  expect(box.left, `${what}: left edge`).toBeGreaterThanOrEqual(-1);
  expect(box.top, `${what}: top edge`).toBeGreaterThanOrEqual(-1);
  expect(box.right, `${what}: right edge inside ${size.width}`).toBeLessThanOrEqual(size.width + 1);
  expect(box.bottom, `${what}: bottom edge inside ${size.height}`).toBeLessThanOrEqual(size.height + 1);
}

/** Column headers (by col-id) lie inside the window and inside the grid's own visible width. */
async function expectHeaders(page: Page, grid: Locator, colIds: readonly string[]): Promise<void> {
  const gridBox = await boxOf(grid.locator('.ag-root-wrapper'));
  for (const id of colIds) {
    const header = grid.locator(`.ag-header-cell[col-id="${id}"]`).first();
    await expectInWindow(page, header, `header ${id}`);
    const box = await boxOf(header);
    if (box && gridBox) expect(box.right, `header ${id} inside the grid`).toBeLessThanOrEqual(gridBox.right + 1);
  }
}

/** The pinned totals row's cells lie inside the window. */
async function expectTotals(page: Page, grid: Locator, colIds: readonly string[]): Promise<void> {
  const row = grid.locator('.ag-row-pinned');
  await expect(row.first()).toBeVisible();
  for (const id of colIds) await expectInWindow(page, row.locator(`[col-id="${id}"]`), `total under ${id}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: `${SCREENS_DIR}/fit-${name}-${size?.width}x${size?.height}.png` });
}

/** Twelve lines pasted into a new voucher (a paste past the last line adds lines). */
function twelveLines(): string {
  const lines: string[] = [];
  for (let i = 1; i <= 6; i++) {
    lines.push(`第${i}笔提取现金\t101\t\t${i}00.00\t`);
    lines.push(`第${i}笔提取现金\t102\t\t\t${i}00.00`);
  }
  return lines.join('\n');
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test(`every grid shows its key columns and totals row at ${size.width}×${size.height}`, async ({ page }) => {
      await signInTo(page, 'kuaiji', FACTORY, 2026);

      const trial = new TrialBalancePageModel(page);
      await trial.goto();
      await trial.period(1, 3);
      await expect(trial.row('102')).toBeVisible();
      await expectHeaders(page, trial.grid, TRIAL_COLUMNS);
      for (const group of ['期初余额', '本期发生额', '本年累计发生额', '期末余额'])
        await expectInWindow(page, trial.grid.locator('.ag-header-group-cell', { hasText: group }), `group ${group}`);
      await expectTotals(page, trial.grid, ['codeName', 'closingDebit', 'closingCredit']);
      await shoot(page, 'trial-balance');

      const list = new VoucherListPage(page);
      await list.goto();
      await list.filters.getByLabel('起始月份').selectOption('1');
      await list.filters.getByLabel('结束月份').selectOption('3');
      await list.filters.getByRole('button', { name: '查询' }).click();
      await expect(list.row('记-0001').first()).toBeVisible();
      await expectHeaders(page, list.grid, LIST_COLUMNS);
      await expectTotals(page, list.grid, ['debitTotal', 'creditTotal']);
      await shoot(page, 'voucher-list');

      const sheet = new ReportPageModel(page, '资产负债表');
      await sheet.goto();
      await expect(sheet.nameCell('货币资金')).toBeVisible();
      await expectHeaders(page, sheet.grid, [
        'leftName',
        'leftNo',
        'leftOpening',
        'leftClosing',
        'rightName',
        'rightNo',
        'rightOpening',
        'rightClosing',
      ]);
      await shoot(page, 'balance-sheet');
      // A form is shown whole, as printed: its totals lines are its last, reached by scrolling the page.
      const total = sheet.nameCell('资产总计');
      await total.scrollIntoViewIfNeeded();
      await expectInWindow(page, total, '资产总计');
      await expectInWindow(page, sheet.grid.locator('[col-id="rightClosing"]').last(), '负债和净资产 期末余额');
      await shoot(page, 'balance-sheet-end');

      const ledger = new DetailLedgerPageModel(page);
      await ledger.goto();
      await ledger.query('102', 1, 3);
      await expect(ledger.line('提取现金备用')).toBeVisible();
      await expectHeaders(page, ledger.grid, ['date', 'voucherNo', 'summary', 'debit', 'credit', 'direction', 'balance']);
      await expectInWindow(page, ledger.grid.locator('.ag-grid-viewport'), 'the lines');
      await shoot(page, 'detail-ledger');

      const opening = new OpeningBalancePage(page);
      await opening.goto();
      await expectHeaders(page, opening.grid, ['code', 'codeName', 'balanceDirection', 'initAmount']);
      // The openings' totals are the trial panel above the grid.
      await expectInWindow(page, page.getByText('试算平衡', { exact: true }), 'the trial check');
      await expectInWindow(page, opening.grid.locator('.ag-grid-viewport'), 'the lines');
      await shoot(page, 'opening-balances');
    });

    test(`the voucher editor shows eight lines and both totals at ${size.width}×${size.height}`, async ({ page }) => {
      await signInTo(page, 'kuaiji', FACTORY, 2026);
      const editor = new VoucherEditorPage(page);
      await editor.goto();
      await editor.cell(0, 'summary').click();
      await editor.expectFocus(0, 'summary');
      await page.evaluate((text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      }, twelveLines());
      await expect(editor.rows()).toHaveCount(12);
      await expect(editor.cell(11, 'creditAmount')).toHaveText('600.00');
      await editor.cell(0, 'summary').click();

      await expectHeaders(page, editor.grid, ['summary', 'subjectCode', 'auxis', 'debitAmount', 'creditAmount']);
      await expectTotals(page, editor.grid, ['debitAmount', 'creditAmount']);
      await expect(editor.totalRow().locator('[col-id="debitAmount"]')).toHaveText('2,100.00');
      await expect(editor.totalRow().locator('[col-id="creditAmount"]')).toHaveText('2,100.00');

      // Whole lines in the window and in the grid's scrolled view.
      const whole = await editor.grid.evaluate((grid) => {
        // The lines scroll between the sticky header and the pinned totals row.
        const top = grid.querySelector('.ag-header')?.getBoundingClientRect().bottom;
        const totals = grid.querySelector('.ag-grid-pinned-bottom-rows')?.getBoundingClientRect().top;
        if (top === undefined || totals === undefined) return -1;
        const bottom = Math.min(totals, window.innerHeight);
        return [...grid.querySelectorAll('.ag-grid-scrolling-container .ag-row')].filter((row) => {
          const r = row.getBoundingClientRect();
          return r.top >= top - 1 && r.bottom <= bottom + 1;
        }).length;
      });
      expect(whole, 'whole voucher lines on screen').toBeGreaterThanOrEqual(8);
      await shoot(page, 'voucher-editor');
    });
  });
}
