import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FIXED_INSERT_MAX_ROWS, fixedQuery, insertRows, slot } from './fixed-query.js';

describe.each(TEST_DIALECTS)('fixed queries (%s)', (dialect) => {
  let server: TestServer;
  let ztId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = (await setIds(server.db))('示范市第一机械厂工会');
  });
  afterAll(() => server.close());

  const byContent = fixedQuery('test.summaryByContent', (q) =>
    q
      .selectFrom('voucher_summary')
      .select(['id', 'content'])
      .where('zt_id', '=', slot<number>(0))
      .where('content', '=', slot<string>(1))
      // A constant of the builder stays what it was.
      .where('id', '>', 0)
      .orderBy('id'),
  );

  it('run with new values each time, in the same transaction as the builder’s queries', async () => {
    await insertRows(server.db.kysely, 'voucher_summary', [
      { zt_id: ztId, id: 9001, content: '甲' },
      { zt_id: ztId, id: 9002, content: '乙' },
      { zt_id: ztId, id: 9003, content: '甲' },
    ]);
    expect((await byContent(server.db.kysely, [ztId, '甲'])).rows).toEqual([
      { id: 9001, content: '甲' },
      { id: 9003, content: '甲' },
    ]);
    expect((await byContent(server.db.kysely, [ztId, '乙'])).rows).toEqual([{ id: 9002, content: '乙' }]);
    expect((await byContent(server.db.kysely, [ztId + 1000, '甲'])).rows).toEqual([]);
    await expect(
      server.db.kysely.transaction().execute(async (trx) => {
        await insertRows(trx, 'voucher_summary', [{ zt_id: ztId, id: 9004, content: '丙' }]);
        expect((await byContent(trx, [ztId, '丙'])).rows).toEqual([{ id: 9004, content: '丙' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await byContent(server.db.kysely, [ztId, '丙'])).rows).toEqual([]);
  });

  it('inserts more rows than it keeps texts for through the builder, all of them', async () => {
    const rows = Array.from({ length: FIXED_INSERT_MAX_ROWS + 3 }, (_, i) => ({ zt_id: ztId, id: 9100 + i, content: '丁' }));
    await insertRows(server.db.kysely, 'voucher_summary', rows);
    expect((await byContent(server.db.kysely, [ztId, '丁'])).rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('compiles anew on an instance with plugins (they may rewrite the query)', async () => {
    const seen: string[] = [];
    const watching = server.db.kysely.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') seen.push('select');
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    await byContent(server.db.kysely, [ztId, '甲']);
    await byContent(watching, [ztId, '甲']);
    await byContent(watching, [ztId, '乙']);
    expect(seen).toEqual(['select', 'select']);
  });

  it('refuses a call that leaves a slot without a value', async () => {
    await expect(byContent(server.db.kysely, [ztId])).rejects.toThrow('no value for slot 1');
  });
});
