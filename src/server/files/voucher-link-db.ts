/**
 * The attachment calls' view of the voucher tables (migration 0003): a voucher is locked once
 * reviewed or booked, closed when its month is in period_close; attaching raises its
 * number_of_document to at least the number of its files (never lowers it: paper documents
 * count too). An id not among the year's vouchers may be an adjustment voucher of the transition's
 * zero period (migration 0035): locked once the set is reconciled, never closed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findZeroVoucher, zeroVoucherInAnotherSet } from '../transition/zero-voucher-link.js';
import { voucherInAnotherSet } from '../vouchers/repository.js';
import type { VoucherLink, VoucherState } from './voucher-link.js';

export const voucherTables: VoucherLink = {
  async find(db: Kysely<Database>, ztId: number, voucherId: string): Promise<VoucherState | null> {
    const row = await db
      .selectFrom('voucher')
      .select(['zt_id', 'id', 'year', 'month', 'is_review', 'is_book', 'number_of_document'])
      .where('zt_id', '=', ztId)
      .where('id', '=', voucherId)
      .executeTakeFirst();
    if (!row) return findZeroVoucher(db, ztId, voucherId);
    const closed = await db
      .selectFrom('period_close')
      .select('month')
      .where('zt_id', '=', row.zt_id)
      .where('year', '=', row.year)
      .where('month', '=', row.month)
      .executeTakeFirst();
    return {
      id: row.id,
      ztId: row.zt_id,
      locked: row.is_review === 1 || row.is_book === 1,
      closed: closed !== undefined,
      numberOfDocument: row.number_of_document,
    };
  },

  async inAnotherSet(db: Kysely<Database>, ztId: number, voucherId: string): Promise<boolean> {
    if ((await voucherInAnotherSet(db, ztId, voucherId)) !== undefined) return true;
    return (await zeroVoucherInAnotherSet(db, ztId, voucherId)) !== undefined;
  },

  async raiseDocumentCount(db: Kysely<Database>, voucher: VoucherState, count: number): Promise<number> {
    if (count <= voucher.numberOfDocument) return voucher.numberOfDocument;
    if (voucher.zero) {
      await db
        .updateTable('transition_voucher')
        .set({ number_of_document: count })
        .where('zt_id', '=', voucher.ztId)
        .where('id', '=', voucher.id)
        .where('number_of_document', '<', count)
        .execute();
      return count;
    }
    await db
      .updateTable('voucher')
      .set({ number_of_document: count })
      .where('zt_id', '=', voucher.ztId)
      .where('id', '=', voucher.id)
      .where('number_of_document', '<', count)
      .execute();
    return count;
  },
};
