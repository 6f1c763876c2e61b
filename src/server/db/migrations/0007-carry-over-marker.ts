/**
 * Marks vouchers written by a carry-forward (1 month-end, 2 year-end), so the detail ledger can
 * leave them out (removeCarryForwardVoucher) and the close check can see whether a month's income
 * and expense were carried forward. Ordinary vouchers are 0.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('voucher')
    .addColumn('carry_over', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
