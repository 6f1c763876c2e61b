/**
 * The evaluator's input from what the ledger stores: each subject's opening (in its own balance
 * direction, at the month the set started, with the year's turnover before that month) and monthly
 * turnovers (subject_balance rows, any auxiliary keys). Pure, so the server can call it on rows it
 * has read and a test can check it by hand.
 *
 * What must stay true: 年初 = opening − turnover before the start month (a set started mid-year);
 * closing = 年初 + the year's debits − credits to the report's last month; period turnovers are the
 * months from beginMonth to endMonth; a subject with several auxiliary rows is summed to one.
 */
import type { BalanceDirection } from '../constants.js';
import { assertSafeFen } from '../money.js';
import { signedBalance } from './evaluate.js';
import type { SubjectBalance } from './types.js';

export interface SubjectOpening {
  readonly code: string;
  readonly balanceDirection: BalanceDirection;
  /** Opening balance in the subject's direction at the month the ledger set started (subject.init_amount). */
  readonly initAmountFen: number;
  /** Debit and credit turnover of the year before that month (0 for a set started in January). */
  readonly cumulativeDebitFen: number;
  readonly cumulativeCreditFen: number;
}

export interface MonthTurnover {
  readonly code: string;
  readonly month: number;
  readonly debitFen: number;
  readonly creditFen: number;
}

/**
 * SubjectBalance rows for the report's months, one per code that has an opening or a turnover, in code
 * order. Pass last-level subjects (the evaluator rolls parents up by code prefix).
 */
export function subjectBalancesFor(
  openings: readonly SubjectOpening[],
  turnovers: readonly MonthTurnover[],
  range: { beginMonth: number; endMonth: number },
): SubjectBalance[] {
  if (!(range.beginMonth >= 1 && range.beginMonth <= range.endMonth && range.endMonth <= 12)) {
    throw new RangeError(`报表期间不正确: ${range.beginMonth}-${range.endMonth}`);
  }
  type Row = { -readonly [K in keyof SubjectBalance]: SubjectBalance[K] };
  const rows = new Map<string, Row>();
  const row = (code: string): Row => {
    let r = rows.get(code);
    if (!r) {
      r = { code, openingFen: 0, closingFen: 0, periodDebitFen: 0, periodCreditFen: 0, yearDebitFen: 0, yearCreditFen: 0 };
      rows.set(code, r);
    }
    return r;
  };
  for (const o of openings) {
    assertSafeFen(o.cumulativeDebitFen);
    assertSafeFen(o.cumulativeCreditFen);
    const r = row(o.code);
    r.openingFen += signedBalance(o.initAmountFen, o.balanceDirection) - (o.cumulativeDebitFen - o.cumulativeCreditFen);
    r.yearDebitFen += o.cumulativeDebitFen;
    r.yearCreditFen += o.cumulativeCreditFen;
  }
  for (const t of turnovers) {
    assertSafeFen(t.debitFen);
    assertSafeFen(t.creditFen);
    if (t.month > range.endMonth) continue;
    const r = row(t.code);
    r.yearDebitFen += t.debitFen;
    r.yearCreditFen += t.creditFen;
    if (t.month >= range.beginMonth) {
      r.periodDebitFen += t.debitFen;
      r.periodCreditFen += t.creditFen;
    }
  }
  for (const r of rows.values()) {
    r.closingFen = r.openingFen + r.yearDebitFen - r.yearCreditFen;
    for (const v of Object.values(r)) if (typeof v === 'number') assertSafeFen(v);
  }
  return [...rows.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
