/**
 * 凭证管理 in the browser: vouchers keyed through the real API by the accountant are found with
 * the summary filter, ticked, reviewed and booked by the reviewer (status booked before reviewed),
 * opened by double-click in the preview that steps through them, and one is deleted after the
 * confirmation. Works in SCHOOL so the voucher-entry specs keep FACTORY to themselves.
 */
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Paths } from '../src/shared/api/paths.js';
import type { SaveVoucherRequest, Voucher } from '../src/shared/api/vouchers.js';
import { VoucherMessages } from '../src/shared/vouchers/messages.js';
import { VoucherListPage } from './pages/voucher-list-page.js';
import { apiSession } from './support/api-session.js';
import { SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;
/** The list opens on the set's working month: its first month not closed (nothing is closed in SCHOOL). */
const MONTH = 1;
const DATE = `${YEAR}-${String(MONTH).padStart(2, '0')}-10`;
const TAG = '列表测试';

function voucher(summary: string, yuan: string): SaveVoucherRequest {
  return {
    year: YEAR,
    month: MONTH,
    pzDate: DATE,
    certificateType: 1,
    numberOfDocument: 1,
    certiDetails: [
      { summary, subjectCode: '101', debitAmount: yuan, creditAmount: null },
      { summary, subjectCode: '102', debitAmount: null, creditAmount: yuan },
    ],
  };
}

test('a reviewer finds, reviews, books, previews and the accountant deletes vouchers in the list', async ({ page, baseURL }) => {
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
  const saved: Voucher[] = [];
  for (const [summary, yuan] of [
    [`${TAG}提取备用金`, '500.00'],
    [`${TAG}提取差旅借款`, '1200.50'],
    [`${TAG}提取零用金`, '80'],
  ] as const) {
    const answer = await accountant.post<Voucher>(Paths.certificate, { ...voucher(summary, yuan) });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    saved.push(answer.body.data);
  }
  const no = (v: Voucher) => `${v.entry}-${String(v.pzNo).padStart(4, '0')}`;
  const [first, second, third] = saved;
  if (!first || !second || !third) throw new Error('vouchers not saved');

  await signInTo(page, 'shenhe', SCHOOL, YEAR);
  const list = new VoucherListPage(page);
  await list.goto();

  // Nothing ticked: the batch buttons say so.
  await list.button('审核').click();
  await expect(page.getByRole('dialog').getByText(VoucherMessages.selectAtLeastOne)).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();

  await list.searchSummary(TAG);
  await expect(list.rows()).toHaveCount(3);
  await expect(list.selection).toHaveText(/共 3 张/);
  expect(await list.status(no(first))).toBe('未审核');

  await list.tick(no(first));
  await list.tick(no(second));
  await expect(list.selection).toHaveText(/已选 2 张/);
  await page.screenshot({ path: `${SCREENS_DIR}/voucher-list.png`, fullPage: true });
  await list.button('审核').click();
  await expect.poll(() => list.status(no(first))).toBe('已审核');
  expect(await list.status(no(second))).toBe('已审核');
  expect(await list.status(no(third))).toBe('未审核');

  await list.tick(no(first));
  await list.button('记账').click();
  await expect.poll(() => list.status(no(first))).toBe('已记账');
  expect(await list.status(no(second))).toBe('已审核');

  // Double-click opens the voucher; PageDown steps to the next one of the list.
  await list.row(no(second)).locator('[col-id="voucherNo"]').dblclick();
  await expect(list.preview).toBeVisible();
  await expect(list.preview.getByRole('article')).toContainText('记账凭证');
  await expect(list.preview.getByRole('article')).toContainText(`${TAG}提取差旅借款`);
  await expect(list.preview.getByRole('article')).toContainText('壹仟贰佰元伍角');
  await expect(list.preview.getByRole('article')).toContainText('已审核');
  await page.screenshot({ path: `${SCREENS_DIR}/voucher-preview.png` });
  await page.keyboard.press('PageDown');
  await expect(list.preview.getByRole('article')).toContainText(`${TAG}提取零用金`);
  await page.keyboard.press('Escape');
  await expect(list.preview).toHaveCount(0);

  // The accountant deletes the unreviewed one; the reviewed ones stay.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInTo(page, 'kuaiji', SCHOOL, YEAR);
  await list.goto();
  await list.searchSummary(TAG);
  await expect(list.rows()).toHaveCount(3);
  await list.tick(no(third));
  await list.button('删除').click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(list.rows()).toHaveCount(2);
  await list.tick(no(second));
  await list.button('删除').click();
  await page.getByRole('button', { name: '确定' }).click();
  const refusal = page.getByRole('dialog').filter({ hasText: VoucherMessages.reviewedLocked });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: '确定' }).click();
  await expect(list.rows()).toHaveCount(2);
});

