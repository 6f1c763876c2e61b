/**
 * What the report evaluator reads, from the session's ledger set and year only: the last-level
 * subjects' openings (subject) and their monthly turnovers (subject_balance, every voucher or the
 * booked ones). Parents are left out: the evaluator rolls codes up by prefix.
 */
import type { MonthTurnover, SubjectOpening } from '../../shared/reports/subject-balances.js';
import { subjectBalancesFor } from '../../shared/reports/subject-balances.js';
import type { SubjectBalance } from '../../shared/reports/types.js';
import type { Db } from '../db/database.js';
import type { Scope } from '../subjects/subject-repository.js';
import { chartSubjects, monthTurnover } from '../books/trial-balance.js';

export interface ReportInput {
  /** Every subject code of the set's year (parents too): the codes a restricted template may name. */
  codes: string[];
  balances: SubjectBalance[];
}

/**
 * Turnover of the closing (结转) vouchers that empty revenue and expense into net assets, per
 * subject and month. The income statement leaves it out, or its lines would read 0 after closing.
 * Hook for the close chapter: no voucher is marked as a closing entry yet, so there is none.
 */
export function closingEntryTurnover(_db: Db, _scope: Scope, _endMonth: number, _booked: boolean): Promise<MonthTurnover[]> {
  return Promise.resolve([]);
}

function minus(turnovers: readonly MonthTurnover[], taken: readonly MonthTurnover[]): MonthTurnover[] {
  if (taken.length === 0) return [...turnovers];
  return [...turnovers, ...taken.map((t) => ({ ...t, debitFen: -t.debitFen, creditFen: -t.creditFen }))];
}

export async function reportInput(
  db: Db,
  scope: Scope,
  range: { beginMonth: number; endMonth: number },
  options: { booked: boolean; withoutClosingEntries: boolean },
): Promise<ReportInput> {
  const [subjects, turnover, closing] = await Promise.all([
    chartSubjects(db, scope),
    monthTurnover(db, scope, range.endMonth, options.booked),
    options.withoutClosingEntries ? closingEntryTurnover(db, scope, range.endMonth, options.booked) : Promise.resolve([]),
  ]);
  const openings: SubjectOpening[] = subjects
    .filter((s) => s.lastLevel)
    .map((s) => ({
      code: s.code,
      balanceDirection: s.balanceDirection,
      initAmountFen: s.initAmount,
      cumulativeDebitFen: s.cumuleDebit,
      cumulativeCreditFen: s.cumuleCredit,
    }));
  const turnovers: MonthTurnover[] = turnover.map((t) => ({
    code: t.subjectCode,
    month: t.month,
    debitFen: t.debit,
    creditFen: t.credit,
  }));
  return {
    codes: subjects.map((s) => s.code),
    balances: subjectBalancesFor(openings, minus(turnovers, closing), range),
  };
}
