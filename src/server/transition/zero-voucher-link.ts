/**
 * What the attachment calls (files/voucher-link-db.ts) know of an adjustment voucher of the zero period: its state
 * (locked once the set is reconciled; the zero period is never closed) and whether an id is another set's.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { VoucherState } from '../files/voucher-link.js';

export async function findZeroVoucher(db: Kysely<Database>, ztId: number, voucherId: string): Promise<VoucherState | null> {
  const row = await db
    .selectFrom('transition_voucher')
    .select(['zt_id', 'id', 'number_of_document'])
    .where('zt_id', '=', ztId)
    .where('id', '=', voucherId)
    .executeTakeFirst();
  if (!row) return null;
  const state = await db.selectFrom('transition_state').select('reconciled').where('zt_id', '=', ztId).executeTakeFirst();
  return {
    id: row.id,
    ztId: row.zt_id,
    locked: state?.reconciled === 1,
    closed: false,
    numberOfDocument: row.number_of_document,
    zero: true,
  };
}

/** Another set's adjustment voucher with this id (the refusal path's probe, as zero-vouchers.ts refuseMissing). */
export function zeroVoucherInAnotherSet(db: Kysely<Database>, ztId: number, id: string): Promise<{ zt_id: number } | undefined> {
  return db
    .selectFrom('transition_voucher')
    .select('zt_id')
    .where('id', '=', id)
    .where('zt_id', '!=', ztId)
    .limit(1)
    .executeTakeFirst();
}
