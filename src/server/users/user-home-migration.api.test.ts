/**
 * Migration 0022 on a database from before it: each user gains as home unit the first set it holds
 * a grant in (a super administrator none), and login names become unique ignoring case, unless two
 * old names already differ only in case (then the migration still runs, without the index).
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const MIGRATION = '0022-user-home-and-directory';

async function undo(q: Kysely<Database>): Promise<void> {
  for (const index of ['app_user_login_name_ci', 'app_user_home_idx', 'voucher_audit_user_idx'])
    await sql`drop index if exists ${sql.id(index)}`.execute(q);
  for (const column of ['home_zt_id', 'phone', 'user_type_id', 'department_id'])
    await sql`alter table app_user drop column ${sql.id(column)}`.execute(q);
  await sql`drop table department`.execute(q);
  await sql`drop table user_type`.execute(q);
  await sql`delete from kysely_migration where name = ${MIGRATION}`.execute(q);
}

const homes = async (q: Kysely<Database>) =>
  Object.fromEntries(
    (
      await q
        .selectFrom('app_user as u')
        .leftJoin('zt_info as z', 'z.id', 'u.home_zt_id')
        .select(['u.login_name', 'z.code'])
        .execute()
    ).map((r) => [r.login_name, r.code]),
  );

describe.each(TEST_DIALECTS)('user home migration (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('gives old users the first set they are granted as home unit, and makes login names unique ignoring case', async () => {
    const q = server.db.kysely;
    await undo(q);
    expect(await migrate(server.db)).toEqual([MIGRATION]);
    expect(await homes(q)).toEqual({ admin: null, kuaiji: '001', shenhe: '001001', chuna: '001001' });
    const row = {
      name: '重名',
      password_hash: 'x',
      is_admin: 0,
      enable: 1,
      must_change_password: 1,
      password_changed_at: 0,
      created_at: 0,
    };
    await expect(
      q
        .insertInto('app_user')
        .values({ ...row, login_name: 'KuaiJi' })
        .execute(),
    ).rejects.toThrow();
  });

  it('still runs on a database holding two names that differ only in case, leaving the index out', async () => {
    const q = server.db.kysely;
    await undo(q);
    const row = {
      name: '旧',
      password_hash: 'x',
      is_admin: 0,
      enable: 1,
      must_change_password: 1,
      password_changed_at: 0,
      created_at: 0,
    };
    await q
      .insertInto('app_user')
      .values([
        { ...row, login_name: 'old1' },
        { ...row, login_name: 'OLD1' },
      ])
      .execute();
    expect(await migrate(server.db)).toEqual([MIGRATION]);
    expect((await homes(q)).old1).toBeNull();
  });
});
