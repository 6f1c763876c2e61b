/**
 * The trial check of opening balances (期初试算平衡), one pure function for the page's live panel
 * and the server's save.
 *
 * What must stay true:
 * - It sums first-level subjects only (a parent already holds its children), by balance
 *   direction and not by subject type: 163 累计折旧 and 172 累计摊销 are asset-type subjects on
 *   the credit side.
 * - Financial accounting (isGovernment false) and budget accounting (isGovernment true, the
 *   government chart's 6xxx-8xxx) are checked apart; union charts have no budget subjects, so
 *   their budget side is all zero and balanced.
 * - For a ledger set starting mid-year, the year's cumulative debits equal its credits per side.
 * - Integer fen, exact equality.
 */
import { formatFen } from '../src/shared/money.js';
import type { ValidationIssue } from '../src/shared/envelope.js';
import type { TrialResult, TrialSide } from '../src/shared/api/subjects.js';

/** The fields of an opening-balance row the check reads. */
export interface TrialRow {
  readonly parentCode: string | null;
  readonly isAuxiliary: boolean;
  readonly isGovernment: boolean;
  readonly balanceDirection: 1 | 2;
  readonly initAmount: number;
  readonly cumuleDebitAmount: number;
  readonly cumuleCreditAmount: number;
}

/** The check's result is the shape the API answers (one definition, in src/shared/api/subjects.ts). */
export type { TrialSide, TrialResult as TrialCheck };

export const isFirstLevel = (row: Pick<TrialRow, 'parentCode' | 'isAuxiliary'>): boolean =>
  !row.isAuxiliary && row.parentCode === null;

function finish(debit: number, credit: number, cumuleDebit: number, cumuleCredit: number): TrialSide {
  const difference = debit - credit;
  const cumuleDifference = cumuleDebit - cumuleCredit;
  return {
    debit,
    credit,
    difference,
    cumuleDebit,
    cumuleCredit,
    cumuleDifference,
    balanced: difference === 0 && cumuleDifference === 0,
  };
}

/**
 * The check over rows whose first-level amounts are already summed from their children
 * (opening-balance.ts's trialCheck rolls them up first; the page gets the same figures live
 * from the engine totals through trialFromTotals).
 */
export function trialCheckOfSums(rows: readonly TrialRow[]): TrialResult {
  const zero = () => ({ debit: 0, credit: 0, cumuleDebit: 0, cumuleCredit: 0 });
  const sums = { financial: zero(), budget: zero() };
  for (const row of rows) {
    if (!isFirstLevel(row)) continue;
    const side = row.isGovernment ? sums.budget : sums.financial;
    if (row.balanceDirection === 1) side.debit += row.initAmount;
    else side.credit += row.initAmount;
    side.cumuleDebit += row.cumuleDebitAmount;
    side.cumuleCredit += row.cumuleCreditAmount;
  }
  const f = sums.financial;
  const b = sums.budget;
  const financial = finish(f.debit, f.credit, f.cumuleDebit, f.cumuleCredit);
  const budget = finish(b.debit, b.credit, b.cumuleDebit, b.cumuleCredit);
  return { financial, budget, balanced: financial.balanced && budget.balanced };
}

/** The same check from the engine's totals of the opening-balance grid (live, per keystroke). */
export function trialFromTotals(totals: Readonly<Record<string, number>>): TrialResult {
  const t = (id: string) => totals[id] ?? 0;
  const financial = finish(t('financialDebit'), t('financialCredit'), t('financialCumuleDebit'), t('financialCumuleCredit'));
  const budget = finish(t('budgetDebit'), t('budgetCredit'), t('budgetCumuleDebit'), t('budgetCumuleCredit'));
  return { financial, budget, balanced: financial.balanced && budget.balanced };
}

/** Messages of an unbalanced check, one per failing part (empty when balanced). */
export function trialMessages(check: TrialResult): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const sides = [
    ['财务会计', check.financial],
    ['预算会计', check.budget],
  ] as const;
  for (const [name, side] of sides) {
    if (side.difference !== 0) {
      issues.push({
        message: `${name}期初余额试算不平衡：借方合计${formatFen(side.debit)}，贷方合计${formatFen(side.credit)}，差额${formatFen(side.difference)}`,
        fieldId: 'initAmount',
      });
    }
    if (side.cumuleDifference !== 0) {
      issues.push({
        message: `${name}本年累计发生额不平衡：借方累计${formatFen(side.cumuleDebit)}，贷方累计${formatFen(side.cumuleCredit)}，差额${formatFen(side.cumuleDifference)}`,
        fieldId: 'cumuleDebitAmount',
      });
    }
  }
  return issues;
}
