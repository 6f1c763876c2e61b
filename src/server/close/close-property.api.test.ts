/**
 * Property: random sequences of saving, booking, closing and reverse closing never change a
 * closed month's balances (every write into it is refused), and the trial balance of every
 * month stays balanced. Subjects are asset and liability ones so every month can close without
 * a carry-forward. Deterministic (seeded), so a failure replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalanceResponse } from '../../shared/api/books.js';
import type { CloseState } from '../../shared/api/close.js';
import type { BatchResponse, Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { afterBatch, line, refOf, request, save } from '../vouchers/voucher-test-kit.js';

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const LEAVES = ['101', '102', '135', '141', '13101'];
const MONTHS = 4;

describe.each(TEST_DIALECTS)('close property (%s)', (dialect) => {
  let server: TestServer;
  let setId: number;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  const SET = '结账性质测试工会';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    setId = await createSet(server.db, { name: SET, code: 'JZP1', system: 'union-grassroots', users: ['kuaiji', 'shenhe'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', SET);
  });
  afterAll(() => server.close());

  const balancesOf = async (month: number): Promise<string> => {
    const rows = await server.db.kysely
      .selectFrom('subject_balance')
      .select(['subject_code', 'auxi_key', 'debit_all', 'credit_all', 'debit_booked', 'credit_booked'])
      .where('zt_id', '=', setId)
      .where('year', '=', 2026)
      .where('month', '=', month)
      .orderBy('subject_code')
      .orderBy('auxi_key')
      .execute();
    return JSON.stringify(
      rows.map((r) => [
        r.subject_code,
        r.auxi_key,
        Number(r.debit_all),
        Number(r.credit_all),
        Number(r.debit_booked),
        Number(r.credit_booked),
      ]),
    );
  };
  const listMonth = async (month: number): Promise<Voucher[]> =>
    (await kuaiji.get<{ currentPageItems: Voucher[] }>(Paths.certificate, { year: 2026, beginMonth: month, endMonth: month }))
      .body.data.currentPageItems;

  it('keeps closed months as they were closed and every trial balance balanced', async () => {
    const next = random(2026);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const frozen = new Map<number, string>();
    const closedNow = async () => (await kuaiji.get<CloseState>(Paths.closeState)).body.data;
    let closes = 0;
    let reopens = 0;
    let refusedWrites = 0;

    for (let step = 0; step < 40; step++) {
      const roll = next();
      const state = await closedNow();
      const closed = state.years.find((y) => y.year === 2026)?.closedMonths ?? [];
      if (roll < 0.45) {
        const month = 1 + Math.floor(next() * MONTHS);
        const amount = 1 + Math.floor(next() * 50000) / 100;
        const [a, b] = [pick(LEAVES), pick(LEAVES)];
        const answer = await save(
          kuaiji,
          request({
            month,
            pzDate: `2026-0${month}-15`,
            certiDetails: [line(a, amount, null, '调拨'), line(b, null, amount, '调拨')],
          }),
        );
        if (closed.includes(month)) {
          expect(answer.body.errorCode).toBe(ErrorCode.PeriodClosed);
          refusedWrites++;
        } else expect(answer.body.errorMsg).toBeNull();
      } else if (roll < 0.6) {
        // Book (and review) one month's vouchers; refused in a closed month.
        const month = 1 + Math.floor(next() * MONTHS);
        const open = (await listMonth(month)).filter((v) => !v.isBook);
        if (open.length === 0) continue;
        const details = open.map(refOf);
        const reviewed = await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details, isReview: true });
        if (closed.includes(month)) expect(reviewed.body.errorCode).toBe(ErrorCode.PeriodClosed);
        else {
          const booked = await shenhe.post(Paths.certificateBook, {
            year: 2026,
            details: afterBatch(details, reviewed),
            isBook: true,
          });
          expect(booked.body.errorMsg).toBeNull();
        }
      } else if (roll < 0.85) {
        // Close the next open month (its vouchers reviewed and booked first, as the check asks).
        const month = state.nextOpenMonth;
        if (month > MONTHS) continue;
        const open = (await listMonth(month)).filter((v) => !v.isBook);
        if (open.length > 0) {
          const details = open.map(refOf);
          const reviewed = await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details, isReview: true });
          await shenhe.post(Paths.certificateBook, { year: 2026, details: afterBatch(details, reviewed), isBook: true });
        }
        const done = await kuaiji.post(Paths.monthly, { year: 2026, month, rotateBackup: true });
        expect(done.body.errorMsg).toBeNull();
        frozen.set(month, await balancesOf(month));
        closes++;
      } else if (closed.length > 0) {
        const month = pick(closed);
        const done = await kuaiji.post(Paths.unMonthly, { year: 2026, month, rotateBackup: true });
        expect(done.body.errorMsg).toBeNull();
        for (const m of closed) if (m >= month) frozen.delete(m);
        reopens++;
      }

      for (const [month, snapshot] of frozen) expect(await balancesOf(month)).toBe(snapshot);
      const trial = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
        beginTime: '2026-01',
        endTime: `2026-0${MONTHS}`,
      });
      expect(trial.body.data.financial.balanced).toBe(true);
    }
    // The sequence exercised every transition.
    expect(closes).toBeGreaterThan(2);
    expect(reopens).toBeGreaterThan(0);
    expect(refusedWrites).toBeGreaterThan(0);
  }, 120_000);
});
