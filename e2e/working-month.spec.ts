/**
 * Screens open where the work is: the demo set 示范市第一机械厂工会 has January closed, so voucher
 * entry, 凭证管理 and the books open on February, its working month, whatever today's date; a new
 * voucher moved into the closed January says why it cannot be saved and how to reach an open
 * month, and its period stays choosable.
 */
import { expect, test } from '@playwright/test';
import { TrialBalancePageModel } from './pages/books-pages.js';
import { ReportPageModel } from './pages/reports-pages.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { VoucherListPage } from './pages/voucher-list-page.js';
import { FACTORY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;
const WORKING = 2; // January is closed in the demo

test('every period picker opens on the first open month; a closed month explains itself', async ({ page }) => {
  await signInTo(page, 'kuaiji', FACTORY, YEAR);

  const list = new VoucherListPage(page);
  await list.goto();
  await expect(list.filters.getByLabel('起始月份')).toHaveValue(String(WORKING));
  await expect(list.filters.getByLabel('结束月份')).toHaveValue(String(WORKING));

  const trial = new TrialBalancePageModel(page);
  await trial.goto();
  await expect(trial.filters.getByLabel('开始月份')).toHaveValue(String(WORKING));
  await expect(trial.filters.getByLabel('结束月份')).toHaveValue(String(WORKING));

  const sheet = new ReportPageModel(page, '资产负债表');
  await sheet.goto();
  await expect(sheet.filters.getByLabel('结束月份')).toHaveValue(String(WORKING));

  const editor = new VoucherEditorPage(page);
  await editor.goto();
  expect(await editor.month()).toBe(WORKING);
  await expect(editor.saveButton).toBeEnabled();
  const note = page.getByRole('note');
  await expect(note).toHaveCount(0);

  // Into the closed January: read-only, told why and where to go; the period can still move.
  const period = page.getByLabel('会计期间');
  await period.selectOption('1');
  await expect(note).toContainText(`${YEAR}年1月已结账`);
  await expect(note).toContainText(`当前会计期间是${WORKING}月`);
  await expect(note).toContainText('反结账');
  await expect(editor.saveButton).toBeDisabled();
  await expect(period).toBeEnabled();
  await page.screenshot({ path: `${SCREENS_DIR}/voucher-closed-month.png` });

  await period.selectOption(String(WORKING));
  await expect(note).toHaveCount(0);
  await expect(editor.saveButton).toBeEnabled();
});
