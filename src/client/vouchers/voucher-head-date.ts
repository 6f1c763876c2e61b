/**
 * The month a typed voucher date names, when it is a real date of the voucher's year (the header
 * then moves the period to it), by the save's own date rule. Anything else names no month, and
 * the save says what is wrong with it.
 */
import { validDate } from '../../shared/vouchers/rules.js';

export function monthOfTypedDate(typed: string, year: number): number | null {
  const date = validDate(typed.trim());
  return date && date.year === year ? date.month : null;
}
