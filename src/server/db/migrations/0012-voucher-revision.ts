/**
 * A voucher's revision: 1 when it is written, one more with every change (modify, move, review,
 * book, cashier signature and their undoing, renumbering). A call that changes a voucher names it
 * by id and sends the revision its user saw; a different revision means someone else changed it
 * in between, and the call is refused (vouchers/voucher-target.ts). Existing vouchers start at 1.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('voucher')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
