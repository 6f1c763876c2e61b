/**
 * The general ledger (总账) of the session's ledger set and year: chart, monthly balances, filters.
 * Amounts in fen; the route answers them in yuan.
 */
import type { GeneralLedgerQuery, GeneralLedgerResponse } from '../../shared/api/books.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Scope } from '../subjects/subject-repository.js';
import { generalLedger } from './general-ledger-calc.js';
import { chartSubjects, monthTurnover, type PeriodRange } from './trial-balance.js';

export async function queryGeneralLedger(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  query: Pick<GeneralLedgerQuery, 'code' | 'book' | 'amountIsZero'>,
): Promise<GeneralLedgerResponse> {
  const [subjects, turnover] = await Promise.all([
    chartSubjects(db, scope),
    monthTurnover(db, scope, range.endMonth, query.book === true),
  ]);
  const code = query.code?.trim() ?? '';
  if (code && !subjects.some((s) => s.code === code)) refuse('NotFound', `科目${code}不存在`);
  const rows = generalLedger(
    subjects,
    turnover,
    range,
    (s) => (code ? s.code.startsWith(code) : s.parentCode === null),
    (s) => query.amountIsZero === true || s.code === code,
  );
  return { beginMonth: range.beginMonth, endMonth: range.endMonth, rows };
}
