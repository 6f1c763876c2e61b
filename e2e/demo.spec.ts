/**
 * The demo as a newcomer meets it after `npm start`: 示范市第一机械厂工会 2026 lists the first
 * quarter's vouchers in 凭证管理 (January's eleven booked, its carry-forward among them), its trial
 * balance balances with the figures the vouchers make, its balance sheet balances, and 期末结账 shows
 * January closed and February next, waiting for its carry-forward. Later specs write vouchers into
 * February and March of the set, so the exact figures read here are January's: a closed month.
 */
import { expect, test } from '@playwright/test';
import { formatFen } from '../src/shared/money.js';
import { yuanToFen } from '../src/shared/vouchers/amounts.js';
import { FACTORY_OPENINGS, FACTORY_VOUCHERS } from '../src/server/seed/demo-factory.js';
import { TrialBalancePageModel } from './pages/books-pages.js';
import { ReportPageModel } from './pages/reports-pages.js';
import { VOUCHER_LIST_PATH, VoucherListPage } from './pages/voucher-list-page.js';
import { FACTORY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;
const CLOSE_PATH = '/accounting-management/monthly/close';

/** 银行存款 at the end of January from the demo's data: its opening and January's lines. */
function bankAtJanuaryEnd(): number {
  const fen = (yuan: string | null) => {
    if (yuan === null) return 0;
    const parsed = yuanToFen(yuan);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.fen;
  };
  const opening = FACTORY_OPENINGS.find((o) => o.code === '102')?.fen ?? 0;
  return FACTORY_VOUCHERS.filter((v) => v.date.startsWith(`${YEAR}-01`))
    .flatMap((v) => v.lines)
    .filter(([code]) => code === '102')
    .reduce((sum, [, debit, credit]) => sum + fen(debit) - fen(credit), opening);
}

test('the demo set shows its vouchers, balanced books and January closed', async ({ page }) => {
  await page.setViewportSize({ width: 1760, height: 900 });
  await signInTo(page, 'kuaiji', FACTORY, YEAR);

  // 凭证管理, January: ten vouchers and the carry-forward, all booked.
  const list = new VoucherListPage(page);
  await page.goto(`${VOUCHER_LIST_PATH}?beginMonth=1&endMonth=1`);
  await expect(list.heading).toBeVisible();
  await expect(page.getByText('已选 0 张 / 共 11 张')).toBeVisible();
  expect(await list.status('记-0001')).toBe('已记账');
  expect(await list.status('记-0011')).toBe('已记账');
  await expect(list.row('记-0011')).toContainText('结转本期');
  // The quarter: every month has vouchers.
  await page.goto(`${VOUCHER_LIST_PATH}?beginMonth=1&endMonth=3`);
  await expect(page.getByText(/已选 0 张 \/ 共 (2[7-9]|[3-9]\d) 张/)).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/demo-voucher-list.png` });

  // 科目余额表 of January: balanced, and 银行存款 as the openings and vouchers make it.
  const trial = new TrialBalancePageModel(page);
  await trial.goto();
  await trial.period(1, 1);
  await expect(trial.check).toContainText('试算平衡');
  await expect.poll(() => trial.cell('102', 'closingDebit')).toBe(formatFen(bankAtJanuaryEnd(), { thousands: true }));
  await trial.period(1, 3);
  await expect(trial.check).toContainText('试算平衡');
  await page.screenshot({ path: `${SCREENS_DIR}/demo-trial-balance.png` });

  // 资产负债表 of the quarter: balances, with figures.
  const sheet = new ReportPageModel(page, '资产负债表');
  await sheet.goto();
  await sheet.period(1, 3);
  await expect(sheet.check).toContainText('报表平衡');
  await expect.poll(() => sheet.figure('资产总计', 'Closing')).toMatch(/^[1-9][\d,]*\.\d\d$/);
  await page.screenshot({ path: `${SCREENS_DIR}/demo-balance-sheet.png`, fullPage: true });

  // 期末结账: January closed, February next, its income and expense not yet carried.
  await page.goto(CLOSE_PATH);
  await expect(page.getByRole('heading', { name: '期末结账' })).toBeVisible();
  await expect(page.getByRole('list', { name: '各月结账状态' }).getByRole('listitem').first()).toContainText('已结账');
  await expect(page.getByLabel('结账月份')).toHaveValue('2');
  await expect(page.getByRole('table', { name: '规范性检查' }).getByRole('row', { name: '收支结转' })).toContainText('未通过');
  await page.screenshot({ path: `${SCREENS_DIR}/demo-close.png`, fullPage: true });
});
