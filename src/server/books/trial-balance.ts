/**
 * The trial balance of the session's ledger set and year: chart, monthly balances, filters. Amounts
 * in fen, as every figure the server computes; the route answers them in yuan.
 */
import type { TrialBalanceQuery, TrialBalanceResponse, TrialBalanceRow } from '../../shared/api/books.js';
import type { Db } from '../db/database.js';
import { listSubjects, type Scope } from '../subjects/subject-repository.js';
import { trialBalance, type ChartSubject, type MonthTurnover } from './trial-balance-calc.js';

export interface PeriodRange {
  beginMonth: number;
  endMonth: number;
}

/** Monthly turnover per last-level subject up to the range's end (booked vouchers or all). */
export async function monthTurnover(db: Db, scope: Scope, endMonth: number, booked: boolean): Promise<MonthTurnover[]> {
  const rows = await db.kysely
    .selectFrom('subject_balance')
    .select((eb) => [
      'subject_code',
      'month',
      eb.fn.sum<number>(booked ? 'debit_booked' : 'debit_all').as('debit'),
      eb.fn.sum<number>(booked ? 'credit_booked' : 'credit_all').as('credit'),
    ])
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('month', '<=', endMonth)
    .groupBy(['subject_code', 'month'])
    .execute();
  return rows.map((r) => ({ subjectCode: r.subject_code, month: r.month, debit: Number(r.debit), credit: Number(r.credit) }));
}

export async function chartSubjects(db: Db, scope: Scope): Promise<ChartSubject[]> {
  const rows = await listSubjects(db.kysely, scope);
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    parentCode: r.parent_code,
    level: r.level,
    lastLevel: r.last_level === 1,
    balanceDirection: r.balance_direction === 2 ? 2 : 1,
    isGovernment: r.is_budget === 1,
    initAmount: Number(r.init_amount),
    cumuleDebit: Number(r.cumule_debit_amount),
    cumuleCredit: Number(r.cumule_credit_amount),
  }));
}

const isZero = (r: TrialBalanceRow) =>
  r.initialBalance === 0 &&
  r.debitOccur === 0 &&
  r.creditOccur === 0 &&
  r.debitGrandTotal === 0 &&
  r.creditGrandTotal === 0 &&
  r.endBalance === 0;

/** A code is in [beginCode, endCode] when it sorts between them or lies under endCode. */
function inCodeRange(code: string, begin: string | undefined, end: string | undefined): boolean {
  if (begin && code < begin && !begin.startsWith(code)) return false;
  if (end && code > end && !code.startsWith(end)) return false;
  return true;
}

export async function queryTrialBalance(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  query: Pick<TrialBalanceQuery, 'beginCode' | 'endCode' | 'book' | 'amountIsZero' | 'onlyFirst' | 'codeOrName'>,
): Promise<TrialBalanceResponse> {
  const [subjects, turnover] = await Promise.all([
    chartSubjects(db, scope),
    monthTurnover(db, scope, range.endMonth, query.book === true),
  ]);
  const result = trialBalance(subjects, turnover, range);
  const needle = query.codeOrName?.trim() ?? '';
  const rows = result.rows.filter(
    (r) =>
      inCodeRange(r.code, query.beginCode?.trim() || undefined, query.endCode?.trim() || undefined) &&
      (!query.onlyFirst || r.parentCode === null) &&
      (needle === '' || r.code.startsWith(needle) || r.codeName.includes(needle)) &&
      (query.amountIsZero === true || !isZero(r)),
  );
  return { rows, financial: result.financial, budget: result.budget };
}
