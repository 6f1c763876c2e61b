/**
 * Migration 0036 gives a database seeded before the asset pages what a new one gets from the catalogue: the
 * asset pages with their buttons (the three that existed gain theirs), the three asset reports, the 会计 role every
 * button of them, the 审核 role the reports, and 权限管理 the 生成凭证 key; run twice it changes nothing more.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAssetPages } from '../db/migrations/0036-assets.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

type Grant = { href: string; resourceList: string[] };
const OLD_PAGES: Readonly<Record<string, string[]>> = {
  '/fixed-assets/fixed-assets/assets-init': ['edit'],
  '/fixed-assets/fixed-assets/cards': ['add', 'edit', 'delete', 'modify'],
  '/fixed-assets/fixed-assets/depreciation': ['add'],
};
const isAssetPage = (href: string) =>
  href.startsWith('/fixed-assets/') ||
  [
    '/accounting-management/reports/assets-debt',
    '/accounting-management/reports/lower-asset-warning',
    '/accounting-management/reports/analysis',
  ].includes(href);

describe.each(TEST_DIALECTS)('migration 0036: the asset pages (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('adds the pages, the grants and the 生成凭证 key to a database seeded before them, once', async () => {
    const q = server.db.kysely;
    const seeded = async () => ({
      menu: (await q.selectFrom('menu').select(['href', 'title_name', 'buttons']).orderBy('href').execute()).filter((m) =>
        isAssetPage(m.href),
      ),
      levels: await q
        .selectFrom('user_level')
        .select(['code', 'resources'])
        .where('code', 'in', ['accountant', 'reviewer'])
        .orderBy('code')
        .execute(),
      keys: await q.selectFrom('permission').select('code').where('code', '=', 'voucher').execute(),
    });
    const fresh = await seeded();
    expect(fresh.menu.map((m) => m.href)).toHaveLength(9);
    expect(fresh.keys).toEqual([{ code: 'voucher' }]);

    // As before issue 23: three asset pages with their old buttons, no reports, no grants of the new, no key.
    const newHrefs = fresh.menu.map((m) => m.href).filter((h) => !(h in OLD_PAGES));
    await q.deleteFrom('menu').where('href', 'in', newHrefs).execute();
    for (const [href, buttons] of Object.entries(OLD_PAGES))
      await q
        .updateTable('menu')
        .set({ buttons: JSON.stringify(buttons) })
        .where('href', '=', href)
        .execute();
    for (const level of fresh.levels) {
      const before = (JSON.parse(level.resources) as Grant[])
        .filter((g) => !newHrefs.includes(g.href))
        .map((g) =>
          g.href in OLD_PAGES ? { ...g, resourceList: g.resourceList.filter((b) => OLD_PAGES[g.href]?.includes(b)) } : g,
        );
      await q
        .updateTable('user_level')
        .set({ resources: JSON.stringify(before) })
        .where('code', '=', level.code)
        .execute();
    }
    await q.deleteFrom('permission').where('code', '=', 'voucher').execute();

    await addAssetPages(q as unknown as Kysely<unknown>);
    await addAssetPages(q as unknown as Kysely<unknown>);

    const after = await seeded();
    expect(after.menu).toEqual(fresh.menu);
    expect(after.keys).toEqual(fresh.keys);
    const grantsOf = (levels: typeof fresh.levels, code: string) =>
      Object.fromEntries(
        (JSON.parse(levels.find((l) => l.code === code)?.resources ?? '[]') as Grant[])
          .filter((g) => isAssetPage(g.href))
          .map((g) => [g.href, [...g.resourceList].sort()]),
      );
    expect(grantsOf(after.levels, 'accountant')).toEqual(grantsOf(fresh.levels, 'accountant'));
    expect(grantsOf(after.levels, 'reviewer')).toEqual(grantsOf(fresh.levels, 'reviewer'));
    expect(grantsOf(after.levels, 'reviewer')['/accounting-management/reports/lower-asset-warning']).toEqual(['export']);
    expect(grantsOf(after.levels, 'accountant')['/fixed-assets/fixed-assets/cards']).toContain('voucher');
  });
});
