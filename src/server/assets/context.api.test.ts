/**
 * The first asset call of a set makes its setting row (not initialised, from January of the set's first year) and
 * the category tree of templates/assets/categories.ts; calls racing for it make one of each, and a set's categories
 * are its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SEEDS } from '../../../templates/assets/categories.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { assetContext, seededCategories } from './context.js';

describe.each(TEST_DIALECTS)('the asset context of a set (%s)', (dialect) => {
  let server: TestServer;
  let a: number;
  let b: number;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    a = await createSet(server.db, { name: '资产上下文甲', code: 'ZC-CTX-1', system: 'union-grassroots', year: 2023 });
    b = await createSet(server.db, { name: '资产上下文乙', code: 'ZC-CTX-2', system: 'union-county', year: 2024 });
  });
  afterAll(() => server.close());

  it('is made once, even when the first calls race, with the seeded categories', async () => {
    const q = server.db.kysely;
    const contexts = await Promise.all([1, 2, 3, 4].map(() => assetContext(q, { id: a, year: 2023 })));
    for (const ctx of contexts)
      expect(ctx).toMatchObject({ ztId: a, initDone: false, initYear: 2023, initMonth: 1, isProvision: false });
    const settings = await q.selectFrom('asset_setting').select('zt_id').where('zt_id', '=', a).execute();
    expect(settings).toHaveLength(1);
    const categories = await q.selectFrom('asset_category').selectAll().where('zt_id', '=', a).orderBy('id').execute();
    const seedCount = CATEGORY_SEEDS.reduce((n, top) => n + 1 + (top.children?.length ?? 0), 0);
    expect(categories).toHaveLength(seedCount);
    expect(categories.map((c) => ({ ...c, zt_id: Number(c.zt_id) }))).toEqual(seededCategories(a));
    // 附录2: 计算机设备 at least 6 years; land is not depreciated.
    expect(categories.find((c) => c.code === '0201')).toMatchObject({ name: '计算机设备', life_months: 72, depreciates: 1 });
    expect(categories.find((c) => c.code === '08')).toMatchObject({ depreciates: 0, life_months: 0 });
  });

  it('keeps each set to its own rows', async () => {
    const q = server.db.kysely;
    await assetContext(q, { id: b, year: 2024 });
    const count = async (ztId: number) =>
      Number(
        (
          await q
            .selectFrom('asset_category')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('zt_id', '=', ztId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count(b)).toBe(await count(a));
    await q.deleteFrom('asset_category').where('zt_id', '=', b).where('code', '=', '08').execute();
    expect(await count(a)).toBe((await count(b)) + 1);
  });
});
