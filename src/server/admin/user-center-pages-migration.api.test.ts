/**
 * Migration 0018 on a database seeded before it: the user center held only its six admin-only
 * pages; it gains the administration pages, the catalogue's buttons and flags, and the 管理员 role,
 * and what it gives equals what a new database is seeded with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { migrate } from '../db/migrate.js';
import { USER_CENTER_PAGES_0018 } from '../db/migrations/0018-user-center-pages.js';
import type { Database } from '../db/schema.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { LEVEL_CATALOGUE, USER_CENTER_PAGES } from './menu-catalogue.js';

const MIGRATION = '0018-user-center-pages';
const OLD_PAGES = ['zt-management', 'ordinary-user-management', 'role-management', 'menu-management', 'backup', 'log-center'].map(
  (p) => `/user-center/${p}`,
);

const userCenter = (q: Kysely<Database>) =>
  q
    .selectFrom('menu as m')
    .innerJoin('menu as top', 'top.id', 'm.parent_id')
    .select(['m.href', 'm.title_name', 'm.buttons', 'm.admin_only', 'm.enable'])
    .where('top.href', '=', '/user-center')
    .orderBy('m.sort')
    .execute();

describe.each(TEST_DIALECTS)('user-center pages migration (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('the frozen page list is the catalogue’s', () => {
    expect(USER_CENTER_PAGES_0018.map((p) => ({ ...p }))).toEqual(
      USER_CENTER_PAGES.map((p) => ({
        href: p.href,
        titleName: p.titleName,
        buttons: p.buttons ?? [],
        adminOnly: !!p.adminOnly,
      })),
    );
  });

  it('gives a database seeded before it every administration page and the 管理员 role, as a new one is seeded', async () => {
    const q = server.db.kysely;
    const seeded = await userCenter(q);
    const role = await q
      .selectFrom('user_level')
      .select(['name', 'resources'])
      .where('code', '=', 'administrator')
      .executeTakeFirstOrThrow();
    expect(seeded.map((r) => r.href)).toEqual(USER_CENTER_PAGES.map((p) => p.href));
    expect(JSON.parse(role.resources)).toEqual(
      Object.entries(LEVEL_CATALOGUE.find((l) => l.code === 'administrator')?.grants ?? {}).map(([href, resourceList]) => ({
        href,
        resourceList,
      })),
    );

    // As it was before: six admin-only pages, no administrator role.
    await q.deleteFrom('menu').where('href', 'like', '/user-center/%').where('href', 'not in', OLD_PAGES).execute();
    await q.updateTable('menu').set({ admin_only: 1, buttons: '[]' }).where('href', 'like', '/user-center%').execute();
    await q.deleteFrom('user_level').where('code', '=', 'administrator').execute();
    await sql`delete from kysely_migration where name = ${MIGRATION}`.execute(q);

    expect(await migrate(server.db)).toEqual([MIGRATION]);
    expect(await userCenter(q)).toEqual(seeded);
    const top = await q.selectFrom('menu').select('admin_only').where('href', '=', '/user-center').executeTakeFirstOrThrow();
    expect(top.admin_only).toBe(0);
    const migrated = await q
      .selectFrom('user_level')
      .select(['name', 'resources'])
      .where('code', '=', 'administrator')
      .executeTakeFirstOrThrow();
    expect(migrated).toEqual(role);

    // Again: nothing changes, and the role is not doubled.
    await sql`delete from kysely_migration where name = ${MIGRATION}`.execute(q);
    expect(await migrate(server.db)).toEqual([MIGRATION]);
    expect(await userCenter(q)).toEqual(seeded);
    expect(await q.selectFrom('user_level').select('id').where('code', '=', 'administrator').execute()).toHaveLength(1);
  });
});
