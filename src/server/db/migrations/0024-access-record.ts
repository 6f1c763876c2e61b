/**
 * Access records (issue 18 §4, the user center's 访问记录): every sign-in attempt, with the login
 * name as typed, the user when one matched, the address, and success or the failure's reason;
 * every set chosen after sign-in (or refused: a disabled or expired set); every sign-out and every
 * session ended by the server (replaced by a sign-in elsewhere, the user disabled...).
 *
 * zt_id is the set a choice concerns (null for a sign-in, which names no set). The indexes serve
 * the list's reads: by time, by address and time (the per-address summary), by user and by set.
 * The operation log's list filters by zt_id with time and by time alone (0019's indexes), and by
 * the actor and by the action, whose indexes are added here; a subtree administrator's access
 * records name the users granted in the subtree, read by set from user_zt_level.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const table = db.schema.createTable('access_record');
  await (
    dialect === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
  )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', id)
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('zt_id', id)
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_record_at_idx').on('access_record').column('at').execute();
  await db.schema.createIndex('access_record_address_at_idx').on('access_record').columns(['address', 'at']).execute();
  await db.schema.createIndex('access_record_user_at_idx').on('access_record').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('access_record_zt_at_idx').on('access_record').columns(['zt_id', 'at']).execute();
  await db.schema.createIndex('admin_log_user_at_idx').on('admin_log').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('admin_log_action_at_idx').on('admin_log').columns(['action', 'at']).execute();
  // The users granted in a subtree (a subtree administrator's access records): by set, not by user.
  await db.schema.createIndex('user_zt_level_zt_user_idx').on('user_zt_level').columns(['zt_id', 'user_id']).execute();
}
