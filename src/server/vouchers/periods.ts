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

/** `year-month`, the key closedAmong answers with. */
export function periodText(p: { year: number; month: number }): string {
  return `${p.year}-${p.month}`;
}

/**
 * Which of the periods are closed, in two statements whatever their number. On PostgreSQL it
 * first holds the years' rows shared: a close holds them exclusively while it checks and closes
 * (close/close-service.ts), so a write either finishes before the close looks or sees the month
 * closed. SQLite writes and the close already run one at a time (vouchers/write-queue.ts).
 */
export async function closedAmong(q: Q, ztId: number, periods: readonly { year: number; month: number }[]): Promise<Set<string>> {
  if (periods.length === 0) return new Set();
  const years = [...new Set(periods.map((p) => p.year))];
  const months = [...new Set(periods.map((p) => p.month))];
  const closed =
    q.getExecutor().adapter instanceof PostgresAdapter
      ? // Every year's row held (the outer join keeps a year with no month closed), its closed months read with it.
        (
          await q
            .selectFrom('zt_year as y')
            .leftJoin('period_close as c', (j) =>
              j.onRef('c.zt_id', '=', 'y.zt_id').onRef('c.year', '=', 'y.year').on('c.month', 'in', months),
            )
            .select(['c.year', 'c.month'])
            .where('y.zt_id', '=', ztId)
            .where('y.year', 'in', years)
            .forShare('y')
            .execute()
        ).flatMap((r) => (r.year !== null && r.month !== null ? [{ year: r.year, month: r.month }] : []))
      : await q
          .selectFrom('period_close')
          .select(['year', 'month'])
          .where('zt_id', '=', ztId)
          .where('year', 'in', years)
          .where('month', 'in', months)
          .execute();
  const wanted = new Set(periods.map(periodText));
  return new Set(closed.map(periodText).filter((t) => wanted.has(t)));
}

/** Refuses (4014) when any of the periods is closed (closedAmong says how it holds against a close). */
export async function assertPeriodsOpen(q: Q, ztId: number, periods: readonly { year: number; month: number }[]): Promise<void> {
  const closed = await closedAmong(q, ztId, periods);
  const first = periods.find((p) => closed.has(periodText(p)));
  if (first) refuse('PeriodClosed', VoucherMessages.periodClosed(first.year, first.month));
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
