/** What the close check reads from one ledger set's year: voucher states, numbers, balances. */
import { sql } from 'kysely';
import type { Q } from '../subjects/subject-repository.js';

export interface MonthStates {
  month: number;
  total: number;
  reviewed: number;
  booked: number;
}

export async function voucherStates(
  q: Q,
  ztId: number,
  year: number,
  beginMonth: number,
  endMonth: number,
): Promise<MonthStates[]> {
  const rows = await q
    .selectFrom('voucher')
    .select((eb) => [
      'month',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>('is_review').as('reviewed'),
      eb.fn.sum<number>('is_book').as('booked'),
    ])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('month', '>=', beginMonth)
    .where('month', '<=', endMonth)
    .groupBy('month')
    .orderBy('month')
    .execute();
  return rows.map((r) => ({ month: r.month, total: Number(r.total), reviewed: Number(r.reviewed), booked: Number(r.booked) }));
}

export interface NumberRun {
  month: number;
  certificateType: number;
  numbers: number[];
}

/** Voucher numbers per month and category, ascending. */
export async function voucherNumbers(
  q: Q,
  ztId: number,
  year: number,
  beginMonth: number,
  endMonth: number,
): Promise<NumberRun[]> {
  const rows = await q
    .selectFrom('voucher')
    .select(['month', 'certificate_type', 'pz_no'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('month', '>=', beginMonth)
    .where('month', '<=', endMonth)
    .orderBy('month')
    .orderBy('certificate_type')
    .orderBy('pz_no')
    .execute();
  const runs: NumberRun[] = [];
  for (const r of rows) {
    const last = runs[runs.length - 1];
    if (last && last.month === r.month && last.certificateType === r.certificate_type) last.numbers.push(r.pz_no);
    else runs.push({ month: r.month, certificateType: r.certificate_type, numbers: [r.pz_no] });
  }
  return runs;
}

/** Missing numbers of an ascending run starting at 1 (at most `limit` listed). */
export function missingNumbers(numbers: readonly number[], limit = 20): number[] {
  const missing: number[] = [];
  let expected = 1;
  for (const n of numbers) {
    while (expected < n && missing.length < limit) missing.push(expected++);
    expected = n + 1;
    if (missing.length >= limit) break;
  }
  return missing;
}

/** Vouchers of the range with a line on one of the codes and no cashier signature. */
export async function unsignedCashVouchers(
  q: Q,
  ztId: number,
  year: number,
  beginMonth: number,
  endMonth: number,
  cashCodes: readonly string[],
): Promise<number> {
  if (cashCodes.length === 0) return 0;
  const row = await q
    .selectFrom('voucher as v')
    .select(sql<number>`count(*)`.as('n'))
    .where('v.zt_id', '=', ztId)
    .where('v.year', '=', year)
    .where('v.month', '>=', beginMonth)
    .where('v.month', '<=', endMonth)
    .where('v.is_cashier_signed', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('voucher_line as l')
          .select('l.line_no')
          .whereRef('l.zt_id', '=', 'v.zt_id')
          .whereRef('l.voucher_id', '=', 'v.id')
          .where('l.subject_code', 'in', cashCodes),
      ),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Months of the year already closed, ascending. */
export async function closedMonths(q: Q, ztId: number, year: number): Promise<number[]> {
  const rows = await q
    .selectFrom('period_close')
    .select('month')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .orderBy('month')
    .execute();
  return rows.map((r) => r.month);
}
