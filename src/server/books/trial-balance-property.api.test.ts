/**
 * Property: whatever balanced vouchers are keyed (random subjects, amounts, months, several lines,
 * some booked), the trial balance of any range balances, and each subject's figures equal a
 * recomputation from the lines that were keyed: the period's turnover, the opening as the year's
 * opening plus the months before, the closing as opening plus turnover, a parent as the sum of
 * its children. Deterministic (seeded), so a failure replays. The lines are keyed in yuan and the
 * answer is read in yuan: each answered amount is converted back to fen as the client does
 * (answerFen, which refuses anything but two-decimal yuan), so fen → yuan → fen round-trips
 * through the real calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalanceResponse, TrialBalanceRow } from '../../shared/api/books.js';
import type { BatchResponse, Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { answerFen } from '../../shared/books/answer-amounts.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { afterBatch, FACTORY, line, refOf, request, save } from '../vouchers/voucher-test-kit.js';

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const LEAVES = ['101', '102', '13101', '401', '50101', '50102'];
/** An answered balance (yuan, with its side) as signed fen. */
const signed = (yuan: number, side: number) => (side === 2 ? -answerFen(yuan) : answerFen(yuan));

interface Keyed {
  month: number;
  booked: boolean;
  lines: { code: string; debit: number; credit: number }[];
}

describe.each(TEST_DIALECTS)('trial balance property (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  const keyed: Keyed[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
  });
  afterAll(() => server.close());

  it('balances and equals a recomputation from the keyed lines, for random vouchers and ranges', async () => {
    const next = random(4242);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    // The year's openings as the server has them (demo data), before any voucher.
    const before = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
      beginTime: '2026-01',
      endTime: '2026-01',
      amountIsZero: true,
    });
    const yearOpening = new Map(before.body.data.rows.map((r) => [r.code, signed(r.initialBalance, r.initialDirection)]));

    for (let i = 0; i < 36; i++) {
      const month = 1 + Math.floor(next() * 6);
      const n = 2 + Math.floor(next() * 4);
      // n-1 random sides and amounts, the last line balances them.
      const lines: Keyed['lines'] = [];
      let net = 0;
      for (let j = 0; j < n - 1; j++) {
        const fen = 1 + Math.floor(next() * 5_000_000);
        const debit = next() < 0.5;
        lines.push({ code: pick(LEAVES), debit: debit ? fen : 0, credit: debit ? 0 : fen });
        net += debit ? fen : -fen;
      }
      if (net === 0) continue;
      lines.push({ code: pick(LEAVES), debit: net < 0 ? -net : 0, credit: net > 0 ? net : 0 });
      const yuan = (fen: number) => (fen === 0 ? null : (fen / 100).toFixed(2));
      const answer = await save(
        kuaiji,
        request({
          month,
          pzDate: `2026-0${month}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`,
          certiDetails: lines.map((l) => line(l.code, yuan(l.debit), yuan(l.credit), `随机${i}`)),
        }),
      );
      expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
      const v: Voucher = answer.body.data;
      const booked = next() < 0.3;
      if (booked) {
        const reviewed = await shenhe.post<BatchResponse>(Paths.certificateReview, {
          year: 2026,
          details: [refOf(v)],
          isReview: true,
        });
        expect(reviewed.body.success).toBe(true);
        const details = afterBatch([refOf(v)], reviewed);
        expect((await shenhe.post(Paths.certificateBook, { year: 2026, details, isBook: true })).body.success).toBe(true);
      }
      keyed.push({ month, booked, lines });
    }
    expect(keyed.length).toBeGreaterThan(30);

    const ranges: [number, number, boolean][] = [
      [1, 1, false],
      [1, 6, false],
      [2, 4, false],
      [3, 3, true],
      [5, 12, false],
      [1, 12, true],
    ];
    for (const [b, e, book] of ranges) {
      const answer = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
        beginTime: `2026-${String(b).padStart(2, '0')}`,
        endTime: `2026-${String(e).padStart(2, '0')}`,
        amountIsZero: true,
        book,
      });
      expect(answer.body.success).toBe(true);
      const trial = answer.body.data;
      expect(trial.financial.balanced, `${b}-${e} ${book}`).toBe(true);
      // Recomputed from the keyed lines: each subject and each of its ancestors (code prefixes).
      const recomputed = (row: TrialBalanceRow) => {
        let earlier = 0;
        let debit = 0;
        let credit = 0;
        let yearDebit = 0;
        let yearCredit = 0;
        for (const v of keyed) {
          if (book && !v.booked) continue;
          for (const l of v.lines) {
            if (!l.code.startsWith(row.code) || v.month > e) continue;
            yearDebit += l.debit;
            yearCredit += l.credit;
            if (v.month < b) earlier += l.debit - l.credit;
            else {
              debit += l.debit;
              credit += l.credit;
            }
          }
        }
        const opening = (yearOpening.get(row.code) ?? 0) + earlier;
        return { opening, debit, credit, closing: opening + debit - credit, yearDebit, yearCredit };
      };
      for (const row of trial.rows) {
        const want = recomputed(row);
        const got = {
          opening: signed(row.initialBalance, row.initialDirection),
          debit: answerFen(row.debitOccur),
          credit: answerFen(row.creditOccur),
          closing: signed(row.endBalance, row.endDirection),
          // The demo set starts in January: no cumulative amounts before the year.
          yearDebit: answerFen(row.debitGrandTotal),
          yearCredit: answerFen(row.creditGrandTotal),
        };
        expect(got, `${row.code} ${b}-${e} ${book}`).toEqual(want);
      }
    }
  }, 20_000);
});
