/**
 * Taking a ledger set's books apart: deleting a set (only one without vouchers and without lower
 * units, checked by the caller) and rebuilding the chart of a set whose accounting system or first
 * year is changed before it has books. Both run inside the caller's transaction.
 */
import { BACKED_UP, type BackedUpTable } from '../backup/covered-tables.js';
import type { Db } from '../db/database.js';
import type { RevokeReason } from '../auth/sessions.js';

/**
 * Ends the sessions inside the sets (they are refused at their next call with the reason) and,
 * when the sets are going away, lets go of them.
 */
export async function endSessionsIn(
  tx: Db,
  ztIds: readonly number[],
  reason: RevokeReason,
  now: number,
  exceptToken?: string,
): Promise<number> {
  if (ztIds.length === 0) return 0;
  let query = tx.kysely
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('zt_id', 'in', ztIds)
    .where('revoked_at', 'is', null);
  if (exceptToken) query = query.where('token_hash', '<>', exceptToken);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the set and every row it owns: the books' tables (in the backup's foreign-key order,
 * children first), who may open it, its backups' list (the files are removed by the caller after
 * the commit), and lets go of the sessions that were in it (ended). The operation log keeps its
 * records of the set.
 */
export async function deleteLedgerSet(tx: Db, ztId: number, now: number): Promise<void> {
  const q = tx.kysely;
  await endSessionsIn(tx, [ztId], 'zt-deleted', now);
  await q.updateTable('session').set({ zt_id: null, year: null }).where('zt_id', '=', ztId).execute();
  for (const table of [...BACKED_UP].reverse()) await q.deleteFrom(table).where('zt_id', '=', ztId).execute();
  await q.deleteFrom('user_zt_level').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('user_pz_type_right').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('zt_platform').where('zt_id', '=', ztId).execute();
  // The unit's own roles can be granted only in its subtree, which is this set alone now.
  await q.deleteFrom('user_level').where('owner_zt_id', '=', ztId).execute();
  await q.deleteFrom('department').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('backup').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('zt_info').where('id', '=', ztId).execute();
}

/**
 * What changing the accounting system or first year of a set without books throws away: the chart
 * of every year with its openings and balances, and the templates written against that chart. The
 * set keeps its voucher categories, auxiliary types and items, attachments and backups.
 */
const CHART_TABLES: readonly BackedUpTable[] = [
  'carry_forward_line',
  'voucher_template_line',
  'voucher_template',
  'subject_balance',
  'auxi_opening',
  'subject_auxi_type',
  'subject',
  'voucher_counter',
  'zt_year',
];

export async function clearChart(tx: Db, ztId: number): Promise<void> {
  for (const table of CHART_TABLES) await tx.kysely.deleteFrom(table).where('zt_id', '=', ztId).execute();
}
