/**
 * The general ledger (总账) from a chart and its monthly turnover: for each subject and month of a
 * range, the month's opening, turnover, year-to-date and closing. Each month is the trial balance
 * of that single month (trial-balance-calc.ts), so both reports agree by construction: the first
 * month's opening is the trial balance's opening of the range, the last month's closing and
 * year-to-date are its closing and year-to-date.
 */
import type { GeneralLedgerRow, TrialBalanceRow } from '../../shared/api/books.js';
import { trialBalance, type ChartSubject, type MonthTurnover, type TrialRange } from './trial-balance-calc.js';

const isQuiet = (r: TrialBalanceRow) =>
  r.initialBalance === 0 &&
  r.debitOccur === 0 &&
  r.creditOccur === 0 &&
  r.debitGrandTotal === 0 &&
  r.creditGrandTotal === 0 &&
  r.endBalance === 0;

export function generalLedger(
  subjects: readonly ChartSubject[],
  turnover: readonly MonthTurnover[],
  range: TrialRange,
  shown: (s: ChartSubject) => boolean,
  /** Whether a shown subject stays when it has no opening and no turnover in the range. */
  keepZero: (s: ChartSubject) => boolean = () => false,
): GeneralLedgerRow[] {
  const months: Map<string, TrialBalanceRow>[] = [];
  for (let m = range.beginMonth; m <= range.endMonth; m++) {
    const { rows } = trialBalance(subjects, turnover, { beginMonth: m, endMonth: m });
    months.push(new Map(rows.map((r) => [r.code, r])));
  }
  const out: GeneralLedgerRow[] = [];
  for (const s of subjects) {
    if (!shown(s)) continue;
    const rows = months.map((byCode) => byCode.get(s.code)).filter((r): r is TrialBalanceRow => r !== undefined);
    if (!keepZero(s) && rows.every(isQuiet)) continue;
    rows.forEach((r, i) =>
      out.push({
        code: r.code,
        codeName: r.codeName,
        level: r.level,
        parentCode: r.parentCode,
        month: range.beginMonth + i,
        initialBalance: r.initialBalance,
        initialDirection: r.initialDirection,
        debitOccur: r.debitOccur,
        creditOccur: r.creditOccur,
        debitGrandTotal: r.debitGrandTotal,
        creditGrandTotal: r.creditGrandTotal,
        endBalance: r.endBalance,
        endDirection: r.endDirection,
      }),
    );
  }
  return out;
}
