/** Closed periods: a voucher of a closed month cannot be created, changed, deleted, reviewed or booked. */
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';

export async function isPeriodClosed(q: Q, ztId: number, year: number, month: number): Promise<boolean> {
  const row = await q
    .selectFrom('period_close')
    .select('month')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('month', '=', month)
    .executeTakeFirst();
  return !!row;
}

/** Refuses (4014) when any of the periods is closed. */
export async function assertPeriodsOpen(q: Q, ztId: number, periods: readonly { year: number; month: number }[]): Promise<void> {
  for (const p of periods) {
    if (await isPeriodClosed(q, ztId, p.year, p.month)) refuse('PeriodClosed', VoucherMessages.periodClosed(p.year, p.month));
  }
}
