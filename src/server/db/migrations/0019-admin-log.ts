/**
 * The operation log of the user center (issue 18 §4): every administrative change (ledger sets,
 * users, roles, grants, passwords) with who made it, when, from where, and the record before and
 * after. zt_id is the ledger set the change concerns (the set itself, or the set a grant is in),
 * so an administrator of a subtree reads the log of that subtree; null for a change of the
 * installation (a role, a menu) or of a user without a set.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const table = db.schema.createTable('admin_log');
  await (
    dialect === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
  )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', id)
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('zt_id', id)
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)')
    .addColumn('summary', 'varchar(255)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('admin_log_at_idx').on('admin_log').column('at').execute();
  await db.schema.createIndex('admin_log_zt_at_idx').on('admin_log').columns(['zt_id', 'at']).execute();
}
