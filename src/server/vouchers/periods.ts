/** Closed periods: a voucher of a closed month cannot be created, changed, deleted, reviewed or booked. */
import { PostgresAdapter } from 'kysely';
import { workingMonth } from '../../shared/close/working-month.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { fixedQuery, slot } from '../db/fixed-query.js';

const closedQuery = fixedQuery('period_close.one', (q) =>
  q
    .selectFrom('period_close')
    .select('month')
    .where('zt_id', '=', slot<number>(0))
    .where('year', '=', slot<number>(1))
    .where('month', '=', slot<number>(2)),
);
export async function isPeriodClosed(q: Q, ztId: number, year: number, month: number): Promise<boolean> {
  return (await closedQuery(q, [ztId, year, month])).rows.length > 0;
}

/**
 * Refuses (4014) when any of the periods is closed. On PostgreSQL it first holds the years' rows
 * shared: a close holds them exclusively while it checks and closes (close/close-service.ts), so
 * a write either finishes before the close looks or sees the month closed. SQLite writes and the
 * close already run one at a time (vouchers/write-queue.ts).
 */
export async function assertPeriodsOpen(q: Q, ztId: number, periods: readonly { year: number; month: number }[]): Promise<void> {
  if (q.getExecutor().adapter instanceof PostgresAdapter && periods.length > 0) {
    await q
      .selectFrom('zt_year')
      .select('year')
      .where('zt_id', '=', ztId)
      .where('year', 'in', [...new Set(periods.map((p) => p.year))])
      .forShare()
      .execute();
  }
  for (const p of periods) {
    if (await isPeriodClosed(q, ztId, p.year, p.month)) refuse('PeriodClosed', VoucherMessages.periodClosed(p.year, p.month));
  }
}

/** The set's working month of a year (src/shared/close/working-month.ts); January for a year not set up. */
export async function workingMonthOf(q: Q, ztId: number, year: number): Promise<number> {
  const [yearRow, closed] = await Promise.all([
    q.selectFrom('zt_year').select('start_month').where('zt_id', '=', ztId).where('year', '=', year).executeTakeFirst(),
    q.selectFrom('period_close').select('month').where('zt_id', '=', ztId).where('year', '=', year).execute(),
  ]);
  return workingMonth(
    yearRow?.start_month ?? 1,
    closed.map((c) => c.month),
  );
}
