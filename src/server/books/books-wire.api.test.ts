/**
 * The books and report calls on the wire (declared schemas): amounts answer in yuan, exactly the
 * fen the server computed (a property over random amounts keyed through the voucher call and read
 * back through the detail ledger and the trial balance); every field the server computes reaches
 * the answer (the serializer writes only what the schema declares); a malformed parameter is
 * refused with 400/4000 naming the field and the rule in Chinese, on the data, export and print
 * routes alike; the trial balance keeps its Server-Timing header (bench/books.ts reads it).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetailLedgerResponse, GeneralLedgerResponse, TrialBalanceResponse } from '../../shared/api/books.js';
import { Paths } from '../../shared/api/paths.js';
import type { ReportResponse } from '../../shared/api/reports.js';
import { answerFen, detailLedgerAmounts, generalLedgerAmounts, trialBalanceAmounts } from '../../shared/books/answer-amounts.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { reportAmounts } from '../../shared/reports/answer-amounts.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { buildReport } from '../reports/report-service.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';
import { saveCashMonths } from './books-test-kit.js';
import { queryDetailLedger } from './detail-ledger.js';
import { queryGeneralLedger } from './general-ledger.js';
import { queryTrialBalance } from './trial-balance.js';

/** The keys of an object and of its nested objects, as paths, sorted. */
function keyPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => keyPaths(v, `${at}[]`)).filter((p, i, all) => all.indexOf(p) === i);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .flatMap(([k, v]) => [`${at}.${k}`, ...keyPaths(v, `${at}.${k}`)])
    .filter((p, i, all) => all.indexOf(p) === i)
    .sort();
}

