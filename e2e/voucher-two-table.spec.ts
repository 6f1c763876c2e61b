/**
 * The two-table voucher in the browser: a ledger set on the government accounting system keys
 * its financial lines (1xxx-5xxx) and its budget lines (6xxx-8xxx) side by side; each table
 * balances on its own, so a voucher whose budget side is off is refused with the budget message
 * and keeps every line, and once both sides balance it saves. The spec creates the set (the demo
 * union has none on that system) and grants it to the accountant.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { VoucherMessages } from '../src/shared/vouchers/messages.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const GOVERNMENT_SET = '示范市总工会机关（政府会计）';

test.beforeAll(async () => {
  await ensureSet({ name: GOVERNMENT_SET, code: 'E2E-GOV', system: 'government', year: YEAR, users: ['kuaiji'] });
});

function table(page: Page, label: '财务会计' | '预算会计') {
  const grid = page.getByRole('region', { name: label }).locator('.ufc-grid');
  return {
    cell: (row: number, field: string): Locator =>
      grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${row}"] [col-id="${field}"]`),
    total: (field: string): Locator => grid.locator(`.ag-row-pinned [col-id="${field}"]`),
  };
}

test('a government set keys a two-table voucher: each side balances on its own', async ({ page }) => {
  await signInTo(page, 'kuaiji', GOVERNMENT_SET, YEAR);
  const editor = new VoucherEditorPage(page);
  await page.goto(VOUCHER_ADD_PATH);
  await expect(editor.title).toBeVisible();
  const financial = table(page, '财务会计');
  const budget = table(page, '预算会计');
  await expect(page.getByRole('heading', { name: '财务会计' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '预算会计' })).toBeVisible();

  // Financial side: 业务活动费用 against 银行存款, balanced with =.
  await financial.cell(0, 'summary').click();
  await editor.typeText('支付办公费');
  await editor.chooseSubject('5001', '5001 业务活动费用');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await editor.chooseSubject('1002', '1002 银行存款');
  await page.keyboard.press('=');
  await expect(financial.cell(1, 'creditAmount')).toHaveText('100.00');

  // Budget side: 行政支出 100 against 资金结存 90 — off by 10.
  await budget.cell(0, 'summary').click();
  await editor.typeText('支付办公费');
  await editor.chooseSubject('7101', '7101 行政支出');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await editor.chooseSubject('8001', '8001 资金结存');
  await page.keyboard.type('90');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(budget.cell(1, 'creditAmount')).toHaveText('90.00');

  const number = await editor.voucherNumber();
  await page.keyboard.press('Control+s');
  await expect(page.locator('.mb-box', { hasText: VoucherMessages.unbalancedBudget })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/voucher-two-table.png` });
  await page.locator('.mb-box', { hasText: VoucherMessages.unbalancedBudget }).getByRole('button', { name: '确定' }).click();
  // Nothing lost: both tables keep their lines.
  await expect(financial.cell(0, 'debitAmount')).toHaveText('100.00');
  await expect(budget.cell(1, 'creditAmount')).toHaveText('90.00');

  await budget.cell(1, 'creditAmount').click();
  await page.keyboard.press('=');
  await expect(budget.cell(1, 'creditAmount')).toHaveText('100.00');
  await page.keyboard.press('Control+s');
  await expect(editor.status).toContainText(`第${number}号`);
  await expect.poll(() => editor.voucherNumber()).toBe(number + 1);
});
