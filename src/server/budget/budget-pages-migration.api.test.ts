/**
 * Migration 0034 gives a database seeded before the budget pages what a new one gets from the
 * catalogue: the pages under 预算管理 after 项目预算 (which gains zdrapproval), the 会计 role every
 * new button but the approval, the 审核 role the approval and the execution report, and 权限管理
 * the new button keys; run twice it changes nothing more.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_PAGES } from '../admin/menu-catalogue.js';
import { up as migration0034 } from '../db/migrations/0034-budget-pages.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

type Grant = { href: string; resourceList: string[] };
const NEW_HREFS = BUDGET_PAGES.map((p) => p.href).filter((h) => h !== '/budget-management/project-budget');
const PROJECT_BUDGET = '/budget-management/project-budget';

describe.each(TEST_DIALECTS)('migration 0034: the budget pages (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('adds the pages, the grants and the button keys to a database seeded before them, once', async () => {
    const q = server.db.kysely;
    const seeded = async () => ({
      menu: await q
        .selectFrom('menu')
        .select(['href', 'title_name', 'buttons'])
        .where('href', 'like', '/budget-management/%')
        .orderBy('sort')
        .execute(),
      levels: await q
        .selectFrom('user_level')
        .select(['code', 'resources'])
        .where('code', 'in', ['accountant', 'reviewer'])
        .orderBy('code')
        .execute(),
      keys: await q
        .selectFrom('permission')
        .select('code')
        .where('code', 'in', ['zdrapproval', 'submit', 'approve'])
        .orderBy('code')
        .execute(),
    });
    const fresh = await seeded();
    // As before issue 21: 项目预算 alone with add / edit / delete, no grants of the new pages, no new keys.
    await q.deleteFrom('menu').where('href', 'in', NEW_HREFS).execute();
    await q.updateTable('menu').set({ buttons: '["add","edit","delete"]' }).where('href', '=', PROJECT_BUDGET).execute();
    for (const level of fresh.levels) {
      const before = (JSON.parse(level.resources) as Grant[])
        .filter((g) => !NEW_HREFS.includes(g.href))
        .map((g) => (g.href === PROJECT_BUDGET ? { ...g, resourceList: g.resourceList.filter((b) => b !== 'zdrapproval') } : g));
      await q
        .updateTable('user_level')
        .set({ resources: JSON.stringify(before) })
        .where('code', '=', level.code)
        .execute();
    }
    await q.deleteFrom('permission').where('code', 'in', ['zdrapproval', 'submit', 'approve']).execute();

    await migration0034(q as unknown as Kysely<unknown>);
    await migration0034(q as unknown as Kysely<unknown>);

    const after = await seeded();
    expect(after.menu).toEqual(fresh.menu);
    expect(after.keys).toEqual(fresh.keys);
    const grantsOf = (levels: typeof fresh.levels, code: string) =>
      Object.fromEntries(
        (JSON.parse(levels.find((l) => l.code === code)?.resources ?? '[]') as Grant[])
          .filter((g) => g.href.startsWith('/budget-management/'))
          .map((g) => [g.href, [...g.resourceList].sort()]),
      );
    expect(grantsOf(after.levels, 'accountant')).toEqual(grantsOf(fresh.levels, 'accountant'));
    expect(grantsOf(after.levels, 'reviewer')).toEqual(grantsOf(fresh.levels, 'reviewer'));
    expect(grantsOf(after.levels, 'accountant')['/budget-management/fangan-shenpi']).toEqual([]);
    expect(grantsOf(after.levels, 'reviewer')['/budget-management/fangan-shenpi']).toEqual(['approve']);
  });
});
