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
import { carryForwardTurnover } from '../books/carry-forward.js';

export interface ReportInput {
  /** Every subject code of the set's year (parents too): the codes a restricted template may name. */
  codes: string[];
  /** Every subject of the set's year with its name, in code order: the rows of the exported trial balance. */
  subjects: { code: string; name: string }[];
  balances: SubjectBalance[];
}

/**
 * Turnover of the carry-forward (结转) vouchers that empty revenue and expense into net assets
 * (voucher.carry_over 1 month-end, 2 year-end), per subject and month. The income statement's
 * movements leave it out, or its lines would read 0 after a carry-forward; its balances keep it.
 */
export async function closingEntryTurnover(db: Db, scope: Scope, endMonth: number, booked: boolean): Promise<MonthTurnover[]> {
  const keyed = await carryForwardTurnover(db, scope, { endMonth, booked });
  const sums = new Map<string, { code: string; month: number; debitFen: number; creditFen: number }>();
  for (const t of keyed) {
    const key = `${t.subjectCode}|${t.month}`;
    const had = sums.get(key) ?? { code: t.subjectCode, month: t.month, debitFen: 0, creditFen: 0 };
    had.debitFen += t.debit;
    had.creditFen += t.credit;
    sums.set(key, had);
  }
  return [...sums.values()];
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
  const balances = subjectBalancesFor(openings, turnovers, range);
  const named = subjects.map((s) => ({ code: s.code, name: s.name }));
  if (closing.length === 0) return { codes: subjects.map((s) => s.code), subjects: named, balances };
  // Movements without the carry-forward vouchers; opening and closing balances as booked.
  const written = new Map(balances.map((b) => [b.code, b]));
  return {
    codes: subjects.map((s) => s.code),
    subjects: named,
    balances: subjectBalancesFor(openings, minus(turnovers, closing), range).map((b) => ({
      ...b,
      openingFen: written.get(b.code)?.openingFen ?? b.openingFen,
      closingFen: written.get(b.code)?.closingFen ?? b.closingFen,
    })),
  };
}
