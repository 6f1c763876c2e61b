/**
 * Revisions across a restore. A restore makes a set's vouchers those of a backup, each with the
 * revision it had then (or 1, from a backup older than revisions), so a revision a user saw
 * before the restore could name a different content afterwards. The restore therefore lifts every
 * restored voucher's revision above the highest the set had before it: whatever a user saw before
 * the restore is refused as stale after it.
 */
import { sql } from 'kysely';
import type { Q } from '../subjects/subject-repository.js';

/** The highest revision among the set's vouchers (0 with none). */
export async function revisionCeiling(q: Q, ztId: number): Promise<number> {
  const row = await q
    .selectFrom('voucher')
    .select((eb) => eb.fn.max<number | null>('revision').as('top'))
    .where('zt_id', '=', ztId)
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** Raises every voucher's revision of the set by `ceiling` (call after the restored rows are in). */
export async function liftRevisions(q: Q, ztId: number, ceiling: number): Promise<void> {
  if (ceiling <= 0) return;
  await q
    .updateTable('voucher')
    .set({ revision: sql<number>`revision + ${ceiling}` })
    .where('zt_id', '=', ztId)
    .execute();
}
