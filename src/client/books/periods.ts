/**
 * Period choices of the report pages: a month range of the session year, with quarter and
 * whole-year shortcuts, written as the calls want them ('yyyy-MM').
 */
export interface MonthRange {
  beginMonth: number;
  endMonth: number;
}

export const PERIOD_SHORTCUTS: readonly { label: string; range: MonthRange }[] = [
  { label: '一季度', range: { beginMonth: 1, endMonth: 3 } },
  { label: '二季度', range: { beginMonth: 4, endMonth: 6 } },
  { label: '三季度', range: { beginMonth: 7, endMonth: 9 } },
  { label: '四季度', range: { beginMonth: 10, endMonth: 12 } },
  { label: '全年', range: { beginMonth: 1, endMonth: 12 } },
];

export const yearMonth = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/** 'yyyy-MM' of the year to its month, or null. */
export function monthOfText(text: string | null, year: number): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!m || Number(m[1]) !== year) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? month : null;
}

export function periodLabel(year: number, range: MonthRange): string {
  return range.beginMonth === range.endMonth
    ? `${year}年${range.beginMonth}月`
    : `${year}年${range.beginMonth}月至${range.endMonth}月`;
}

export const DETAIL_ACCOUNT_PATH = '/accounting-management/books/detailaccount';
export const TRIAL_BALANCE_PATH = '/accounting-management/reports/trial-balance';

/** The detail ledger of a subject over a range (the jump target of double-clicks in reports). */
export function detailAccountHref(code: string, year: number, range: MonthRange, book: boolean): string {
  const params = new URLSearchParams({
    code,
    beginTime: yearMonth(year, range.beginMonth),
    endTime: yearMonth(year, range.endMonth),
  });
  if (book) params.set('book', 'true');
  return `${DETAIL_ACCOUNT_PATH}?${params.toString()}`;
}
