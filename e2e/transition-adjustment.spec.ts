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
import { VoucherMessages } from '../src/shared/vouchers/messages.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { apiSession } from './support/api-session.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2022;
const SET = '示范衔接调账演示工会';
const EDITOR_PATH = '/accounting-management/transition/adjustment-voucher';

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

/** The voucher grid's page object serves the adjustment editor: the same grid, the same keys. */
function adjustmentEditor(page: Page): VoucherEditorPage {
  return new VoucherEditorPage(page);
}

async function chooseByCode(page: Page, editor: VoucherEditorPage, code: string): Promise<void> {
  await page.keyboard.type(code);
  await expect(editor.subjectList.getByRole('option', { selected: true })).toHaveText(new RegExp(`^${code} `));
  await page.keyboard.press('Enter');
}

test('keys an adjustment voucher without the mouse, then a template refused while unbalanced and saved balanced', async ({
  page,
}) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto(EDITOR_PATH);
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
