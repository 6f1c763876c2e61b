/**
 * Foundation tables: users, levels (roles), ledger sets and their years, access, sessions,
 * captchas, login failures, menus, subjects. Forward-only: a later change is a new migration.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Surrogate ids: INTEGER PRIMARY KEY on SQLite, an identity column on PostgreSQL.
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const idCol = (name: string, t: Parameters<Kysely<unknown>['schema']['createTable']>[0]) => {
    const table = db.schema.createTable(t);
    return dialect === 'sqlite'
      ? table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn(name, 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
  };
  const money = 'bigint' as const;

  await idCol('id', 'app_user')
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idCol('id', 'user_level')
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('resources', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await idCol('id', 'zt_info')
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expire_time', 'varchar(10)')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_improve_unit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_asset_check', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upper_id', id, (c) => c.references('zt_info.id'))
    .addColumn('accounting_system', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('zt_year')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('account_month', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('subjects_initialised', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('zt_year_pk', ['zt_id', 'year'])
    .execute();

  await db.schema
    .createTable('user_zt_level')
    .addColumn('user_id', id, (c) => c.notNull().references('app_user.id'))
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('user_level_id', id, (c) => c.notNull().references('user_level.id'))
    .addPrimaryKeyConstraint('user_zt_level_pk', ['user_id', 'zt_id'])
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('app_user.id'))
    .addColumn('sign_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('zt_id', id, (c) => c.references('zt_info.id'))
    .addColumn('year', 'integer')
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_reason', 'varchar(16)')
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').columns(['user_id', 'revoked_at']).execute();

  await db.schema
    .createTable('captcha')
    .addColumn('captcha_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_expires_idx').on('captcha').column('expires_at').execute();

  await idCol('id', 'login_failure')
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failure_name_idx').on('login_failure').columns(['login_name', 'at']).execute();
  await db.schema.createIndex('login_failure_address_idx').on('login_failure').columns(['address', 'at']).execute();

  await db.schema
    .createTable('menu')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('parent_id', id, (c) => c.references('menu.id'))
    .addColumn('href', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('title_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('icon', 'varchar(64)')
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('buttons', 'text', (c) => c.notNull())
    .addColumn('admin_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('subject')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(32)')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('balance_direction', 'integer', (c) => c.notNull())
    .addColumn('is_budget', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_level', 'integer', (c) => c.notNull())
    .addColumn('is_standard', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('init_amount', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('subject_pk', ['zt_id', 'year', 'code'])
    .execute();
}
