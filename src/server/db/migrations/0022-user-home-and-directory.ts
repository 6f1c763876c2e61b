/**
 * People of the user center (issue 18 §2): each user's home unit (the ledger set of the union the
 * person works for; a county federation's administrator manages the users whose home unit is in
 * its subtree), phone, user type and department; the user types (one list for the installation)
 * and the departments (each of one unit).
 *
 * Users of a database seeded before get as home unit the first set (by id) they hold a grant in,
 * which for the demo union is the city federation for 李会计 and the factory for the others; a
 * super administrator keeps none (it belongs to every unit). Login names become unique ignoring
 * case (the lookup stays exact; see auth/login-name.ts), unless an old database already holds two
 * names differing only in case: then the index is left out and the service's check alone guards.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
  };
  await withId('user_type')
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId('department')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('department_zt_name_unique', ['zt_id', 'name'])
    .execute();

  await db.schema.alterTable('app_user').addColumn('home_zt_id', id).execute();
  await db.schema
    .alterTable('app_user')
    .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('app_user').addColumn('user_type_id', id).execute();
  await db.schema.alterTable('app_user').addColumn('department_id', id).execute();
  await db.schema.createIndex('app_user_home_idx').on('app_user').column('home_zt_id').execute();

  // Whether a user ever worked on vouchers (a user who did is never deleted) is asked of the trail.
  await db.schema.createIndex('voucher_audit_user_idx').on('voucher_audit').column('user_id').execute();

  await sql`update app_user set home_zt_id = (select min(l.zt_id) from user_zt_level l where l.user_id = app_user.id)
            where is_admin = 0`.execute(db);

  const { rows } = await sql<{ n: number }>`select count(*) as n from (select lower(login_name) as k from app_user
            group by lower(login_name) having count(*) > 1) d`.execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) {
    await sql`create unique index app_user_login_name_ci on app_user (lower(login_name))`.execute(db);
  }
}
