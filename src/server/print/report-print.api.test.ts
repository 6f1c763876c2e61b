/**
 * Print of the trial balance, the general ledger and the detail ledger over the real server: a
 * fresh grassroots set with vouchers saved through the API; the PDFs are read back with pdfjs-dist
 * (title, 编制单位, period, subject names, figures, page numbers), a long detail ledger runs over
 * several pages with the headings repeated, and the print button of each page is required.
 *
 * The case (fen): March 2026, ten vouchers, each ten lines 101 库存现金 借 1,234.56 yuan against one
 * line 401 会费收入 贷 12,345.60 yuan; April, one voucher 102 银行存款 借 / 101 贷 5,000.00.
 * 101 over March: 100 lines, 借方 123,456.00; over March to April its closing is 118,456.00 借.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalanceResponse } from '../../shared/api/books.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line, request, save } from '../vouchers/voucher-test-kit.js';

const SET = '示范市打印测试工会';

/** Each page's text, items joined, without the spaces pdfjs puts between spaced-out items. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    pages.push(
      (await page.getTextContent()).items
        .map((i) => (i as TextItem).str)
        .join('')
        .replace(/\s+/g, ''),
    );
  }
  await doc.destroy();
  return pages;
}

describe.each(TEST_DIALECTS)('report print (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await createSet(server.db, { name: SET, code: '960', system: 'union-grassroots', users: ['kuaiji'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
    for (let v = 0; v < 10; v++) {
      const lines = Array.from({ length: 10 }, (_, i) => line('101', '1234.56', null, `收会费第${v * 10 + i + 1}笔`));
      const answer = await save(kuaiji, request({ certiDetails: [...lines, line('401', null, '12345.60')] }));
      expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    }
    const april = await save(
      kuaiji,
      request({
        month: 4,
        pzDate: '2026-04-08',
        certiDetails: [line('102', '5000', null, '存现'), line('101', null, '5000', '存现')],
      }),
    );
    expect(april.body.success, april.body.errorMsg ?? '').toBe(true);
  }, 120_000);
  afterAll(() => server.close());

  it('prints the trial balance on A4 landscape with its subjects and figures', async () => {
    const params = { beginTime: '2026-03', endTime: '2026-04' };
    const data = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, params);
    const file = await kuaiji.download(Paths.trialBalancePrint, params);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition.startsWith('inline; filename="')).toBe(true);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('科目余额表_2026年3月至4月.pdf')}`);
    const pdf = await getDocument({ data: file.bytes.slice() }).promise;
    const [, , width, height] = (await pdf.getPage(1)).view as [number, number, number, number];
    expect(width).toBeGreaterThan(height);
    await pdf.destroy();
    const pages = await pdfPages(file.bytes);
    const text = pages.join('');
    for (const piece of [
      '科目余额表',
      `编制单位：${SET}`,
      '2026年3月至4月',
      '单位：元',
      '期初余额',
      '本期发生额',
      '本年累计发生额',
      '期末余额',
    ]) {
      expect(text).toContain(piece);
    }
    expect(data.body.data.rows.map((r) => r.code)).toEqual(['101', '102', '401']);
    // With zero rows shown, every subject of the data route is printed with its name.
    const all = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { ...params, amountIsZero: true });
    const allText = (
      await pdfPages((await kuaiji.download(Paths.trialBalancePrint, { ...params, amountIsZero: true })).bytes)
    ).join('');
    expect(all.body.data.rows.length).toBeGreaterThan(20);
    for (const row of all.body.data.rows) expect(allText).toContain(`${row.code}${row.codeName.replace(/\s+/g, '')}`);
    // 101: no opening, 借 123,456.00 and 贷 5,000.00 in the period (and the year), closing 118,456.00 借.
    expect(text).toContain('101库存现金123,456.005,000.00123,456.005,000.00118,456.00');
    expect(text).toContain('401会费收入123,456.00123,456.00123,456.00');
    // Totals of the first-level subjects, 借 = 贷.
    expect(text).toContain('合计128,456.00128,456.00128,456.00128,456.00123,456.00123,456.00');
    expect(pages.at(-1)).toContain(`第${pages.length}页共${pages.length}页`);
  });

  it('prints the general ledger of a subject month by month', async () => {
    const file = await kuaiji.download(Paths.generalLedgerPrint, { beginTime: '2026-03', endTime: '2026-04', code: '101' });
    expect(file.status).toBe(200);
    const text = (await pdfPages(file.bytes)).join('');
    for (const piece of ['总账', `编制单位：${SET}`, '2026年3月至4月', '本年累计发生额']) expect(text).toContain(piece);
    expect(text).toContain('101库存现金2026-03平0.00123,456.00123,456.00借123,456.00');
    expect(text).toContain('101库存现金2026-04借123,456.005,000.00123,456.005,000.00借118,456.00');
  });

  it('prints every line of a long detail ledger over several pages, headings repeated', async () => {
    const params = { beginTime: '2026-01', endTime: '2026-04', code: '101' };
    const file = await kuaiji.download(Paths.detailAccountPrint, params);
    expect(file.status).toBe(200);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('明细账_101_2026年1月至4月.pdf');
    const pages = await pdfPages(file.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toContain('明细账（101库存现金）');
      expect(page).toContain('日期凭证字号摘要借方贷方方向余额');
      expect(page).toContain(`第${i + 1}页共${pages.length}页`);
    });
    const text = pages.join('');
    for (let n = 1; n <= 100; n++) expect(text).toContain(`收会费第${n}笔1,234.56`);
    expect(text).toContain('收会费第100笔1,234.56借123,456.00');
    expect(text).toContain('本月合计123,456.000.00借123,456.00');
    expect(text).toContain('存现5,000.00借118,456.00');
  });

  it('refuses a detail ledger longer than PRINT_DETAIL_MAX_ROWS rows', async () => {
    process.env.PRINT_DETAIL_MAX_ROWS = '50';
    try {
      const long = await kuaiji.get(Paths.detailAccountPrint, { beginTime: '2026-01', endTime: '2026-04', code: '101' });
      expect(long.body).toMatchObject({ success: false, errorMsg: '明细账超过50行，请缩小期间后再打印' });
      // April alone (opening, one line, two totals) is under the limit.
      const april = await kuaiji.download(Paths.detailAccountPrint, { beginTime: '2026-04', endTime: '2026-04', code: '101' });
      expect(april.headers.get('content-type')).toBe('application/pdf');
    } finally {
      delete process.env.PRINT_DETAIL_MAX_ROWS;
    }
  });

  it('answers a refusal, not a PDF, for an unknown subject or a missing code', async () => {
    const unknown = await kuaiji.get(Paths.detailAccountPrint, { beginTime: '2026-03', endTime: '2026-03', code: '999' });
    expect(unknown.body).toMatchObject({ success: false });
    const missing = await kuaiji.get(Paths.detailAccountPrint, { beginTime: '2026-03', endTime: '2026-03' });
    expect(missing.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BadRequest,
      errorMsg: '请求参数有误: 缺少参数code',
    });
  });

  it('needs the page print button: the cashier has it on the ledgers, not on the trial balance', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    const refused = await chuna.get(Paths.trialBalancePrint, { beginTime: '2026-03', endTime: '2026-03' });
    expect(refused.body).toMatchObject({ success: false, errorCode: ErrorCode.Forbidden, errorMsg: '没有该操作的权限' });
    const ledger = await chuna.download(Paths.generalLedgerPrint, { beginTime: '2026-03', endTime: '2026-03' });
    expect(ledger.headers.get('content-type')).toBe('application/pdf');
    // The cashier's set is printed, not the accountant's.
    const text = (await pdfPages(ledger.bytes)).join('');
    expect(text).toContain(`编制单位：${FACTORY}`);
    expect(text).not.toContain(SET);
  });
});
