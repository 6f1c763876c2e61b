/**
 * The trial balance (科目余额表) from a chart and its monthly turnover, apart from the database.
 *
 * What must stay true:
 * - Amounts are signed debit-minus-credit internally and shown with their side: a balance on the
 *   subject's own side shows on that side, an opposite one on the other side, zero is 平.
 * - Only last-level subjects carry turnover and openings; a parent is the sum of its children,
 *   so the check sums first-level subjects only, financial and budget sides apart.
 * - The opening of the range is the year's opening plus the turnover of the months before it;
 *   the year-to-date (累计) adds a mid-year start's cumulative amounts before the start month.
 */
import type { BalanceSide, TrialBalanceCheck, TrialBalanceRow } from '../../shared/api/books.js';

export interface ChartSubject {
  code: string;
  name: string;
  parentCode: string | null;
  level: number;
  lastLevel: boolean;
  balanceDirection: 1 | 2;
  isGovernment: boolean;
  /** Year opening in the subject's own direction (fen). */
  initAmount: number;
  cumuleDebit: number;
  cumuleCredit: number;
}

export interface MonthTurnover {
  subjectCode: string;
  month: number;
  debit: number;
  credit: number;
}

export interface TrialRange {
  beginMonth: number;
  endMonth: number;
}

interface Sums {
  opening: number;
  debit: number;
  credit: number;
  yearDebit: number;
  yearCredit: number;
}

export function sideOf(signed: number): { amount: number; side: BalanceSide } {
  if (signed === 0) return { amount: 0, side: 0 };
  return signed > 0 ? { amount: signed, side: 1 } : { amount: -signed, side: 2 };
}

const signedOpening = (s: ChartSubject) => (s.balanceDirection === 1 ? s.initAmount : -s.initAmount);

export function trialBalance(
  subjects: readonly ChartSubject[],
  turnover: readonly MonthTurnover[],
  range: TrialRange,
): { rows: TrialBalanceRow[]; financial: TrialBalanceCheck; budget: TrialBalanceCheck } {
  const sums = new Map<string, Sums>();
  const sumsOf = (code: string): Sums => {
    let s = sums.get(code);
    if (!s) {
      s = { opening: 0, debit: 0, credit: 0, yearDebit: 0, yearCredit: 0 };
      sums.set(code, s);
    }
    return s;
  };
  const byCode = new Map(subjects.map((s) => [s.code, s]));
  // Adds a last-level figure to the subject and every ancestor.
  const addUp = (code: string, add: (s: Sums) => void) => {
    for (let at = byCode.get(code); at; at = at.parentCode ? byCode.get(at.parentCode) : undefined) add(sumsOf(at.code));
  };
  for (const s of subjects) {
    if (!s.lastLevel) continue;
    addUp(s.code, (t) => {
      t.opening += signedOpening(s);
      t.yearDebit += s.cumuleDebit;
      t.yearCredit += s.cumuleCredit;
    });
  }
  for (const t of turnover) {
    if (!byCode.has(t.subjectCode) || t.month > range.endMonth) continue;
    addUp(t.subjectCode, (x) => {
      x.yearDebit += t.debit;
      x.yearCredit += t.credit;
      if (t.month < range.beginMonth) x.opening += t.debit - t.credit;
      else {
        x.debit += t.debit;
        x.credit += t.credit;
      }
    });
  }
  const rows = subjects.map((s): TrialBalanceRow => {
    const t = sumsOf(s.code);
    const opening = sideOf(t.opening);
    const end = sideOf(t.opening + t.debit - t.credit);
    return {
      code: s.code,
      codeName: s.name,
      level: s.level,
      parentCode: s.parentCode,
      lastLevel: s.lastLevel,
      isGovernment: s.isGovernment,
      initialBalance: opening.amount,
      initialDirection: opening.side,
      debitOccur: t.debit,
      creditOccur: t.credit,
      debitGrandTotal: t.yearDebit,
      creditGrandTotal: t.yearCredit,
      endBalance: end.amount,
      endDirection: end.side,
    };
  });
  const check = (government: boolean): TrialBalanceCheck => {
    const c = { initialDebit: 0, initialCredit: 0, debitOccur: 0, creditOccur: 0, endDebit: 0, endCredit: 0 };
    for (const r of rows) {
      if (r.parentCode !== null || r.isGovernment !== government) continue;
      if (r.initialDirection === 1) c.initialDebit += r.initialBalance;
      if (r.initialDirection === 2) c.initialCredit += r.initialBalance;
      c.debitOccur += r.debitOccur;
      c.creditOccur += r.creditOccur;
      if (r.endDirection === 1) c.endDebit += r.endBalance;
      if (r.endDirection === 2) c.endCredit += r.endBalance;
    }
    return {
      ...c,
      balanced: c.initialDebit === c.initialCredit && c.debitOccur === c.creditOccur && c.endDebit === c.endCredit,
    };
  };
  return { rows, financial: check(false), budget: check(true) };
}
