/**
 * Attachments and printing in the browser, on vouchers saved through the real server: from
 * 凭证管理 the accountant opens 附件 of a voucher, uploads an image and a PDF (the attached-
 * document count follows), previews both (the PDF drawn by pdfjs-dist), sees a renamed
 * executable and a bad extension refused, deletes one; then prints two vouchers, and the test
 * looks at the drawn page as an image: the paper's proportions (A4, then 240 × 140 mm), ink in
 * the title region, a blank binding margin.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CAPTCHA_KEY_HEADER, Paths } from '../src/shared/api/paths.js';
import type { LogOnResponse } from '../src/shared/api/auth.js';
import type { FileRelation } from '../src/shared/api/files.js';
import type { Voucher } from '../src/shared/api/vouchers.js';
import { FileMessages } from '../src/shared/files/upload-rules.js';
import { ApiClient } from '../src/server/test-support/api-client.js';
import { SAMPLES } from '../src/server/files/sample-files.js';
import { AttachmentDialogModel, lookAtCanvas, PrintDialogModel } from './pages/attachments-print.js';
import { captchaAnswer, ledgerSetId } from './support/database.js';
import { ACCOUNTS, SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;
const LIST_PATH = '/accounting-management/voucher-management/voucherList';
/** The list opens on the set's working month: its first month not closed (nothing is closed in SCHOOL). */
const MONTH = 1;
const DATE = `${YEAR}-${String(MONTH).padStart(2, '0')}-05`;

/**
 * Sets whether the set's subjects count as initialised (initialised: the financial check leaves
 * the pages alone); answers the value it had.
 */
function setSubjectsInitialised(value: number): number {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'ledger.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const zt = ledgerSetId(SCHOOL);
    const row = db.prepare('select subjects_initialised as v from zt_year where zt_id = ? and year = ?').get(zt, YEAR) as {
      v: number;
    };
    db.prepare('update zt_year set subjects_initialised = ? where zt_id = ? and year = ?').run(value, zt, YEAR);
    return row.v;
  } finally {
    db.close();
  }
}

/** An administrator's API session on the set (the browser's accountant session is not disturbed). */
async function adminSession(baseURL: string): Promise<ApiClient> {
  const client = new ApiClient(baseURL);
  const response = await fetch(new URL(Paths.getValidateCode, baseURL));
  await response.text();
  const key = response.headers.get(CAPTCHA_KEY_HEADER) ?? '';
  const login = await client.post<LogOnResponse>(Paths.logOn, {
    loginName: ACCOUNTS.admin.loginName,
    password: ACCOUNTS.admin.password,
    captcha: captchaAnswer(key),
    captchaKey: key,
  });
  client.token = login.body.data.token;
  client.signKey = login.body.data.signKey;
  const chosen = await client.post(Paths.setUserZtLevel, { ztId: ledgerSetId(SCHOOL), year: YEAR });
  if (!chosen.body.success) throw new Error(chosen.body.errorMsg ?? 'setUserZtLevel failed');
  return client;
}

