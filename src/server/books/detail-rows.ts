/**
 * The rows of one section of the detail ledger (the subject, or one auxiliary item of it), apart
 * from the database, so the page, the export and the print lay them out alike.
 *
 * What must stay true:
 * - A section opens with its heading (by item only) and its opening row; its lines follow with the
 *   running balance; after the last line of a month come that month's 本月合计 and 本年累计, from
 *   the section's monthly turnover (every line of the month, whatever the summary filter shows).
 * - Months without a shown line get total rows only when zero amounts are shown
 *   (amountWhetherShowZero), in month order, each exactly once across pages.
 * - Balances are signed debit minus credit inside and shown with their side (as the trial balance).
 */
import type { DetailLedgerRow } from '../../shared/api/books.js';
import { sideOf } from './trial-balance-calc.js';

export interface MonthSums {
  debit: number;
  credit: number;
}

export interface SectionFigures {
  /** auxiKeyOf() of the section's items; '' for the whole subject or lines without items. */
  key: string;
  /** The items as shown, e.g. 经费核算：001001 人员经费. */
  names: string;
  /** Signed opening of the year (at the month the set started). */
  yearOpening: number;
  /** A mid-year start's cumulative amounts before its first month. */
  cumule: MonthSums;
  /** Turnover by month (index 1-12) up to the range's end. */
  months: readonly MonthSums[];
}

export interface LedgerView {
  subjectCode: string;
  year: number;
  beginMonth: number;
  endMonth: number;
  /** Sections with headings (isShowAuxi on a subject with items). */
  byItem: boolean;
  showZeroAmount: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const emptyMonths = (): MonthSums[] => Array.from({ length: 13 }, () => ({ debit: 0, credit: 0 }));

/** Signed balance at the start of `month`. */
export function balanceBefore(s: SectionFigures, month: number): number {
  let b = s.yearOpening;
  for (let m = 1; m < month; m++) b += (s.months[m]?.debit ?? 0) - (s.months[m]?.credit ?? 0);
  return b;
}

/** Debit and credit of the range. */
export function rangeTurnover(s: SectionFigures, view: Pick<LedgerView, 'beginMonth' | 'endMonth'>): MonthSums {
  const sum = { debit: 0, credit: 0 };
  for (let m = view.beginMonth; m <= view.endMonth; m++) {
    sum.debit += s.months[m]?.debit ?? 0;
    sum.credit += s.months[m]?.credit ?? 0;
  }
  return sum;
}

/** Whether a section is all zero in the range: opening, turnover and so closing. */
export function isZeroSection(s: SectionFigures, view: Pick<LedgerView, 'beginMonth' | 'endMonth'>): boolean {
  const t = rangeTurnover(s, view);
  return balanceBefore(s, view.beginMonth) === 0 && t.debit === 0 && t.credit === 0;
}

export interface LineFigures {
  voucherId: string;
  month: number;
  date: string;
  voucherNo: string;
  summary: string;
  subjectCode: string;
  debit: number;
  credit: number;
  /** Signed balance after the line. */
  running: number;
}

/** Writes a section's rows into `out` as its lines arrive (one page's share, or all of them). */
export class SectionRows {
  /** The month whose totals are owed (its last shown line may still come). */
  private pending: number | null = null;
  /** The last month whose totals are written or not to be written. */
  private settled: number;

  constructor(
    private readonly s: SectionFigures,
    private readonly view: LedgerView,
    private readonly out: DetailLedgerRow[],
  ) {
    this.settled = view.beginMonth - 1;
  }

  /** A row of the section (built field by field: an object spread per line cost 10 µs). */
  private row(
    kind: DetailLedgerRow['kind'],
    month: number,
    date: string,
    summary: string,
    debit: number,
    credit: number,
    signed: number,
    line?: LineFigures,
  ): DetailLedgerRow {
    const b = sideOf(signed);
    return {
      kind,
      month,
      date,
      voucherId: line ? line.voucherId : null,
      voucherNo: line ? line.voucherNo : '',
      summary,
      subjectCode: line ? line.subjectCode : this.view.subjectCode,
      auxiKey: this.s.key,
      auxiNames: this.s.names,
      debit,
      credit,
      direction: b.side,
      balance: b.amount,
    };
  }

  /** Heading (by item) and opening row. */
  start(): void {
    const { year, beginMonth } = this.view;
    const date = `${year}-${pad(beginMonth)}-01`;
    if (this.view.byItem) this.out.push(this.row('item', beginMonth, date, this.s.names, 0, 0, 0));
    const summary = beginMonth === 1 ? '上年结转' : '期初余额';
    this.out.push(this.row('opening', beginMonth, date, summary, 0, 0, balanceBefore(this.s, beginMonth)));
  }

  /**
   * A page that starts inside the section at a line of `month`: `continuing` when the line before
   * it (on the page before) is of the same month, whose totals are then still owed.
   */
  resume(month: number, continuing: boolean): void {
    this.pending = continuing ? month : null;
    this.settled = month - 1;
  }

  line(l: LineFigures): void {
    this.settleBefore(l.month);
    this.pending = l.month;
    this.out.push(this.row('line', l.month, l.date, l.summary, l.debit, l.credit, l.running, l));
  }

  /** The page ends inside the section; its next line is of `month`. */
  pauseBefore(month: number): void {
    this.settleBefore(month);
  }

  /** The section's last line has been written (or it has none). */
  end(): void {
    this.settleBefore(this.view.endMonth + 1);
  }

  /** Closes the owed month unless the next line continues it, and the months without lines up to `month`. */
  private settleBefore(month: number): void {
    if (this.pending !== null && this.pending !== month) {
      this.monthEnd(this.pending);
      this.pending = null;
    }
    if (this.pending !== null) return;
    for (let m = this.settled + 1; m < month; m++) {
      if (this.view.showZeroAmount) this.monthEnd(m);
      this.settled = m;
    }
  }

  private monthEnd(month: number): void {
    const { debit, credit } = this.s.months[month] ?? { debit: 0, credit: 0 };
    let upDebit = 0;
    let upCredit = 0;
    for (let m = 1; m <= month; m++) {
      upDebit += this.s.months[m]?.debit ?? 0;
      upCredit += this.s.months[m]?.credit ?? 0;
    }
    const closing = this.s.yearOpening + upDebit - upCredit;
    const date = `${this.view.year}-${pad(month)}-${pad(lastDay(this.view.year, month))}`;
    this.out.push(
      this.row('monthTotal', month, date, '本月合计', debit, credit, closing),
      this.row('yearTotal', month, date, '本年累计', this.s.cumule.debit + upDebit, this.s.cumule.credit + upCredit, closing),
    );
    this.settled = month;
  }
}
