/**
 * The funds chapter end to end, as issue 20 §5 tells it: a county federation configures two lower
 * unions' ratios on 上下级经费核算, keys six receipts and pastes six more into 经费录入 with the
 * keyboard, generates one union-fund voucher per receipt, and 经费上解台账 lists the twelve with
 * their shares and voucher numbers and opens a voucher. A county of its own (funds-sets.ts), so
 * no other spec meets its units or vouchers.
 */
import { expect, test } from '@playwright/test';
import { FundsAccountingPage, type OrgRatios } from './pages/funds-accounting-page.js';
import { FundsEntryPage } from './pages/funds-entry-page.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { clearFundsReceipts, markOpeningsInitialised } from './support/funds.js';
import { ensureFundsCounty } from './support/funds-sets.js';

const YEAR = 2026;
const MONTH = 11;
const REGISTER_PATH = '/funds-management/funds-register';

/** Each remits 20% of its funds: the county keeps 12 (or 10), owes 5 (or 6) upward and passes 3 (or 4) back down. */
const RATIOS: OrgRatios[] = [
  { bjRata: '12', bjsjRate: '5', hbRate: '3', jianhui: '0', small: '0', lc: '60', fee: '0', sum: '20' },
  { bjRata: '10', bjsjRate: '6', hbRate: '4', jianhui: '0', small: '0', lc: '60', fee: '0', sum: '20' },
];

test('a county configures two unions’ ratios, keys and pastes twelve receipts, generates their vouchers and finds them in the register', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { county, lowers } = await ensureFundsCounty('经费流程', '96');
  const [first, second] = lowers;
  if (!first || !second) throw new Error('two lower unions expected');
  markOpeningsInitialised(county.name, YEAR);
  clearFundsReceipts(county.name, YEAR, MONTH);
  await signInTo(page, 'kuaiji', county.name, YEAR);

  // 1. The two unions' ratios (a retry finds them configured and leaves them).
  const units = new FundsAccountingPage(page);
  await units.goto();
  for (const [i, lower] of lowers.entries()) {
    const r = RATIOS[i];
    if (!r) throw new Error('no ratios');
    if ((await page.getByRole('row').filter({ hasText: lower.name }).count()) > 0) continue;
    await units.startOrg(lower);
    await units.typeOrgRatios(r);
    await units.saveOrg(lower.name, r);
  }

  // 2. Twelve receipts: six keyed (unit by code or name, amount, date), six pasted from a bank statement.
  const funds = new FundsEntryPage(page);
  await funds.goto();
  await funds.period.selectOption(String(MONTH));
  await funds.cell(0, 'unitCode').click();
  const keyed: [string, string, string][] = [
    [first.code, '1000', '2026-11-02'],
    [second.name, '500', '2026-11-03'],
    [first.name, '250.55', '2026-11-04'],
    [second.code, '800', '2026-11-05'],
    [first.code, '99.99', '2026-11-06'],
    [second.code, '1200', '2026-11-09'],
  ];
  for (const [unit, amount, date] of keyed) await funds.key([unit, amount, date, null, null]);
  // 1,000.00 × 12/20, 5/20, 3/20.
  await expect(funds.cell(0, 'retainedAmount')).toHaveText('600.00');
  await expect(funds.cell(0, 'superiorOneAmount')).toHaveText('250.00');
  await expect(funds.cell(0, 'lowerAmount')).toHaveText('150.00');
  // 250.55 × 12/20 = 150.33 half-up; 250.55 × 5/20 = 62.6375 → 62.64; the last share takes 37.58.
  await expect(funds.cell(2, 'retainedAmount')).toHaveText('150.33');
  await expect(funds.cell(2, 'superiorOneAmount')).toHaveText('62.64');
  await expect(funds.cell(2, 'lowerAmount')).toHaveText('37.58');
  const pasted = [
    [first.name, '2,000.00', '2026/11/10'],
    [second.name, '300', '2026-11-11'],
    [first.code, '10.01', '2026-11-12'],
    [second.code, '45.5', '2026-11-13'],
    [first.code, '700', '2026-11-16'],
    [second.name, '1,000.00', '2026-11-17'],
  ];
  await funds.paste(pasted);
  await expect(funds.cell(11, 'fundsAmount')).toHaveText('1,000.00');
  // 3,850.54 keyed + 4,055.51 pasted.
  await expect(funds.total('fundsAmount')).toHaveText('7,906.05');
  await funds.saveByKeyboard();

  // 3. One voucher per receipt.
  await funds.generate(12);
  await page.keyboard.press('Escape');
  await expect(funds.cell(11, 'voucherText')).toHaveText(/^记-\d+$/);

  // 4. The register lists the twelve with their shares and numbers, and opens a voucher.
  await page.goto(`${REGISTER_PATH}?beginTime=${YEAR}-${MONTH}&endTime=${YEAR}-${MONTH}`);
  await expect(page.getByRole('heading', { name: '经费上解台账' })).toBeVisible();
  await expect(page.getByText('共 12 行')).toBeVisible();
  const grid = page.locator('.ufc-grid');
  const rows = grid.locator('.ag-row:not(.ag-row-pinned)');
  await expect(rows.filter({ hasText: '未生成' })).toHaveCount(0);
  const row = rows.filter({ hasText: '250.55' });
  await expect(row.locator('[col-id="unitName"]')).toHaveText(first.name);
  await expect(row.locator('[col-id="retained"]')).toHaveText('150.33');
  await expect(row.locator('[col-id="superiorOne"]')).toHaveText('62.64');
  await expect(row.locator('[col-id="lower"]')).toHaveText('37.58');
  await expect(row.locator('[col-id="voucherNo"]')).toHaveText(/^记-\d{4}$/);
  await expect(grid.locator('.ag-row-pinned [col-id="amount"]')).toHaveText('7,906.05');
  await page.screenshot({ path: `${SCREENS_DIR}/funds-flow-register.png`, fullPage: true });
  await row.locator('[col-id="unitName"]').dblclick();
  const editor = new VoucherEditorPage(page);
  await expect(editor.title).toBeVisible();
  await expect(editor.cell(0, 'subjectCode')).toContainText('102');
  await expect(editor.cell(1, 'subjectCode')).toContainText('402');
  await expect(editor.cell(2, 'subjectCode')).toContainText('211');
  await expect(editor.cell(3, 'subjectCode')).toContainText('21202');
  // The payables carry the paying union as their 经费单位 item (the 辅助核算 column).
  const lines = page.locator('.voucher-paper .ufc-grid .ag-row:not(.ag-row-pinned)');
  await expect(lines.filter({ hasText: '211 应付上级经费' })).toContainText(first.name);
  await expect(lines.filter({ hasText: '21202' })).toContainText(first.name);
  await page.screenshot({ path: `${SCREENS_DIR}/funds-flow-voucher.png` });
});
