/**
 * The set-based group commit (write-queue.ts runSetWrite) on the real databases: what arrives
 * together is written by one call of the write on PostgreSQL (one call per request on SQLite, where
 * the group commit already shares the transaction), a refusal answers its own request only, a
 * failing statement sends each request of the batch through alone; and, through the API, new
 * vouchers saved together into an open and a closed month.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../shared/envelope.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { expectedBalances, storedBalances } from '../books/balances.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, request, save } from './voucher-test-kit.js';
import { runSetWrite, type Outcome, type SetWrite } from './write-queue.js';

describe.each(TEST_DIALECTS)('set-based group commit (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await sql`create table set_write_probe (n integer primary key)`.execute(server.db.kysely);
  });
  afterAll(() => server.close());

  const stored = async () =>
    (await sql<{ n: number }>`select n from set_write_probe order by n`.execute(server.db.kysely)).rows.map((r) => Number(r.n));

  /** Inserts each payload; refuses odd ones above 100 by outcome; a payload seen twice breaks the key. */
  function probe(batches: number[][]): SetWrite<number, number> {
    return async (trx, payloads) => {
      batches.push([...payloads]);
      const accepted = payloads.filter((n) => !(n > 100 && n % 2 === 1));
      for (const n of accepted) await sql`insert into set_write_probe (n) values (${n})`.execute(trx);
      return payloads.map((n): Outcome<number> =>
        accepted.includes(n) ? { ok: true, value: n * 10 } : { ok: false, error: new Error(`odd ${n}`) },
      );
    };
  }

  it('requests that arrive together are written together on PostgreSQL, one by one on SQLite', async () => {
    const batches: number[][] = [];
    const write = probe(batches);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => runSetWrite(server.db, 'probe', write, i + 1)));
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => (i + 1) * 10));
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    if (dialect === 'postgres') expect(batches.length).toBeLessThan(12);
    else expect(batches.every((b) => b.length === 1)).toBe(true);
    expect(await stored()).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('a refused request is answered with its refusal; the others of its batch are written', async () => {
    const write = probe([]);
    const results = await Promise.allSettled([101, 102, 103, 104].map((n) => runSetWrite(server.db, 'probe', write, n)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('odd 101'));
    expect((await stored()).filter((n) => n > 100)).toEqual([102, 104]);
  });

  it('a statement that fails sends every request of the batch through alone: only the failing one is refused', async () => {
    const batches: number[][] = [];
    const write = probe(batches);
    // 2 is stored already: its insert breaks the primary key.
    const results = await Promise.allSettled([200, 2, 202].map((n) => runSetWrite(server.db, 'probe', write, n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored()).filter((n) => n >= 200)).toEqual([200, 202]);
    expect(batches.at(-1)).toHaveLength(1);
  });
});

describe.each(TEST_DIALECTS)('new vouchers saved together (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
  });
  afterAll(() => server.close());

  it('one of them into a closed month is refused with 4014, the others are numbered 1..n with their lines and balances', async () => {
    const ztId = (await setIds(server.db))(FACTORY);
    await server.db.kysely
      .insertInto('period_close')
      .values({ zt_id: ztId, year: 2026, month: 4, closed_at: Date.now(), closed_by: 1 })
      .execute();
    const months = [5, 5, 4, 5, 5, 5, 4, 5];
    const answers = await Promise.all(
      months.map((month, i) =>
        save(kuaiji, request({ month, pzDate: `2026-0${month}-${String(i + 1).padStart(2, '0')}` }, 100 + i)),
      ),
    );
    answers.forEach((a, i) => {
      if (months[i] === 4)
        expect(a.body).toMatchObject({ errorCode: ErrorCode.PeriodClosed, errorMsg: VoucherMessages.periodClosed(2026, 4) });
      else expect(a.body.success).toBe(true);
    });
    const saved = answers.filter((a) => a.body.success).map((a) => a.body.data);
    expect(saved.map((v) => v.pzNo).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    const listed = (await kuaiji.get<Paged<Voucher>>(Paths.certificate, { year: 2026, beginMonth: 5, endMonth: 5 })).body.data
      .currentPageItems;
    expect(listed.map((v) => [v.id, v.pzNo]).sort()).toEqual(saved.map((v) => [v.id, v.pzNo]).sort());
    // Each voucher's answer is what was stored: its lines, its amounts.
    for (const v of saved) {
      const one = listed.find((r) => r.id === v.id);
      expect(one?.certiDetails.map((l) => [l.subjectCode, l.debitAmount, l.creditAmount])).toEqual(
        v.certiDetails.map((l) => [l.subjectCode, l.debitAmount, l.creditAmount]),
      );
    }
    expect(await storedBalances(server.db.kysely, ztId)).toEqual(await expectedBalances(server.db.kysely, ztId));
    const trail = await server.db.kysely
      .selectFrom('voucher_audit')
      .select(['voucher_id', 'seq', 'action'])
      .where('zt_id', '=', ztId)
      .execute();
    expect(trail.map((t) => t.voucher_id).sort()).toEqual(saved.map((v) => v.id).sort());
    expect(trail.every((t) => t.seq === 1 && t.action === 'create')).toBe(true);
    expect(
      await server.db.kysely.selectFrom('voucher').select('id').where('zt_id', '=', ztId).where('month', '=', 4).execute(),
    ).toEqual([]);
  });
});
