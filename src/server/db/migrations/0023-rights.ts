/**
 * Rights of the user center (issue 18 §3). A role (user_level) gains its owner, its recommended
 * flag and a remark: owner_zt_id null is a role of the whole installation (the seeded 会计, 审核,
 * 出纳, 管理员 and any the super administrator makes), which only the super administrator edits; a
 * subtree administrator's roles are owned by its unit's set and are granted only inside that
 * unit's subtree. user_pz_type_right lists the voucher categories (certificate_type.value) a user
 * may use in a set; a user without rows in a set may use every category there (as before).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  await db.schema.alterTable('user_level').addColumn('owner_zt_id', id).execute();
  await db.schema
    .alterTable('user_level')
    .addColumn('is_recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('user_level')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('user_pz_type_right')
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('certificate_type', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_pz_type_right_pk', ['user_id', 'zt_id', 'certificate_type'])
    .execute();
}
