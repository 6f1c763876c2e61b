/**
 * Removes attachments nobody can reach any more: files of vouchers that were deleted, and
 * uploads never attached to a voucher within a day (an editor closed without saving). Rows go
 * first, in one statement per ledger set; the bytes after. Runs when the server is ready and
 * then every few hours; a failure is logged and retried next time.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FileStore } from './file-store.js';

export const UNATTACHED_MAX_AGE_MS = 24 * 3_600_000;
export const SWEEP_INTERVAL_MS = 6 * 3_600_000;

export async function sweepAttachments(db: Kysely<Database>, store: FileStore, now = Date.now()): Promise<number> {
  // Set by set: every statement on a ledger table names one set (db/ledger-tables.ts).
  const sets = await db.selectFrom('zt_info').select('id').orderBy('id').execute();
  let removed = 0;
  for (const { id: ztId } of sets) {
    const orphans = await db
      .selectFrom('file_relation as f')
      .select(['f.zt_id', 'f.file_id'])
      .where('f.zt_id', '=', ztId)
      .where((eb) =>
        eb.or([
          eb.and([eb('f.voucher_id', 'is', null), eb('f.created_at', '<', now - UNATTACHED_MAX_AGE_MS)]),
          eb.and([
            eb('f.voucher_id', 'is not', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('voucher as v')
                  .select('v.id')
                  .whereRef('v.zt_id', '=', 'f.zt_id')
                  .whereRef('v.id', '=', 'f.voucher_id'),
              ),
            ),
            // An adjustment voucher of the transition's zero period keeps its files too.
            eb.not(
              eb.exists(
                eb
                  .selectFrom('transition_voucher as t')
                  .select('t.id')
                  .whereRef('t.zt_id', '=', 'f.zt_id')
                  .whereRef('t.id', '=', 'f.voucher_id'),
              ),
            ),
          ]),
        ]),
      )
      .execute();
    for (const row of orphans) {
      await db.deleteFrom('file_relation').where('zt_id', '=', row.zt_id).where('file_id', '=', row.file_id).execute();
      await store.remove(row.zt_id, row.file_id);
    }
    removed += orphans.length;
  }
  return removed;
}
