/**
 * Where the work is: a year's first month not yet closed. Every period picker opens there and a
 * new voucher goes there, so a reviewer of last year's set, or a bookkeeper after closing
 * January, lands on the month that still takes vouchers rather than on the calendar's.
 */

/** The first month of the year not closed, counting from the year's start month (13 when all are). */
export function nextOpenMonth(startMonth: number, closed: readonly number[]): number {
  let m = startMonth;
  while (m <= 12 && closed.includes(m)) m++;
  return m;
}

/** The working month: the first open month, or December once the whole year is closed (shown read-only). */
export function workingMonth(startMonth: number, closed: readonly number[]): number {
  return Math.min(nextOpenMonth(startMonth, closed), 12);
}
