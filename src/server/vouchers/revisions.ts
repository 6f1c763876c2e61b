/**
 * Revisions across a restore. A restore makes a set's vouchers those of a backup, each with the
 * revision it had then (or 1, from a backup older than revisions), so a revision a user saw
 * before the restore could name a different content afterwards. The restore therefore gives every
 * restored voucher the revision one above the highest the set had before it: whatever a user saw
 * before the restore is refused as stale after it, and revisions grow by one per restore, not more.
 */
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

/** Gives every voucher of the set the revision ceiling + 1 (call after the restored rows are in). */
export async function liftRevisions(q: Q, ztId: number, ceiling: number): Promise<void> {
  await q
    .updateTable('voucher')
    .set({ revision: ceiling + 1 })
    .where('zt_id', '=', ztId)
    .execute();
}
