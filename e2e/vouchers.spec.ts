/**
 * 凭证录入 in the browser, against the real server: an accountant keys a 4-line voucher with the
 * keyboard only and the bookkeepers' conventions (.., //, subject by pinyin initials, =, Space,
 * Enter carrying the summary), saves with Ctrl+S and lands on the next blank voucher with the
 * next number; a reviewer reviews it in the editor; the accountant then sees it read-only with
 * the seal. An unbalanced voucher is refused with the spec's message and keeps its lines; a
 * reload in the middle of typing keeps the draft; the right-click row operations and the help
 * panel. The spec marks 示范市实验中学工会 2026 initialised (voucher entry needs it) and puts the
 * set back afterwards.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import type { Voucher } from '../src/shared/api/vouchers.js';
import { VoucherMessages } from '../src/shared/vouchers/messages.js';
import { AttachmentDialogModel, PrintDialogModel } from './pages/attachments-print.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { ledgerSetId } from './support/database.js';
import { SCHOOL, SCREENS_DIR } from './support/demo.js';
import { apiSession } from './support/api-session.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;

function withDb(run: (db: Database.Database, zt: number) => void): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dir, 'ledger.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    run(db, ledgerSetId(SCHOOL));
  } finally {
    db.close();
  }
}

/** A last-level subject given auxiliary accounting (资金来源) for the auxiliary picker test. */
const AUXI_SUBJECT = '135';

function prepare(): void {
  withDb((db, zt) => {
    db.prepare('update zt_year set subjects_initialised = 1 where zt_id = ? and year = ?').run(zt, YEAR);
    db.prepare('insert into subject_auxi_type (zt_id, year, code, type_no) values (?, ?, ?, ?)').run(
      zt,
      YEAR,
      AUXI_SUBJECT,
      'ZJLY',
    );
  });
}

/** The set as the seed left it: no vouchers, subjects not initialised. */
function restore(): void {
  withDb((db, zt) => {
    for (const table of [
      'voucher_line_auxi',
      'voucher_line',
      'voucher_audit',
      'voucher',
      'voucher_counter',
      'voucher_summary',
      'voucher_template_line',
      'voucher_template',
      'subject_balance',
    ]) {
      db.prepare(`delete from ${table} where zt_id = ?`).run(zt);
    }
    db.prepare('update zt_year set subjects_initialised = 0 where zt_id = ? and year = ?').run(zt, YEAR);
    db.prepare('delete from subject_auxi_type where zt_id = ? and year = ? and code = ?').run(zt, YEAR, AUXI_SUBJECT);
  });
}

async function openEditor(page: Page, account: 'kuaiji' | 'shenhe'): Promise<VoucherEditorPage> {
  await signInTo(page, account, SCHOOL, YEAR);
  const editor = new VoucherEditorPage(page);
  await editor.goto();
  return editor;
}