test('a batch review reviews the rest and says which voucher it skipped and why', async ({ page, baseURL }) => {
  const tag = '跳过测试';
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
  const reviewer = await apiSession(baseURL ?? '', 'shenhe', SCHOOL, YEAR);
  const saved: Voucher[] = [];
  for (const summary of [`${tag}购办公用品`, `${tag}付电话费`]) {
    const answer = await accountant.post<Voucher>(Paths.certificate, { ...voucher(summary, '60.00') });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    saved.push(answer.body.data);
  }
  const [early, late] = saved;
  if (!early || !late) throw new Error('vouchers not saved');
  const no = (v: Voucher) => `${v.entry}-${String(v.pzNo).padStart(4, '0')}`;
  const { month, pzNo, certificateType } = early;
  const reviewedEarly = await reviewer.post(Paths.certificateReview, {
    year: YEAR,
    details: [{ id: early.id, revision: early.revision, month, pzNo, certificateType }],
    isReview: true,
  });
  expect(reviewedEarly.body.success, reviewedEarly.body.errorMsg ?? '').toBe(true);

  await signInTo(page, 'shenhe', SCHOOL, YEAR);
  const list = new VoucherListPage(page);
  await list.goto();
  await list.searchSummary(tag);
  await expect(list.rows()).toHaveCount(2);
  await list.tick(no(early));
  await list.tick(no(late));
  await list.button('审核').click();
  const told = page.getByRole('dialog').filter({ hasText: `审核 1 张，跳过 1 张：${no(early)} 已审核` });
  await expect(told).toBeVisible();
  await told.getByRole('button', { name: '确定' }).click();
  await expect.poll(() => list.status(no(late))).toBe('已审核');
});

test('a voucher changed by someone else since the list was read is refused in a batch; the list shows it anew; 修改记录 shows the line change', async ({
  page,
  baseURL,
}) => {
  const tag = '并发测试';
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
  const answer = await accountant.post<Voucher>(Paths.certificate, { ...voucher(`${tag}领取备用金`, '300.00') });
  expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
  const v = answer.body.data;
  const no = `${v.entry}-${String(v.pzNo).padStart(4, '0')}`;

  await signInTo(page, 'shenhe', SCHOOL, YEAR);
  const list = new VoucherListPage(page);
  await list.goto();
  await list.searchSummary(tag);
  await expect(list.rows()).toHaveCount(1);
  await list.tick(no);

  // The accountant changes the first line after the reviewer's list was read.
  const body = voucher(`${tag}领取备用金`, '300.00');
  const [firstLine, secondLine] = body.certiDetails;
  if (!firstLine || !secondLine) throw new Error('lines missing');
  const changed = await accountant.post<Voucher>(Paths.certificate, {
    ...body,
    certiDetails: [
      { ...firstLine, id: v.certiDetails[0]?.id, summary: `${tag}领取差旅备用金` },
      { ...secondLine, id: v.certiDetails[1]?.id },
    ],
    id: v.id,
    revision: v.revision,
  });
  expect(changed.body.success, changed.body.errorMsg ?? '').toBe(true);

  await list.button('审核').click();
  const refusal = page.getByRole('dialog').filter({ hasText: VoucherMessages.changedByOthersNamed(`${v.month}月${v.pzNo}号`) });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: '确定' }).click();
  // Nothing was reviewed, and the list now shows the voucher as it is.
  await expect(list.rows().first()).toHaveText(`${tag}领取差旅备用金`);
  expect(await list.status(no)).toBe('未审核');
  await list.tick(no);
  await list.button('审核').click();
  await expect.poll(() => list.status(no)).toBe('已审核');

  // The preview's 修改记录: the modification names the line it changed, from old to new.
  await list.row(no).locator('[col-id="voucherNo"]').dblclick();
  await expect(list.preview).toBeVisible();
  await list.preview.getByRole('button', { name: '修改记录' }).click();
  const trail = list.preview.getByRole('table', { name: '修改记录' });
  await expect(trail).toContainText('审核');
  await expect(trail).toContainText(`修改第1行：摘要 ${tag}领取备用金 → ${tag}领取差旅备用金`);
  await expect(trail).toContainText('新增');
  await page.screenshot({ path: `${SCREENS_DIR}/voucher-audit-trail.png` });
});

test('导出Excel writes every voucher the filters select, not the page on screen', async ({ page, baseURL }) => {
  const tag = '整批导出';
  const count = 205;
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
  let fen = 0;
  for (let i = 1; i <= count; i++) {
    const answer = await accountant.post<Voucher>(Paths.certificate, { ...voucher(`${tag}${i}`, `${i}.25`) });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    fen += i * 100 + 25;
  }

  await signInTo(page, 'kuaiji', SCHOOL, YEAR);
  const list = new VoucherListPage(page);
  await list.goto();
  await list.searchSummary(tag);
  // The screen holds a page of 200; the workbook all 205.
  await expect(list.selection).toHaveText(new RegExp(`共 ${count} 张`));
  await expect(page.getByRole('navigation', { name: '分页' })).toContainText('第 1 / 2 页');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^凭证列表_.+\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('凭证列表');
  if (!sheet) throw new Error('no sheet');
  const summaries: string[] = [];
  let debitTotal: ExcelJS.CellValue = null;
  sheet.eachRow((row) => {
    const summary = row.getCell(3).value;
    if (typeof summary === 'string' && summary.startsWith(tag)) summaries.push(summary);
    if (row.getCell(1).value === '借方合计') debitTotal = row.getCell(5).value;
  });
  expect(summaries).toHaveLength(count);
  expect(new Set(summaries).size).toBe(count);
  // 借方合计 is a live formula whose figure covers every page.
  expect(debitTotal).toMatchObject({ formula: expect.stringMatching(/^SUM\(E\d+:E\d+\)$/) });
  expect(Math.round((debitTotal as unknown as { result: number }).result * 100)).toBe(fen);
  const text = (sheet.getSheetValues().flat() as unknown[]).filter((v): v is string => typeof v === 'string').join('\n');
  expect(text).toContain(`摘要包含：${tag}`);
});
