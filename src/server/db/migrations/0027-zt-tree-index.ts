/**
 * 账套管理's tree is read level by level (a unit's direct children, and how many each has): an
 * index on the upper unit, with the code the children are listed by, so one level of a
 * province's 10,000 sets is read without scanning them all.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('zt_info_upper_ix').on('zt_info').columns(['upper_id', 'code']).execute();
}
