/**
 * Where a year's openings come from: '' not yet decided, 'carried' from the previous year's
 * closing balances (year-end close or the automatic period-switch carry-over), 'manual' keyed in
 * on the opening-balance page. A year after the first with '' asks for the carry-over
 * (financial state 3).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('zt_year')
    .addColumn('opening_source', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .execute();
}
