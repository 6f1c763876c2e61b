/**
 * Balances, trial balance and detail ledger over the real server: random voucher work (create,
 * modify, move between months, delete, review, book, unbook) keeps the stored balances equal to a
 * recomputation from the lines; the trial balance and the detail ledger read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetailLedgerResponse, TrialBalanceResponse } from '../../shared/api/books.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { current, FACTORY, line, modifyOf, refOf, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';
import { expectedBalances, storedBalances } from './balances.js';
import { saveCashMonths } from './books-test-kit.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe.each(TEST_DIALECTS)('balances and books (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  let ztId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    ztId = await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
  });
  afterAll(() => server.close());

  const ok = async <T>(answer: Promise<{ body: { success: boolean; errorMsg: string | null; data: T } }>): Promise<T> => {
    const a = await answer;
    expect(a.body.success, a.body.errorMsg ?? '').toBe(true);
    return a.body.data;
  };

  it('keeps the stored balances equal to the lines after random work', async () => {
    const next = random(20261121);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const subjects = ['101', '102', '401', '50101', '50102', '13101'];
    const live: Voucher[] = [];
    for (let step = 0; step < 60; step++) {
      const roll = next();
      const month = 1 + Math.floor(next() * 4);
      const fen = 1 + Math.floor(next() * 1_000_000);
      const yuan = (fen / 100).toFixed(2);
      if (roll < 0.45 || live.length === 0) {
        const [a, b] = [pick(subjects), pick(subjects)];
        const body = request({
          month,
          pzDate: `2026-0${month}-1${Math.floor(next() * 9)}`,
          certiDetails: [line(a, yuan, null), line(b, null, yuan)],
        });
        live.push(await ok(save(kuaiji, body)));
        continue;
      }
      const v = pick(live);
      const index = live.indexOf(v);
      if (roll < 0.6 && !v.isReview) {
        const moved = request({ month, pzDate: `2026-0${month}-05` });
        const changed = await ok(
          save(
            kuaiji,
            modifyOf(v, {
              year: 2026,
              month,
              pzDate: moved.pzDate,
              certiDetails: [line(pick(subjects), yuan, null), line(pick(subjects), null, yuan)],
            }),
          ),
        );
        live[index] = changed;
      } else if (roll < 0.7 && !v.isReview) {
        await ok(kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v)]) }));
        live.splice(index, 1);
      } else if (roll < 0.85 && !v.isReview) {
        await ok(shenhe.post(Paths.certificateReview, { year: 2026, details: [refOf(v)], isReview: true }));
        live[index] = await current(kuaiji, v);
      } else if (v.isReview && !v.isBook) {
        await ok(shenhe.post(Paths.certificateBook, { year: 2026, details: [refOf(v)], isBook: true }));
        live[index] = await current(kuaiji, v);
      } else if (v.isBook) {
        await ok(shenhe.post(Paths.certificateBook, { year: 2026, details: [refOf(v)], isBook: false }));
        live[index] = await current(kuaiji, v);
      }
      // A move or a deletion renumbers the other vouchers of the period: read them again.
      for (let i = 0; i < live.length && roll < 0.7; i++) {
        const id = live[i]?.id;
        if (id) live[i] = await ok(kuaiji.get<Voucher>(Paths.certificateDetail, { id }));
      }
      // Another set's work never touches this set's balances.
      if (step === 30) {
        const school = new ApiClient(server.url);
        await school.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
        await ok(save(school, request()));
      }
    }
    const sort = <T extends { year: number; month: number; subjectCode: string; auxiKey: string }>(rows: T[]) =>
      rows.sort((a, b) => `${a.month}|${a.subjectCode}|${a.auxiKey}`.localeCompare(`${b.month}|${b.subjectCode}|${b.auxiKey}`));
    const stored = sort(await storedBalances(server.db.kysely, ztId));
    expect(stored.length).toBeGreaterThan(5);
    expect(stored).toEqual(sort(await expectedBalances(server.db.kysely, ztId)));
    expect(stored.some((r) => r.debitBooked > 0 || r.creditBooked > 0)).toBe(true);

    const trial = await ok(kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-04' }));
    expect(trial.financial.balanced).toBe(true);
    const booked = await ok(
      kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-04', book: true }),
    );
    expect(booked.financial.balanced).toBe(true);
    expect(booked.financial.debitOccur).toBeLessThanOrEqual(trial.financial.debitOccur);
    const bookedTotal = stored.reduce((a, r) => a + r.debitBooked, 0);
    // Answered in yuan, the stored balances are fen.
    expect(booked.financial.debitOccur).toBe(fenToYuan(bookedTotal));
  });
});

describe.each(TEST_DIALECTS)('trial balance and detail ledger (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
    // January: dues 1,000.00 into cash; February: two payments out of cash, 300.00 and 200.50.
    await saveCashMonths(kuaiji);
  });
  afterAll(() => server.close());

  it('answers the trial balance of a range with openings, turnover, year to date and closings', async () => {
    const answer = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: '2026-02', endTime: '2026-02' });
    const row = (code: string) => answer.body.data.rows.find((r) => r.code === code);
    expect(row('101')).toMatchObject({
      initialBalance: 1_000,
      initialDirection: 1,
      debitOccur: 0,
      creditOccur: 500.5,
      endBalance: 499.5,
      endDirection: 1,
    });
    expect(row('101')).toMatchObject({ debitGrandTotal: 1_000, creditGrandTotal: 500.5 });
    expect(row('501')).toMatchObject({ debitOccur: 500.5, endBalance: 500.5, endDirection: 1 });
    expect(answer.body.data.financial).toMatchObject({ debitOccur: 500.5, creditOccur: 500.5, balanced: true });
    // Filters: first level only, by code or name, a code range, zero rows on request.
    const first = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
      beginTime: '2026-01',
      endTime: '2026-02',
      onlyFirst: true,
    });
    expect(first.body.data.rows.every((r) => r.parentCode === null)).toBe(true);
    const named = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
      beginTime: '2026-01',
      endTime: '2026-02',
      codeOrName: '文体',
    });
    expect(named.body.data.rows.map((r) => r.code)).toEqual(['50102']);
    const ranged = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
      beginTime: '2026-01',
      endTime: '2026-02',
      beginCode: '401',
      endCode: '501',
    });
    expect(ranged.body.data.rows.map((r) => r.code)).toEqual(['401', '501', '50101', '50102']);
    const zeros = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
      beginTime: '2026-01',
      endTime: '2026-02',
      amountIsZero: true,
    });
    expect(zeros.body.data.rows.length).toBeGreaterThan(ranged.body.data.rows.length + 10);
    // Unbooked vouchers only count without the book option.
    const booked = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
      beginTime: '2026-01',
      endTime: '2026-02',
      book: true,
    });
    expect(booked.body.data.rows).toEqual([]);
  });

  it('refuses a range outside the year or backwards', async () => {
    expect((await kuaiji.get(Paths.trialBalance, { beginTime: '2025-01', endTime: '2026-02' })).body.errorCode).toBe(
      ErrorCode.BadRequest,
    );
    expect((await kuaiji.get(Paths.trialBalance, { beginTime: '2026-03', endTime: '2026-02' })).body.errorCode).toBe(
      ErrorCode.BadRequest,
    );
  });

  it('lists the detail ledger with the running balance, month and year totals, in pages', async () => {
    const all = (
      await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, { code: '101', beginTime: '2026-01', endTime: '2026-02' })
    ).body.data;
    expect(all).toMatchObject({ code: '101', codeName: '库存现金', balanceDirection: 1, totalItemCount: 3 });
    expect(all.rows.map((r) => [r.kind, r.summary, r.debit, r.credit, r.direction, r.balance])).toEqual([
      ['opening', '上年结转', 0, 0, 0, 0],
      ['line', '收一月会费', 1_000, 0, 1, 1_000],
      ['monthTotal', '本月合计', 1_000, 0, 1, 1_000],
      ['yearTotal', '本年累计', 1_000, 0, 1, 1_000],
      ['line', '文体活动', 0, 300, 1, 700],
      ['line', '职工培训', 0, 200.5, 1, 499.5],
      ['monthTotal', '本月合计', 0, 500.5, 1, 499.5],
      ['yearTotal', '本年累计', 1_000, 500.5, 1, 499.5],
    ]);
    expect(all.rows[1]?.voucherNo).toBe('记-0001');
    expect(all.rows[1]?.voucherId).toEqual(expect.any(String));

    // Page 2 of one line a page starts from the right balance, and closes January's totals only after its last line.
    const second = (
      await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
        code: '101',
        beginTime: '2026-01',
        endTime: '2026-02',
        pageIndex: 2,
        pageSize: 1,
      })
    ).body.data;
    expect(second.rows.map((r) => [r.kind, r.balance])).toEqual([['line', 700]]);

    // The summary filter hides lines without changing balances; a parent takes its children's lines.
    const filtered = (
      await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
        code: '101',
        beginTime: '2026-02',
        endTime: '2026-02',
        abstractNumber: '培训',
      })
    ).body.data;
    expect(filtered.rows.filter((r) => r.kind === 'line').map((r) => [r.summary, r.balance])).toEqual([['职工培训', 499.5]]);
    expect(filtered.rows[0]).toMatchObject({ kind: 'opening', summary: '期初余额', balance: 1_000 });
    const parent = (
      await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, { code: '501', beginTime: '2026-01', endTime: '2026-12' })
    ).body.data;
    expect(parent.rows.filter((r) => r.kind === 'line').map((r) => r.subjectCode)).toEqual(['50102', '50101']);

    const unknown = await kuaiji.get(Paths.detailAccount, { code: '999', beginTime: '2026-01', endTime: '2026-02' });
    expect(unknown.body.errorCode).toBe(ErrorCode.NotFound);
  });
});