describe.each(TEST_DIALECTS)('books and reports on the wire (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  const scope = () => ({ ztId, year: 2026, system: 'union-grassroots' as const });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    ztId = await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
    // 1,000.00 in, 300.00 and 200.50 out of cash: figures with decimals.
    await saveCashMonths(kuaiji);
  });
  afterAll(() => server.close());

  const ok = async <T>(answer: Promise<{ body: { success: boolean; errorMsg: string | null; data: T } }>): Promise<T> => {
    const a = await answer;
    expect(a.body.success, a.body.errorMsg ?? '').toBe(true);
    return a.body.data;
  };

  it('answers in yuan exactly what the server computes in fen, every field of it', async () => {
    const range = { beginMonth: 1, endMonth: 2 };
    const period = { beginTime: '2026-01', endTime: '2026-02' };
    const trial = await ok(kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { ...period, amountIsZero: true }));
    const detail = await ok(kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, { ...period, code: '101' }));
    const reportOf = async (kind: ReportResponse['kind'], carryOver: boolean) =>
      (await buildReport(server.db, scope(), SCHOOL, kind, { ...range, book: false, carryOver })).response;
    const reportPeriod = { beginYearMonth: '2026-01', endYearMonth: '2026-02' };
    // [call, answer, what the server computes in fen, that in yuan]
    const checks: [string, unknown, object, unknown][] = await Promise.all([
      (async () => {
        const fen = await queryTrialBalance(server.db, scope(), range, { amountIsZero: true });
        return ['trial balance', trial, fen, trialBalanceAmounts(fen, fenToYuan)] as const;
      })(),
      (async () => {
        const fen = await queryGeneralLedger(server.db, scope(), range, {});
        const answer = await ok(kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, period));
        return ['general ledger', answer, fen, generalLedgerAmounts(fen, fenToYuan)] as const;
      })(),
      (async () => {
        const fen = await queryDetailLedger(server.db, scope(), range, { code: '101' });
        return ['detail ledger', detail, fen, detailLedgerAmounts(fen, fenToYuan)] as const;
      })(),
      (async () => {
        const fen = await reportOf('balance-sheet', true);
        const answer = await ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, { ...reportPeriod, carryOver: true }));
        return ['balance sheet', answer, fen, reportAmounts(fen, fenToYuan)] as const;
      })(),
      (async () => {
        const fen = await reportOf('income-expense', false);
        const answer = await ok(kuaiji.get<ReportResponse>(Paths.incomeExpense, reportPeriod));
        return ['income statement', answer, fen, reportAmounts(fen, fenToYuan)] as const;
      })(),
    ]);
    for (const [call, answer, fen, yuan] of checks) {
      // Nothing the server computes is left out of the answer (the serializer drops undeclared fields).
      expect(keyPaths(answer), call).toEqual(keyPaths(fen));
      expect(answer, call).toEqual(yuan);
    }
    // The figures themselves: 1,000.00 - 300.00 - 200.50 = 499.50 in cash.
    expect(trial.rows.find((r) => r.code === '101')).toMatchObject({ debitOccur: 1000, creditOccur: 500.5, endBalance: 499.5 });
    expect(detail.rows.filter((r) => r.kind === 'line').map((r) => [r.debit, r.credit, r.balance])).toEqual([
      [1000, 0, 1000],
      [0, 300, 700],
      [0, 200.5, 499.5],
    ]);
  });

  it('round-trips any amount fen → yuan → fen through a voucher and the books', async () => {
    // Another set (empty in the test server), so the month's totals are the amounts keyed here.
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'admin', 'Admin@123', FACTORY);
    let keyed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 999_999_999_999 })),
        async (fen) => {
          const yuan = fenToYuan(fen);
          const saved = await ok(
            save(
              client,
              request({ month: 5, pzDate: '2026-05-06', certiDetails: [line('101', yuan, null), line('401', null, yuan)] }),
            ),
          );
          keyed += fen;
          const detail = await ok(
            client.get<DetailLedgerResponse>(Paths.detailAccount, {
              code: '101',
              beginTime: '2026-05',
              endTime: '2026-05',
              pageSize: 1000,
            }),
          );
          const row = detail.rows.find((r) => r.voucherId === saved.id);
          expect(row?.debit).toBe(yuan);
          expect(answerFen(row?.debit ?? NaN)).toBe(fen);
          const trial = await ok(
            client.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: '2026-05', endTime: '2026-05' }),
          );
          const cash = trial.rows.find((r) => r.code === '101');
          expect(cash?.debitOccur).toBe(fenToYuan(keyed));
          expect(answerFen(cash?.debitOccur ?? NaN)).toBe(keyed);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('refuses a malformed parameter with 400/4000 naming the field and the rule, on data, export and print routes', async () => {
    const period = { beginTime: '2026-01', endTime: '2026-02' };
    const report = { beginYearMonth: '2026-01', endYearMonth: '2026-02' };
    const cases: [string, Record<string, unknown>, string][] = [
      [Paths.trialBalance, { ...period, beginTime: '2026-1' }, '参数beginTime：期间须为yyyy-MM'],
      [Paths.trialBalance, { ...period, endTime: '2026-13' }, '参数endTime：期间须为yyyy-MM'],
      [Paths.trialBalance, { ...period, book: 'yes' }, '参数book：须为true或false'],
      [Paths.trialBalance, { ...period, beginCode: '现金' }, '参数beginCode：科目代码只能是数字'],
      [Paths.trialBalancePrint, { endTime: '2026-02' }, '缺少参数beginTime'],
      [Paths.generalLedger, { ...period, code: '1 01' }, '参数code：科目代码只能是数字'],
      [Paths.generalLedgerPrint, { ...period, amountIsZero: '2' }, '参数amountIsZero：须为true或false'],
      [Paths.detailAccount, { ...period }, '缺少参数code'],
      [Paths.detailAccount, { ...period, code: '101', pageIndex: 0 }, '参数pageIndex：不能小于1'],
      [Paths.detailAccount, { ...period, code: '101', pageSize: 1001 }, '参数pageSize：不能大于1000'],
      [Paths.detailAccount, { ...period, code: '101', pageIndex: 'x' }, '参数pageIndex：须为整数'],
      [Paths.exportDetailAccount, { ...period, code: '101', isShowAuxi: 'on' }, '参数isShowAuxi：须为true或false'],
      [Paths.detailAccountPrint, { ...period, code: 'abc' }, '参数code：科目代码只能是数字'],
      [Paths.balanceSheet, { ...report, endYearMonth: '202602' }, '参数endYearMonth：期间须为yyyy-MM'],
      [Paths.balanceSheetExport, { ...report, carryOver: 'maybe' }, '参数carryOver：须为true或false'],
      [Paths.incomeExpensePrint, { endYearMonth: '2026-02' }, '缺少参数beginYearMonth'],
    ];
    for (const [path, params, message] of cases) {
      const answer = await kuaiji.get(path, params);
      expect([answer.status, answer.body], `${path} ${JSON.stringify(params)}`).toEqual([
        400,
        {
          success: false,
          message: `请求参数有误: ${message}`,
          data: null,
          errorCode: ErrorCode.BadRequest,
          errorMsg: `请求参数有误: ${message}`,
        },
      ]);
    }
    // The business rules stay: the session year, and a range that does not run backwards.
    const other = await kuaiji.get(Paths.trialBalance, { beginTime: '2025-01', endTime: '2025-02' });
    expect(other.body).toMatchObject({ errorCode: ErrorCode.BadRequest, errorMsg: '只能查询当前年度(2026年)的数据' });
    const backwards = await kuaiji.get(Paths.detailAccount, { code: '101', beginTime: '2026-03', endTime: '2026-02' });
    expect(backwards.body).toMatchObject({ errorCode: ErrorCode.BadRequest, errorMsg: '开始期间不能晚于结束期间' });
  });

  it('tells the server time of the trial balance and the ledgers in Server-Timing', async () => {
    for (const [path, params] of [
      [Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-02' }],
      [Paths.generalLedger, { beginTime: '2026-01', endTime: '2026-02' }],
      [Paths.detailAccount, { beginTime: '2026-01', endTime: '2026-02', code: '101' }],
    ] as const) {
      const answer = await kuaiji.get(path, params);
      expect(answer.headers.get('server-timing'), path).toMatch(/^app;dur=\d+\.\d{2}$/);
    }
  });
});
