/**
 * 金额线 in the browser: the accountant turns it on in 凭证录入; the amount columns show the digit
 * header 亿 千 百 十 万 千 百 十 元 角 分 and an amount one digit a ruled column; the choice holds
 * after a reload (it is the user's own, kept in the browser) and turns off again. Works in FACTORY and saves nothing.
 */
import { expect, test } from '@playwright/test';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { FACTORY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;
const LABELS = '亿千百十万千百十元角分';

test('金额线 shows the amount columns as digit columns, kept for the user after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, 'kuaiji', FACTORY, YEAR);
  const editor = new VoucherEditorPage(page);
  await editor.goto();
  const toggle = page.getByRole('toolbar', { name: '凭证操作' }).getByLabel('金额线');
  const debitHeader = editor.grid.locator('.ag-header-cell[col-id="debitAmount"]');
  await expect(toggle).not.toBeChecked();
  await expect(debitHeader).not.toContainText(LABELS);

  await toggle.check();
  await expect(debitHeader).toContainText('借方金额');
  await expect(debitHeader).toContainText(LABELS);
  await expect(editor.grid.locator('.ag-header-cell[col-id="creditAmount"]')).toContainText(LABELS);

  await editor.cell(0, 'debitAmount').click();
  await page.keyboard.type('1234.56');
  await page.keyboard.press('Tab');
  const digits = editor.cell(0, 'debitAmount').locator('.ufc-ml-digit');
  await expect(digits).toHaveCount(11);
  await expect(digits).toHaveText(['', '', '', '', '', '1', '2', '3', '4', '5', '6']);
  // The total row writes the same digits under the same columns.
  await expect(editor.totalRow().locator('[col-id="debitAmount"] .ufc-ml-digit')).toHaveText([
    '',
    '',
    '',
    '',
    '',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
  ]);
  // Each digit column lines up with its label in the header.
  const label = await debitHeader.locator('.ufc-ml-digit').nth(8).boundingBox();
  const yuan = await digits.nth(8).boundingBox();
  expect(Math.abs((label?.x ?? 0) - (yuan?.x ?? 100))).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SCREENS_DIR}/voucher-money-lines.png` });

  await page.reload();
  await editor.expectLoaded();
  await expect(toggle).toBeChecked();
  await expect(debitHeader).toContainText(LABELS);

  await toggle.uncheck();
  await expect(debitHeader).not.toContainText(LABELS);
  await expect(editor.grid.locator('.ufc-ml-digit')).toHaveCount(0);
});