test.describe.serial('attachments and printing', () => {
  let api: ApiClient;
  let initialised = 0;
  const vouchers: Voucher[] = [];

  test.beforeAll(async ({ baseURL }) => {
    initialised = setSubjectsInitialised(1);
    api = await adminSession(baseURL ?? '');
    for (const [summary, amount] of [
      ['收到工会经费拨款', '12345.67'],
      ['支付职工文体活动费', '800'],
    ] as const) {
      const saved = await api.post<Voucher>(Paths.certificate, {
        year: YEAR,
        month: MONTH,
        pzDate: DATE,
        certificateType: 1,
        numberOfDocument: 0,
        certiDetails: [
          { summary, subjectCode: '101', debitAmount: amount, creditAmount: null },
          { summary, subjectCode: '401', debitAmount: null, creditAmount: amount },
        ],
      });
      if (!saved.body.success) throw new Error(saved.body.errorMsg ?? 'save failed');
      vouchers.push(saved.body.data);
    }
  });

  // Leaves the set as it was for the specs that follow: no attachments, no vouchers of ours.
  test.afterAll(async () => {
    for (const v of vouchers) {
      for (const file of (await api.get<FileRelation[]>(Paths.fileRelation, { voucherId: v.id })).body.data ?? [])
        await api.delete(Paths.fileRelation, { fileId: file.fileId });
    }
    // Each as it is now (the specs may have changed it): its id and current revision.
    const details = [];
    for (const v of vouchers) {
      const now = (await api.get<Voucher>(Paths.certificateDetail, { id: v.id })).body.data;
      details.push({ id: now.id, revision: now.revision });
    }
    const deleted = await api.delete(Paths.certificate, { year: YEAR, details: JSON.stringify(details) });
    if (!deleted.body.success) throw new Error(deleted.body.errorMsg ?? 'delete failed');
    setSubjectsInitialised(initialised);
  });

  test.beforeEach(async ({ page }) => {
    await signInTo(page, 'kuaiji', SCHOOL, YEAR);
    await page.goto(LIST_PATH);
    await expect(page.getByRole('gridcell', { name: '收到工会经费拨款' }).first()).toBeVisible();
  });

  test('attachments: upload, count, preview, refusals, delete', async ({ page }) => {
    const pdf = (await api.download(Paths.certificatePrint, { ids: vouchers[1]!.id, paper: 'voucher' })).bytes;
    await page.getByRole('gridcell', { name: '收到工会经费拨款' }).first().click();
    await page.getByRole('button', { name: '附件', exact: true }).click();
    const files = new AttachmentDialogModel(page);
    await expect(files.dialog).toBeVisible();
    await expect(files.dialog.getByText('暂无附件')).toBeVisible();

    await files.upload({ name: '发票.png', buffer: SAMPLES.png }, { name: '活动方案.pdf', buffer: Buffer.from(pdf) });
    await files.expectFiles(['发票.png', '活动方案.pdf']);
    const detail = await api.get<Voucher>(Paths.certificateDetail, { id: vouchers[0]!.id });
    expect(detail.body.data.numberOfDocument).toBe(2);

    // a renamed executable: refused by the server's content check
    await files.upload({ name: '报销单.pdf', buffer: SAMPLES.exe });
    await files.acknowledge(FileMessages.contentMismatch('报销单.pdf'));
    // a bad extension: refused before sending
    await files.upload({ name: 'setup.exe', buffer: SAMPLES.exe });
    await files.acknowledge(FileMessages.badType);
    await files.expectFiles(['发票.png', '活动方案.pdf']);

    // the PDF previews through pdfjs-dist
    await files.row('活动方案.pdf').getByRole('button', { name: '活动方案.pdf' }).click();
    const preview = page.getByRole('dialog', { name: '活动方案.pdf' });
    await expect(preview.locator('canvas.pdf-page[data-rendered="true"]')).toHaveCount(1, { timeout: 20_000 });
    const look = await lookAtCanvas(preview.locator('canvas.pdf-page'), [[0, 0, 1, 1]]);
    expect(look.ink[0]).toBeGreaterThan(0.005);
    await page.screenshot({ path: `${SCREENS_DIR}/attachment-pdf-preview.png` });
    await preview.getByRole('button', { name: '关闭' }).click();

    // the image previews as it is
    await files.row('发票.png').getByRole('button', { name: '发票.png' }).click();
    const image = page.getByRole('dialog', { name: '发票.png' }).getByRole('img', { name: '发票.png' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.getByRole('dialog', { name: '发票.png' }).getByRole('button', { name: '关闭' }).click();

    await files.row('发票.png').getByRole('button', { name: '删除' }).click();
    await files.acknowledge('确定删除附件“发票.png”吗？');
    await files.expectFiles(['活动方案.pdf']);
    await page.screenshot({ path: `${SCREENS_DIR}/attachments.png` });
    await files.close();
  });

  test('printing: two vouchers, A4 then voucher paper, the page checked as an image', async ({ page }) => {
    // select both with the keyboard: Space on the focused row, down, Space
    await page.getByRole('gridcell', { name: '收到工会经费拨款' }).first().click();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('voucher-selection')).toContainText('已选 2 张');
    await page.getByRole('button', { name: '打印', exact: true }).click();
    const print = new PrintDialogModel(page);
    await expect(print.dialog).toContainText('打印凭证（2 张）');
    await expect(print.dialog.getByRole('radio', { name: /A4/ })).toBeChecked();
    // A4: both vouchers on one sheet
    await print.expectRendered(1);
    const a4 = await lookAtCanvas(print.pages.first(), [[0, 0, 1, 1]]);
    expect(a4.height / a4.width).toBeCloseTo(297 / 210, 2);
    expect(a4.ink[0]).toBeGreaterThan(0.003);
    await page.screenshot({ path: `${SCREENS_DIR}/print-a4.png` });

    await print.choosePaper(/凭证纸/);
    // voucher paper: one voucher a page
    await print.expectRendered(2);
    // regions: whole page; the title 记账凭证 (top centre); the binding margin (left 5%, middle)
    const slip = await lookAtCanvas(print.pages.first(), [
      [0, 0, 1, 1],
      [0.38, 0.04, 0.62, 0.13],
      [0, 0.3, 0.05, 0.7],
    ]);
    expect(slip.height / slip.width).toBeCloseTo(140 / 240, 2);
    expect(slip.ink[0]).toBeGreaterThan(0.01);
    expect(slip.ink[1]).toBeGreaterThan(0.05);
    expect(slip.ink[2]).toBe(0);
    await page.screenshot({ path: `${SCREENS_DIR}/print-voucher-paper.png` });
    await print.dialog.getByRole('button', { name: '关闭' }).click();
    await expect(print.dialog).toHaveCount(0);
  });
});
