/**
 * The adjustment vouchers of the transition (issue 22 §2) in the browser, in a 基层 set of its own (year 2022) whose
 * 2021 year-end figures are saved through the API first: the editor keyed without the mouse (summary, subject by
 * code, amount, Enter to the next line, = to balance, Ctrl+S), a standard adjustment template filled and refused
 * while unbalanced (the lines stay, the editor's message), then balanced and saved; the list dialog from the
 * worksheet's 调账凭证 button shows both, opens one with Enter, and deletes one after the confirmation.
 */
import { expect, test, type Page } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import type { ZeroVoucherSummary } from '../src/shared/api/schemas/transition-vouchers.js';
import { SAMPLES } from '../src/server/files/sample-files.js';
import { VoucherMessages } from '../src/shared/vouchers/messages.js';
import { ADJUSTMENT_VOUCHER_PATH } from '../src/shared/financial-state.js';
import { TransitionPage } from './pages/transition-page.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { apiSession } from './support/api-session.js';
import { SCREENS_DIR } from './support/demo.js';
import { signIn } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2022;
const SET = '示范衔接调账演示工会';

test.beforeAll(async ({ baseURL }) => {
  await ensureSet({ name: SET, code: 'E2E-TRANS-ZERO', system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
  const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
  const saved = await kuaiji.post(Paths.transitionSaveFigures, {
    balances: [
      { code: '102', amount: '50000.00' },
      { code: '162', amount: '20000.00' },
      { code: '331', amount: '50000.00' },
      { code: '301', amount: '20000.00' },
    ],
  });
  if (!saved.body.success) throw new Error(saved.body.errorMsg ?? 'figures not saved');
  // A run that comes again starts from no adjustment voucher.
  const list = await kuaiji.get<ZeroVoucherSummary[]>(Paths.certificateListZero);
  if (list.body.data.length > 0)
    await kuaiji.delete(Paths.deleteCertificateZero, { ids: list.body.data.map((v) => v.id).join(',') });
});

/** Signs in; the set asks 完成 / 调账 (its figures are saved, not reconciled): 调账 opens the worksheet. */
async function openWorksheet(page: Page): Promise<TransitionPage> {
  const selecting = await signIn(page, 'kuaiji');
  await selecting.choose(SET, YEAR);
  const ask = page.getByRole('dialog').filter({ hasText: '新旧制度衔接尚未完成，请完成衔接或调账' });
  await ask.getByRole('button', { name: '调账' }).click();
  const sheet = new TransitionPage(page);
  await expect(sheet.heading).toBeVisible();
  return sheet;
}

/** The voucher grid's page object serves the adjustment editor: the same grid, the same keys. */
function adjustmentEditor(page: Page): VoucherEditorPage {
  return new VoucherEditorPage(page);
}

async function chooseByCode(page: Page, editor: VoucherEditorPage, code: string): Promise<void> {
  await page.keyboard.type(code);
  await expect(editor.subjectList.getByRole('option', { selected: true })).toHaveText(new RegExp(`^${code} `));
  await page.keyboard.press('Enter');
}

test.describe.configure({ mode: 'serial' });

test('keys an adjustment voucher without the mouse, then a template refused while unbalanced and saved balanced', async ({
  page,
}) => {
  await openWorksheet(page);
  await page.goto(ADJUSTMENT_VOUCHER_PATH);
  const editor = adjustmentEditor(page);
  await expect(page.getByRole('heading', { name: '调账凭证' })).toBeVisible();
  await expect(editor.rows()).toHaveCount(6, { timeout: 15_000 });
  await expect(page.getByTestId('zero-voucher-number')).toHaveText('调-1');
  await expect(page.locator('.voucher-head')).toContainText('0期（衔接调账）');
  await expect(page.locator('.voucher-head')).toContainText('2022-01-01');

  // Catch-up depreciation: Dr 30104, Cr 163, the second amount by =.
  await editor.expectFocus(0, 'summary');
  await editor.typeText('补提折旧');
  await chooseByCode(page, editor, '30104');
  await editor.expectFocus(0, 'debitAmount');
  await page.keyboard.type('1200.50');
  await page.keyboard.press('Enter');
  await editor.expectFocus(1, 'summary');
  await expect(editor.cell(1, 'summary')).toHaveText('补提折旧');
  await page.keyboard.press('Enter');
  await chooseByCode(page, editor, '163');
  await page.keyboard.press('=');
  await expect(editor.cell(1, 'creditAmount')).toHaveText('1,200.50');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.voucher-status')).toContainText('已保存：调账凭证调-1');

  // A template: its lines filled, the cursor on the first amount; unbalanced, it is refused and kept.
  await page.getByRole('button', { name: '新增' }).click();
  await expect(page.getByTestId('zero-voucher-number')).toHaveText('调-2');
  await page.getByLabel('标准调账模板').selectOption({ label: '补提摊销' });
  await expect(editor.cell(0, 'subjectCode')).toContainText('30105');
  await expect(editor.cell(1, 'subjectCode')).toContainText('172');
  await editor.expectFocus(0, 'debitAmount');
  await page.keyboard.type('300');
  await page.keyboard.press('Enter');
  await editor.cell(1, 'creditAmount').click();
  await page.keyboard.type('299');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+s');
  await expect(editor.alert(VoucherMessages.unbalanced)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(editor.alert(VoucherMessages.unbalanced)).toHaveCount(0);
  await expect(editor.cell(0, 'debitAmount')).toHaveText('300.00');
  await expect(editor.cell(1, 'creditAmount')).toHaveText('299.00');
  await page.screenshot({ path: `${SCREENS_DIR}/transition-adjustment-editor.png` });
  await editor.cell(1, 'creditAmount').click();
  await page.keyboard.press('=');
  await expect(editor.cell(1, 'creditAmount')).toHaveText('300.00');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.voucher-status')).toContainText('已保存：调账凭证调-2');
});

test('the worksheet’s 调账凭证 dialog lists the vouchers, adds one by keyboard, opens one with Enter and deletes one', async ({
  page,
}) => {
  const sheet = await openWorksheet(page);
  await sheet.button('调账凭证').click();
  const dialog = page.getByRole('dialog', { name: '调账凭证' });
  const list = dialog.getByRole('table', { name: '调账凭证列表' });
  const rows = list.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('调-1');
  await expect(rows.nth(0)).toContainText('补提折旧');
  await expect(rows.nth(0)).toContainText('1,200.50');
  await expect(rows.nth(1)).toContainText('调-2');
  await expect(rows.nth(1)).toContainText('补提摊销');

  // 新增: the editor in the dialog, keyed without the mouse; saved, the list shows it.
  await dialog.getByRole('button', { name: '新增', exact: true }).click();
  const editor = adjustmentEditor(page);
  await expect(page.getByTestId('zero-voucher-number')).toHaveText('调-3');
  await editor.expectFocus(0, 'summary');
  await editor.typeText('核销代管经费');
  await chooseByCode(page, editor, '221');
  await page.keyboard.type('800');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await chooseByCode(page, editor, '102');
  await page.keyboard.press('=');
  await expect(editor.cell(1, 'creditAmount')).toHaveText('800.00');
  await page.keyboard.press('Control+s');
  await expect(dialog.locator('.voucher-status')).toHaveText('已保存：调账凭证调-3');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('核销代管经费');
  await page.screenshot({ path: `${SCREENS_DIR}/transition-adjustment-dialog.png` });

  // The file viewer: an attachment of 调-3 uploaded, the list counts it.
  await dialog.getByRole('button', { name: '调-3的附件' }).click();
  const files = page.getByRole('dialog', { name: '凭证附件 调-3' });
  await expect(files.getByText('暂无附件')).toBeVisible();
  await files
    .getByTestId('attachment-input')
    .setInputFiles({ name: '代管经费清理表.png', mimeType: 'image/png', buffer: SAMPLES.png });
  await expect(files.getByRole('button', { name: '代管经费清理表.png' })).toBeVisible();
  await files.getByRole('button', { name: '关闭' }).click();
  await expect(rows.nth(2)).toContainText('查看（1）');

  // Enter on a row opens it; 返回 comes back to the list.
  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('zero-voucher-number')).toHaveText('调-2');
  await expect(editor.cell(0, 'debitAmount')).toHaveText('300.00');
  await dialog.getByRole('button', { name: '返回', exact: true }).click();

  // 删除 the checked row after the confirmation: the later vouchers move down a number.
  await dialog.getByRole('checkbox', { name: '选择调-1' }).check();
  await dialog.getByRole('button', { name: '删除', exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定删除调账凭证调-1吗' });
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('.voucher-status')).toHaveText('已删除1张调账凭证');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('调-1');
  await expect(rows.nth(0)).toContainText('补提摊销');
  await expect(rows.nth(1)).toContainText('调-2');
  await expect(rows.nth(1)).toContainText('核销代管经费');
});