test.describe.serial('vouchers', () => {
  test.beforeAll(() => {
    restore();
    prepare();
  });
  test.afterAll(restore);

  test('an accountant keys a 4-line voucher with the keyboard and the conventions, saves with Ctrl+S, lands on the next voucher', async ({
    page,
  }) => {
    const editor = await openEditor(page, 'kuaiji');
    const first = await editor.voucherNumber();
    // A new voucher starts on the date; Enter walks the header into line 1's summary.
    await editor.startLines();

    // Line 1: summary, 库存现金 by its initials, debit 1000, Enter starts line 2 with the summary.
    await editor.typeText('收到会费');
    await editor.expectFocus(0, 'subjectCode');
    await editor.chooseSubject('kcxj', '101 库存现金');
    await editor.expectFocus(0, 'debitAmount');
    await expect(editor.cell(0, 'subjectCode')).toContainText('101 库存现金');
    await expect(editor.cell(0, 'subjectCode')).toContainText('余额');
    await page.keyboard.type('1000');
    await page.keyboard.press('Enter');
    await editor.expectFocus(1, 'summary');
    await expect(editor.cell(1, 'summary')).toHaveText('收到会费');

    // Line 2: its own summary, 银行存款, debit 500.
    await editor.typeText('存入银行');
    await editor.chooseSubject('yhck', '102 银行存款');
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    await editor.expectFocus(2, 'summary');
    await expect(editor.cell(2, 'summary')).toHaveText('存入银行');

    // Line 3: // takes the first line's summary; 600 typed as a debit, Space moves it to credit.
    await page.keyboard.type('//');
    await page.keyboard.press('Enter');
    await expect(editor.cell(2, 'summary')).toHaveText('收到会费');
    await editor.chooseSubject('hfsr', '401 会费收入');
    await page.keyboard.type('600');
    await page.keyboard.press('Space');
    await editor.expectFocus(2, 'creditAmount');
    await expect(editor.cell(2, 'creditAmount')).toHaveText('600.00');
    await expect(editor.cell(2, 'debitAmount')).toHaveText('');
    await page.keyboard.press('Enter');
    await editor.expectFocus(3, 'summary');

    // Line 4: .. copies line 3's summary; = fills the amount that balances the voucher.
    await page.keyboard.type('..');
    await page.keyboard.press('Enter');
    await expect(editor.cell(3, 'summary')).toHaveText('收到会费');
    await editor.chooseSubject('bjjfsr', '402 拨缴经费收入');
    await page.keyboard.press('=');
    await editor.expectFocus(3, 'creditAmount');
    await expect(editor.cell(3, 'creditAmount')).toHaveText('900.00');
    await expect(editor.totalRow()).toContainText('合计：壹仟伍佰元整');
    await expect(editor.totalRow().locator('[col-id="debitAmount"]')).toHaveText('1,500.00');
    await expect(editor.totalRow().locator('[col-id="creditAmount"]')).toHaveText('1,500.00');
    await page.screenshot({ path: `${SCREENS_DIR}/voucher-editor.png` });

    await page.keyboard.press('Control+s');
    await expect(editor.status).toContainText(`第${first}号`);
    await expect.poll(() => editor.voucherNumber()).toBe(first + 1);
    await expect(editor.cell(0, 'summary')).toHaveText('');
    await expect(editor.date).toBeFocused();
  });

  test('a reviewer reviews it in the editor; the accountant can no longer change it', async ({ browser }) => {
    const reviewerPage = await browser.newPage();
    const reviewer = await openEditor(reviewerPage, 'shenhe');
    await reviewerPage.keyboard.press('PageUp');
    await expect(reviewer.cell(0, 'summary')).toHaveText('收到会费');
    await expect(reviewer.seal).toHaveCount(0);
    await reviewer.reviewButton.click();
    await expect(reviewer.seal).toBeVisible();
    await expect(reviewerPage.locator('.voucher-foot input').nth(2)).toHaveValue('王审核');
    await reviewerPage.close();

    const accountantPage = await browser.newPage();
    const accountant = await openEditor(accountantPage, 'kuaiji');
    await accountant.grid.locator('.ag-cell').first().click();
    await accountantPage.keyboard.press('PageUp');
    await expect(accountant.cell(3, 'subjectCode')).toContainText('402 拨缴经费收入');
    await expect(accountant.seal).toBeVisible();
    await expect(accountant.saveButton).toBeDisabled();
    await expect(accountant.cell(0, 'summary')).toHaveClass(/ufc-cell-readonly/);
    await accountant.cell(0, 'summary').click();
    await accountantPage.keyboard.type('改');
    await accountantPage.keyboard.press('Enter');
    await expect(accountant.cell(0, 'summary')).toHaveText('收到会费');
    await accountantPage.screenshot({ path: `${SCREENS_DIR}/voucher-reviewed.png` });
    await accountantPage.close();
  });

  test('an unbalanced voucher is refused with the spec message and keeps every line', async ({ page }) => {
    const editor = await openEditor(page, 'kuaiji');
    await editor.startLines();
    await editor.typeText('报销差旅费');
    await editor.chooseSubject('kcxj', '101 库存现金');
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await editor.chooseSubject('hfsr', '401 会费收入');
    await page.keyboard.press('Tab');
    await page.keyboard.type('90');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+s');
    await expect(editor.alert('借贷不平衡,请查看!')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(editor.alert('借贷不平衡,请查看!')).toHaveCount(0);
    await expect(editor.cell(0, 'summary')).toHaveText('报销差旅费');
    await expect(editor.cell(0, 'debitAmount')).toHaveText('100.00');
    await expect(editor.cell(1, 'subjectCode')).toContainText('401 会费收入');
    await expect(editor.cell(1, 'creditAmount')).toHaveText('90.00');

    // A subject that is not last level is marked at once with the spec's message.
    await editor.cell(2, 'subjectCode').click();
    await page.keyboard.type('131');
    await expect(editor.subjectList.getByRole('option').first()).toHaveText('131 应收上级经费');
    // The first last-level subject starts highlighted; ArrowUp goes to the parent above it.
    await page.keyboard.press('ArrowUp');
    await expect(editor.subjectList.getByRole('option', { selected: true })).toHaveText('131 应收上级经费');
    await page.keyboard.press('Enter');
    await expect(editor.cell(2, 'subjectCode')).toHaveClass(/ufc-cell-error/);
    await expect(editor.cell(2, 'subjectCode').locator('[title]').first()).toHaveAttribute('title', '请选择末级科目');
  });

  test('a reload in the middle of typing keeps the draft until it is discarded', async ({ page }) => {
    const editor = await openEditor(page, 'kuaiji');
    await editor.startLines();
    await editor.typeText('购买办公用品');
    await editor.chooseSubject('kcxj', '101 库存现金');
    // Down to line 2 without the carry: .. copies the previous line's summary.
    await editor.cell(1, 'summary').click();
    await page.keyboard.type('..');
    await page.keyboard.press('Enter');
    await expect(editor.cell(1, 'summary')).toHaveText('购买办公用品');
    await page.waitForTimeout(500);

    await page.reload();
    await editor.expectLoaded();
    await expect(editor.cell(0, 'summary')).toHaveText('购买办公用品');
    await expect(editor.cell(0, 'subjectCode')).toContainText('101 库存现金');
    await expect(editor.cell(1, 'summary')).toHaveText('购买办公用品');
    await expect(editor.status).toHaveText('已恢复未保存的草稿');

    await editor.discardDraftButton.click();
    await expect(editor.cell(0, 'summary')).toHaveText('');
    await expect(editor.discardDraftButton).toHaveCount(0);
    await page.reload();
    await editor.expectLoaded();
    await expect(editor.cell(0, 'summary')).toHaveText('');
  });

  test('right-click row operations on the voucher grid, and the help panel lists the conventions', async ({ page }) => {
    const editor = await openEditor(page, 'kuaiji');
    await editor.startLines();
    await editor.typeText('领取备用金');
    await editor.chooseSubject('kcxj', '101 库存现金');
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');

    await editor.runMenu(0, 'summary', '复制上一行');
    await expect(editor.alert('没有上一行数据')).toBeVisible();
    await page.keyboard.press('Enter');

    await editor.runMenu(1, 'summary', '复制上一行');
    await expect(editor.cell(1, 'subjectCode')).toContainText('101 库存现金');
    await expect(editor.cell(1, 'debitAmount')).toHaveText('300.00');

    await editor.runMenu(1, 'summary', '拆分行');
    await expect(editor.alert('此项无法拆分')).toBeVisible();
    await page.keyboard.press('Enter');

    await editor.runMenu(1, 'summary', '向上插入行');
    await expect(editor.rows()).toHaveCount(7);
    await expect(editor.cell(1, 'summary')).toHaveText('');
    await expect(editor.cell(2, 'debitAmount')).toHaveText('300.00');
    await editor.runMenu(2, 'summary', '向下插入行');
    await expect(editor.rows()).toHaveCount(8);
    await expect(editor.cell(3, 'summary')).toHaveText('');
    await editor.runMenu(3, 'summary', '删除行');
    await editor.runMenu(1, 'summary', '删除行');
    await expect(editor.rows()).toHaveCount(6);

    // Balance and save, then open it again: a saved line splits into a part after it.
    await editor.cell(1, 'debitAmount').click();
    await page.keyboard.press('Space');
    await expect(editor.cell(1, 'creditAmount')).toHaveText('300.00');
    await editor.cell(1, 'subjectCode').click();
    await editor.chooseSubject('hfsr', '401 会费收入');
    await page.keyboard.press('Control+s');
    await expect(editor.status).toContainText('已保存');
    await page.keyboard.press('PageUp');
    await expect(editor.cell(0, 'summary')).toHaveText('领取备用金');
    await expect(editor.seal).toHaveCount(0);
    await editor.runMenu(0, 'summary', '拆分行');
    await expect(editor.rows()).toHaveCount(7);
    await expect(editor.cell(1, 'summary')).toHaveText('领取备用金');
    await expect(editor.cell(1, 'subjectCode')).toContainText('101 库存现金');
    await expect(editor.cell(1, 'debitAmount')).toHaveText('');

    await editor.cell(0, 'summary').click();
    await page.keyboard.press('F1');
    const help = page.getByRole('dialog', { name: '快捷键帮助' });
    for (const text of ['..', '//', '=', 'Space', 'F12', 'Ctrl+N', 'PageUp', 'PageDown', 'F7', '复制上一行', '拆分行']) {
      await expect(help).toContainText(text);
    }
    await help.getByText('完成一行后回车：到下一行并带出摘要').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS_DIR}/voucher-help.png` });
    await page.keyboard.press('Escape');
  });

  test('common summaries: the manager refuses a repeat, the summary cell offers them as it is typed; the auxiliary picker opens by itself', async ({
    page,
  }) => {
    const editor = await openEditor(page, 'kuaiji');
    await page.getByRole('button', { name: '常用摘要' }).click();
    const manager = page.getByRole('dialog', { name: '常用摘要' });
    await manager.getByRole('button', { name: '新增摘要' }).click();
    await manager.getByRole('textbox', { name: '摘要1', exact: true }).fill('支付水电费');
    await manager.getByRole('button', { name: '新增摘要' }).click();
    await manager.getByRole('textbox', { name: '摘要2', exact: true }).fill('支付水电费');
    await manager.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '参数中有重复摘要' })).toBeVisible();
    await page.getByRole('dialog').filter({ hasText: '参数中有重复摘要' }).getByRole('button', { name: '确定' }).click();
    await manager.getByRole('button', { name: '删除摘要2' }).click();
    await manager.getByRole('button', { name: '保存' }).click();
    await expect(manager).toHaveCount(0);

    await editor.cell(0, 'summary').click();
    await page.keyboard.press('F2');
    await page.keyboard.insertText('水电');
    const summaries = page.getByRole('listbox', { name: '常用摘要' });
    await expect(summaries.getByRole('option')).toHaveText(['支付水电费']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(editor.cell(0, 'summary')).toHaveText('支付水电费');

    // A subject with auxiliary accounting: the picker opens by itself, its choice shows in the line.
    await page.keyboard.type(AUXI_SUBJECT);
    await expect(editor.subjectList.getByRole('option', { selected: true })).toHaveText('135 其他应收款');
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: '辅助核算' });
    await expect(picker).toBeVisible();
    // The items arrive from the server: wait for them before choosing with the keyboard.
    await expect(picker.locator('option', { hasText: '工会资金' })).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+Enter');
    await expect(picker).toHaveCount(0);
    await expect(editor.cell(0, 'auxis')).toHaveText('工会资金');
    await editor.expectFocus(0, 'debitAmount');

    // F7 opens the subject picker on the subject cell.
    await editor.cell(1, 'subjectCode').click();
    await page.keyboard.press('F7');
    await expect(page.getByRole('dialog', { name: '选择科目' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: '选择科目' })).toHaveCount(0);
  });

  test('F12 saves and opens a new voucher; a saved voucher is changed and keeps its number; PageUp, PageDown, Ctrl+N', async ({
    page,
  }) => {
    const editor = await openEditor(page, 'kuaiji');
    const number = await editor.voucherNumber();
    await editor.startLines();
    await editor.typeText('报销交通费');
    await editor.chooseSubject('kcxj', '101 库存现金');
    await page.keyboard.type('50');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await editor.chooseSubject('hfsr', '401 会费收入');
    await page.keyboard.press('=');
    await page.keyboard.press('F12');
    await expect(editor.status).toContainText(`第${number}号`);
    await expect.poll(() => editor.voucherNumber()).toBe(number + 1);

    await page.keyboard.press('PageUp');
    await expect(editor.cell(0, 'summary')).toHaveText('报销交通费');
    await expect.poll(() => editor.voucherNumber()).toBe(number);
    await editor.cell(0, 'debitAmount').click();
    await page.keyboard.type('80');
    await page.keyboard.press('Enter');
    await editor.cell(1, 'creditAmount').click();
    await page.keyboard.press('=');
    await expect(editor.cell(1, 'creditAmount')).toHaveText('80.00');
    await page.keyboard.press('Control+s');
    await expect(editor.status).toContainText(`第${number}号`);
    await expect.poll(() => editor.voucherNumber()).toBe(number + 1);

    // Opening it asks each subject's balance once, for the voucher's own month.
    const asked: URL[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === Paths.subjectBalance) asked.push(url);
    };
    const month = await editor.month();
    // The blank voucher on screen is moved to another month first: the balances follow the voucher opened.
    await page.getByLabel('会计期间').selectOption(String((month % 12) + 1));
    await editor.cell(0, 'summary').click();
    page.on('request', onRequest);
    await page.keyboard.press('PageUp');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(editor.cell(0, 'debitAmount')).toHaveText('80.00');
    await expect(editor.cell(0, 'subjectCode')).toContainText('余额');
    await expect(editor.cell(1, 'subjectCode')).toContainText('余额');
    page.off('request', onRequest);
    expect(asked.map((u) => u.searchParams.get('code')).sort()).toEqual(['101', '401']);
    expect(new Set(asked.map((u) => u.searchParams.get('month')))).toEqual(new Set([String(month)]));
    expect(await editor.month()).toBe(month);
    await page.keyboard.press('PageDown');
    await expect(editor.alert('已经是最后一张凭证')).toBeVisible();
    await page.keyboard.press('Enter');
    await editor.cell(0, 'summary').click();
    await page.keyboard.press('Control+n');
    await expect.poll(() => editor.voucherNumber()).toBe(number + 1);
    await expect(editor.cell(0, 'summary')).toHaveText('');
  });

  test('a template fills the lines, the lines are saved as a template, a saved voucher takes attachments and prints', async ({
    page,
  }) => {
    const editor = await openEditor(page, 'kuaiji');
    const toolbar = page.getByRole('toolbar', { name: '凭证操作' });
    // Nothing saved yet: attachments and printing wait for the save.
    await expect(toolbar.getByRole('button', { name: '附件' })).toBeDisabled();

    // A built-in template: its subjects come in, the amounts are left to the bookkeeper.
    await toolbar.getByRole('button', { name: '模板', exact: true }).click();
    const picker = page.getByRole('dialog', { name: '凭证模板' });
    const templates = picker.getByRole('listbox', { name: '模板列表' }).getByRole('option');
    await picker.getByLabel('按名称筛选模板').fill('提取现金');
    await expect(templates).toHaveCount(1);
    await expect(templates.first()).toContainText('内置');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(editor.cell(0, 'summary')).toHaveText('提取现金');
    await expect(editor.cell(0, 'subjectCode')).toContainText('101 库存现金');
    await expect(editor.cell(1, 'subjectCode')).toContainText('102 银行存款');
    await editor.cell(0, 'debitAmount').click();
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');
    await editor.cell(1, 'creditAmount').click();
    await page.keyboard.press('=');
    await expect(editor.cell(1, 'creditAmount')).toHaveText('300.00');

    // The lines as the set's own template (the spec's checks first).
    await toolbar.getByRole('button', { name: '存为模板' }).click();
    const saveDialog = page.getByRole('dialog', { name: '保存为模板' });
    await saveDialog.getByRole('button', { name: '保存' }).click();
    await expect(saveDialog.getByText('请输入模板名称！')).toBeVisible();
    await expect(saveDialog.getByText('请输入政策依据！')).toBeVisible();
    await saveDialog.getByLabel('模板名称').fill('每周备用金');
    await saveDialog.getByLabel('政策依据').fill('《工会会计制度》101 库存现金');
    await saveDialog.getByRole('button', { name: '保存' }).click();
    await expect(saveDialog).toHaveCount(0);
    await expect(page.locator('.mb-box', { hasText: '保存成功' })).toBeVisible();
    await page.locator('.mb-box', { hasText: '保存成功' }).getByRole('button', { name: '确定' }).click();

    const number = await editor.voucherNumber();
    await page.keyboard.press('Control+s');
    await expect(editor.status).toContainText(`第${number}号`);

    // The next voucher from the saved template keeps its amounts.
    await toolbar.getByRole('button', { name: '模板', exact: true }).click();
    await picker.getByLabel('按名称筛选模板').fill('每周备用金');
    await expect(templates).toHaveCount(1);
    await templates.first().dblclick();
    await expect(editor.cell(0, 'debitAmount')).toHaveText('300.00');
    await expect(editor.cell(1, 'creditAmount')).toHaveText('300.00');
    await toolbar.getByRole('button', { name: '模板', exact: true }).click();
    await picker.getByLabel('按名称筛选模板').fill('收到会员会费');
    await page.keyboard.press('Enter');
    // Lines would be lost: the editor asks first.
    const confirm = page.locator('.mb-box', { hasText: '使用模板将替换当前凭证的分录' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(editor.cell(0, 'debitAmount')).toHaveText('300.00');

    // The saved voucher (leaving the unsaved one): an attachment raises its document count; it prints.
    await toolbar.getByRole('button', { name: '上一张' }).click();
    const leave = page.locator('.mb-box', { hasText: '当前凭证尚未保存' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => editor.voucherNumber()).toBe(number);
    await toolbar.getByRole('button', { name: '附件' }).click();
    const attachments = new AttachmentDialogModel(page);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await attachments.upload({ name: '收据.png', buffer: png, mimeType: 'image/png' });
    await attachments.expectFiles(['收据.png']);
    await attachments.close();
    await expect(page.getByLabel('附单据')).toHaveValue('1');
    await toolbar.getByRole('button', { name: '打印' }).click();
    const print = new PrintDialogModel(page);
    await print.choosePaper(/240/);
    await print.expectRendered(1);
    await page.screenshot({ path: `${SCREENS_DIR}/voucher-editor-print.png` });
  });

  test('a voucher changed by another user meanwhile is refused with the message; the editor keeps the edits', async ({
    page,
    baseURL,
  }) => {
    const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
    const saved = await accountant.post<Voucher>(Paths.certificate, {
      year: YEAR,
      month: 6,
      pzDate: `${YEAR}-06-18`,
      certificateType: 1,
      numberOfDocument: 0,
      certiDetails: [
        { summary: '购买办公用品', subjectCode: '101', debitAmount: '60', creditAmount: null },
        { summary: '购买办公用品', subjectCode: '401', debitAmount: null, creditAmount: '60' },
      ],
    });
    expect(saved.body.success, saved.body.errorMsg ?? '').toBe(true);
    const v = saved.body.data;

    await signInTo(page, 'kuaiji', SCHOOL, YEAR);
    const editor = new VoucherEditorPage(page);
    await page.goto(`/accounting-management/voucher-management/voucherAdd?id=${encodeURIComponent(v.id)}`);
    await editor.expectLoaded();
    await expect(editor.cell(0, 'summary')).toHaveText('购买办公用品');

    // Meanwhile another user changes the voucher (the administrator, through the API).
    const other = await apiSession(baseURL ?? '', 'admin', SCHOOL, YEAR);
    const changed = await other.post<Voucher>(Paths.certificate, {
      year: YEAR,
      month: 6,
      pzDate: `${YEAR}-06-18`,
      certificateType: 1,
      numberOfDocument: 2,
      certiDetails: v.certiDetails.map((l) => ({ ...l, summary: '他人修改的摘要' })),
      id: v.id,
      revision: v.revision,
    });
    expect(changed.body.success, changed.body.errorMsg ?? '').toBe(true);

    // The accountant's edit of what they saw is refused; their lines stay on screen.
    await editor.cell(0, 'summary').click();
    await editor.typeText('我的修改');
    await expect(editor.cell(0, 'summary')).toHaveText('我的修改');
    await page.keyboard.press('Control+s');
    const refusal = editor.alert(VoucherMessages.changedByOthers);
    await expect(refusal).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/voucher-changed-by-others.png` });
    // The message waits to be read (no countdown).
    await expect(refusal).not.toContainText('自动关闭');
    await refusal.getByRole('button', { name: '确定' }).click();
    await expect(editor.cell(0, 'summary')).toHaveText('我的修改');
    await expect(editor.cell(0, 'debitAmount')).toHaveText('60.00');
    await expect.poll(() => editor.voucherNumber()).toBe(v.pzNo);
    await expect(editor.status).not.toContainText('已保存');
    // The other user's change stands.
    const stored = (await other.get<Voucher>(Paths.certificateDetail, { id: v.id })).body.data;
    expect(stored.certiDetails.map((l) => l.summary)).toEqual(['他人修改的摘要', '他人修改的摘要']);
    expect(stored.revision).toBe(v.revision + 1);
  });
});
