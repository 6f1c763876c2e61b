/**
 * General ledger and the detail ledger's streamed export over the real server: a cash subject with
 * dues in January and two payments in February (plus a summary that looks like a formula).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DetailLedgerResponse,
  DetailLedgerRow,
  GeneralLedgerResponse,
  TrialBalanceResponse,
} from '../../shared/api/books.js';
import { Paths } from '../../shared/api/paths.js';
import { detailRowAmounts } from '../../shared/books/answer-amounts.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook } from '../test-support/workbook-check.js';
import { SCHOOL } from '../vouchers/voucher-test-kit.js';
import { saveCashMonths } from './books-test-kit.js';
import { forEachLedgerRow } from './detail-ledger.js';
import { ledgerContext, ledgerOptionsOf } from './detail-sections.js';

describe.each(TEST_DIALECTS)('general ledger and detail export (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    ztId = await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
    await saveCashMonths(kuaiji, '=HYPERLINK("x")');
  });
  afterAll(() => server.close());

  it('answers per subject and month the opening, turnover, year to date and closing', async () => {
    const answer = await kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, {
      code: '101',
      beginTime: '2026-01',
      endTime: '2026-03',
    });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    const pick = (r: GeneralLedgerResponse['rows'][number]) => [
      r.code,
      r.month,
      r.initialBalance,
      r.initialDirection,
      r.debitOccur,
      r.creditOccur,
      r.debitGrandTotal,
      r.creditGrandTotal,
      r.endBalance,
      r.endDirection,
    ];
    // January: 0 + 1,000.00 = 1,000.00 借; February: 1,000.00 - 300.00 - 200.50 = 499.50 借; March quiet.
    expect(answer.body.data.rows.map(pick)).toEqual([
      ['101', 1, 0, 0, 1_000, 0, 1_000, 0, 1_000, 1],
      ['101', 2, 1_000, 1, 0, 500.5, 1_000, 500.5, 499.5, 1],
      ['101', 3, 499.5, 1, 0, 0, 1_000, 500.5, 499.5, 1],
    ]);
    // Without a code: first-level subjects with figures only; 501 holds its children; 401 is on the credit side.
    const all = (await kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, { beginTime: '2026-02', endTime: '2026-02' })).body
      .data;
    expect(all.rows.every((r) => r.parentCode === null)).toBe(true);
    expect(all.rows.map((r) => r.code)).toEqual(['101', '401', '501']);
    expect(all.rows.find((r) => r.code === '501')).toMatchObject({ debitOccur: 500.5, endBalance: 500.5, endDirection: 1 });
    expect(all.rows.find((r) => r.code === '401')).toMatchObject({
      initialBalance: 1_000,
      initialDirection: 2,
      endDirection: 2,
    });
    // Agrees with the trial balance of the same range.
    const trial = (await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-02' })).body
      .data;
    const t501 = trial.rows.find((r) => r.code === '501');
    const g501 = (
      await kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, { code: '501', beginTime: '2026-01', endTime: '2026-02' })
    ).body.data.rows.filter((r) => r.code === '501');
    expect(g501.at(-1)).toMatchObject({ endBalance: t501?.endBalance, debitGrandTotal: t501?.debitGrandTotal });
    expect(g501.map((r) => r.code)).toEqual(['501', '501']);
    // The book option: nothing is booked.
    const booked = await kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, {
      beginTime: '2026-01',
      endTime: '2026-02',
      book: true,
    });
    expect(booked.body.data.rows).toEqual([]);
    const unknown = await kuaiji.get(Paths.generalLedger, { code: '999', beginTime: '2026-01', endTime: '2026-02' });
    expect(unknown.body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('exports every line of the range with balances, totals, title and formats, text never a formula', async () => {
    const file = await kuaiji.download(Paths.exportDetailAccount, { code: '101', beginTime: '2026-01', endTime: '2026-02' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('.xlsx');
    // Opened and recalculated as an auditor would: heading, print setup, formats, only our formulas.
    const sheet = (await checkWorkbook(file.bytes, { userTexts: ['=HYPERLINK("x")'] })).sheet();
    expect(sheet.text(1, 1)).toBe('明细账（101 库存现金）');
    const head = sheet.headTexts().join(' ');
    expect(head).toContain('编制单位：示范市实验中学工会');
    expect(head).toContain('会计期间：2026年01-02月');
    expect(head).toContain('筛选条件：科目：101 库存现金');
    expect(head).toContain('金额单位：元');
    const first = sheet.rowOf(1, '日期') + 1;
    const data: unknown[][] = [];
    for (let r = first; r <= sheet.rowCount; r++) data.push([1, 2, 3, 4, 5, 6, 7].map((c) => sheet.value(r, c)));
    // 日期 凭证字号 摘要 借方 贷方 方向 余额 (amounts in yuan; the totals recalculated from their formulas)
    expect(data.map((r) => [r[2], r[3] ?? null, r[4] ?? null, r[5], r[6]])).toEqual([
      ['上年结转', null, null, '平', 0],
      ['收一月会费', 1000, null, '借', 1000],
      ['本月合计', 1000, 0, '借', 1000],
      ['本年累计', 1000, 0, '借', 1000],
      ['=HYPERLINK("x")', null, 300, '借', 700],
      ['职工培训', null, 200.5, '借', 499.5],
      ['本月合计', 0, 500.5, '借', 499.5],
      ['本年累计', 1000, 500.5, '借', 499.5],
    ]);
    const summary = sheet.worksheet.getRow(first + 4).getCell(3);
    expect(summary.type).toBe(ExcelJS.ValueType.String);
    expect(summary.numFmt).toBe('@');
    expect(sheet.worksheet.getRow(first + 1).getCell(4).numFmt).toBe('#,##0.00');
    expect(sheet.worksheet.getRow(first + 1).getCell(2).value).toBe('记-0001');
    expect(sheet.formulas.find((f) => f.row === first + 6 && f.col === 5)?.formula).toBe(`SUM(E${first + 4}:E${first + 5})`);

    // The summary filter hides lines, balances stay; an unknown subject is refused before any byte.
    const filtered = await kuaiji.download(Paths.exportDetailAccount, {
      code: '101',
      beginTime: '2026-02',
      endTime: '2026-02',
      abstractNumber: '培训',
    });
    const sheet2 = (await checkWorkbook(filtered.bytes)).sheet();
    const rows2: unknown[][] = [];
    for (let r = sheet2.rowOf(1, '日期') + 1; r <= sheet2.rowCount; r++) rows2.push([sheet2.value(r, 3), sheet2.value(r, 7)]);
    expect(rows2).toEqual([
      ['期初余额', 1000],
      ['职工培训', 499.5],
      ['本月合计', 499.5],
      ['本年累计', 499.5],
    ]);
    const unknown = await kuaiji.get(Paths.exportDetailAccount, { code: '999', beginTime: '2026-01', endTime: '2026-02' });
    expect(unknown.body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('reads the lines in chunks with the same rows as the page, whatever the chunk size', async () => {
    const scope = { ztId, year: 2026, system: 'union-grassroots' as const };
    const range = { beginMonth: 1, endMonth: 2 };
    const ctx = await ledgerContext(server.db, scope, range, '101', ledgerOptionsOf({}));
    const page = (
      await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, { code: '101', beginTime: '2026-01', endTime: '2026-02' })
    ).body.data.rows;
    for (const chunk of [1, 2, 3, 100]) {
      const rows: DetailLedgerRow[] = [];
      await forEachLedgerRow(server.db, ctx, (r) => void rows.push(...r), chunk);
      // The export's rows are fen, the page's yuan.
      expect(rows.map((r) => detailRowAmounts(r, fenToYuan))).toEqual(page);
    }
  });

  it('cuts pages of any size from the same ordered lines with the same balances and month totals', async () => {
    const get = async (pageIndex: number, pageSize: number, beginTime = '2026-01') =>
      (
        await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
          code: '101',
          beginTime,
          endTime: '2026-03',
          pageIndex,
          pageSize,
        })
      ).body.data;
    const whole = await get(1, 200);
    expect(whole.rows.filter((r) => r.kind === 'line')).toHaveLength(3);
    for (const size of [1, 2, 3]) {
      const rows: DetailLedgerRow[] = [];
      for (let page = 1; page <= Math.ceil(whole.totalItemCount / size) + 1; page++) rows.push(...(await get(page, size)).rows);
      expect(rows, `pages of ${size}`).toEqual(whole.rows);
    }
    // A range starting after a month with lines opens from that month's closing.
    const february = await get(1, 1, '2026-02');
    expect(february.rows.map((r) => [r.kind, r.balance])).toEqual([
      ['opening', 1_000],
      ['line', 700],
    ]);
    expect((await get(2, 1, '2026-02')).rows.map((r) => [r.kind, r.balance])).toEqual([
      ['line', 499.5],
      ['monthTotal', 499.5],
      ['yearTotal', 499.5],
    ]);
  });
});
