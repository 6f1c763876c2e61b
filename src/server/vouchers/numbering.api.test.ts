import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../shared/envelope.js';
import type { Voucher, VoucherAuditEntry } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, modifyOf, refOf, request, save } from './voucher-test-kit.js';

describe.each(TEST_DIALECTS)('voucher numbering under concurrency (%s)', (dialect) => {
  let server: TestServer;
  let clients: ApiClient[];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    const admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', FACTORY);
    clients = [kuaiji, admin];
  });
  afterAll(() => server.close());

  const numbers = async (month: number, certificateType: number): Promise<number[]> => {
    const list = await clients[0]?.get<Paged<Voucher>>(Paths.certificate, {
      year: 2026,
      beginMonth: month,
      endMonth: month,
      certificateType,
    });
    return (list?.body.data.currentPageItems ?? []).map((v) => v.pzNo);
  };
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('40 parallel saves into one period get 1..40: no gap, no duplicate', async () => {
    const answers = await Promise.all(
      range(40).map((i) =>
        save(
          clients[i % clients.length] as ApiClient,
          request({ month: 3, pzDate: `2026-03-${String((i % 28) + 1).padStart(2, '0')}` }, i),
        ),
      ),
    );
    expect(answers.map((a) => a.body.errorMsg)).toEqual(answers.map(() => null));
    expect(answers.map((a) => a.body.data.pzNo).sort((a, b) => a - b)).toEqual(range(40));
    expect(await numbers(3, 1)).toEqual(range(40));
  });

  it('parallel saves across periods and categories number each one on its own', async () => {
    const keys = [
      { month: 4, certificateType: 1 },
      { month: 4, certificateType: 2 },
      { month: 5, certificateType: 1 },
    ];
    const answers = await Promise.all(
      range(30).map((i) => {
        const k = keys[i % keys.length] ?? { month: 4, certificateType: 1 };
        return save(clients[i % clients.length] as ApiClient, request({ ...k, pzDate: `2026-0${k.month}-15` }));
      }),
    );
    expect(answers.every((a) => a.body.success)).toBe(true);
    for (const k of keys) expect(await numbers(k.month, k.certificateType)).toEqual(range(10));
  });

  it('saves racing deletes and a renumbering still leave unique numbers, and reloadBreak closes every gap', async () => {
    const first = await Promise.all(
      range(10).map((i) => save(clients[i % 2] as ApiClient, request({ month: 6, pzDate: '2026-06-10' }))),
    );
    const victims = first.filter((_, i) => i % 3 === 0).map((a) => refOf(a.body.data));
    const [more, deleted] = await Promise.all([
      Promise.all(range(10).map((i) => save(clients[i % 2] as ApiClient, request({ month: 6, pzDate: '2026-06-11' })))),
      clients[0]?.delete(Paths.certificate, { year: 2026, details: JSON.stringify(victims) }),
    ]);
    expect(deleted?.body.success).toBe(true);
    expect(more.every((a) => a.body.success)).toBe(true);
    const after = await numbers(6, 1);
    expect(new Set(after).size).toBe(after.length);
    expect(after).toHaveLength(20 - victims.length);
    await clients[1]?.post(Paths.reloadBreak, { year: 2026, month: 6, certificateType: 1 });
    expect(await numbers(6, 1)).toEqual(range(20 - victims.length));
  });

  it('the unique index refuses a second voucher on a number', async () => {
    const ztId = (await setIds(server.db))(FACTORY);
    const row = await server.db.kysely
      .selectFrom('voucher')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('month', '=', 3)
      .where('pz_no', '=', 1)
      .executeTakeFirstOrThrow();
    await expect(
      server.db.kysely
        .insertInto('voucher')
        .values({ ...row, id: 'duplicate' })
        .execute(),
    ).rejects.toThrow();
  });

  it('writes refused inside a shared commit roll back alone; the others keep their numbers and audit rows', async () => {
    const ztId = (await setIds(server.db))(FACTORY);
    await server.db.kysely
      .insertInto('period_close')
      .values({ zt_id: ztId, year: 2026, month: 8, closed_at: Date.now(), closed_by: 1 })
      .execute();
    const auditsBefore = await server.db.kysely
      .selectFrom('voucher_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const months = range(24).map((n) => (n % 3 === 0 ? 8 : 7));
    const answers = await Promise.all(
      months.map((month, i) => save(clients[i % 2] as ApiClient, request({ month, pzDate: `2026-0${month}-10` }))),
    );
    const refused = answers.filter((_, i) => months[i] === 8);
    const saved = answers.filter((_, i) => months[i] === 7);
    expect(refused.map((a) => a.body.errorCode)).toEqual(refused.map(() => 4014));
    expect(saved.every((a) => a.body.success)).toBe(true);
    expect(await numbers(7, 1)).toEqual(range(16));
    expect(await numbers(8, 1)).toEqual([]);
    const auditsAfter = await server.db.kysely
      .selectFrom('voucher_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditsAfter.n) - Number(auditsBefore.n)).toBe(16);
  });

  it('a review racing a change or a deletion never leaves a reviewed voucher changed or deleted', async () => {
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    const [kuaiji] = clients as [ApiClient];
    for (let round = 0; round < 6; round++) {
      const v = (await save(kuaiji, request({ month: 9, pzDate: '2026-09-09' }))).body.data;
      const review = shenhe.post(Paths.certificateReview, { year: 2026, details: [refOf(v)], isReview: true });
      const write =
        round % 2 === 0
          ? save(kuaiji, modifyOf(v, { numberOfDocument: 7 }))
          : kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v)]) });
      const [reviewed, written] = await Promise.all([review, write]);
      // At most one of them wins against the other's state; both may succeed only if the write came first.
      const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: v.id })).body.data.map((t) => t.action);
      const reviewAt = trail.indexOf('review');
      if (reviewAt >= 0) expect(trail.slice(reviewAt)).not.toContain(round % 2 === 0 ? 'modify' : 'delete');
      if (reviewed.body.success && written.body.success)
        expect(trail.indexOf(round % 2 === 0 ? 'modify' : 'delete')).toBeLessThan(reviewAt === -1 ? Infinity : reviewAt);
      if (!reviewed.body.success) expect(written.body.success).toBe(true);
      const detail = await kuaiji.get<Voucher>(Paths.certificateDetail, { id: v.id });
      if (detail.body.success && detail.body.data.isReview) expect(trail.at(-1)).toBe('review');
    }
  });

  it('205 parallel saves into one period: 1..205, listed 200 to a page by default', { timeout: 60_000 }, async () => {
    const answers = await Promise.all(
      range(205).map((i) => save(clients[i % 2] as ApiClient, request({ month: 10, pzDate: '2026-10-20' }))),
    );
    expect(answers.filter((a) => !a.body.success).map((a) => a.body.errorMsg)).toEqual([]);
    const page = async (pageIndex?: number) =>
      (
        await clients[0]?.get<Paged<Voucher>>(Paths.certificate, {
          year: 2026,
          beginMonth: 10,
          endMonth: 10,
          ...(pageIndex ? { pageIndex } : {}),
        })
      )?.body.data;
    const first = await page();
    const second = await page(2);
    expect(first?.totalItemCount).toBe(205);
    expect(first?.currentPageItems.map((v) => v.pzNo)).toEqual(range(200));
    expect(second?.currentPageItems.map((v) => v.pzNo)).toEqual([201, 202, 203, 204, 205]);
  });
});
