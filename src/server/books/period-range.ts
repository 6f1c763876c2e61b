/**
 * The month range of a books or report call: two periods 'yyyy-MM' (their form checked by the
 * call's schema) of the session year, the first not after the second. Both are business rules
 * told as the malformed request they were before the schemas (4000).
 */
import { refuse } from '../http/app-error.js';
import type { PeriodRange } from './trial-balance.js';

function monthOf(period: string, year: number): number {
  if (Number(period.slice(0, 4)) !== year) refuse('BadRequest', `只能查询当前年度(${year}年)的数据`);
  return Number(period.slice(5, 7));
}

export function rangeOf(begin: string, end: string, year: number): PeriodRange {
  const range = { beginMonth: monthOf(begin, year), endMonth: monthOf(end, year) };
  if (range.beginMonth > range.endMonth) refuse('BadRequest', '开始期间不能晚于结束期间');
  return range;
}
