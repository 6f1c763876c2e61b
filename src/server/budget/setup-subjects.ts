/**
 * The expense subjects a project budget names (spec: subjectCodeArray, subject types 5 and 7, of
 * the set's chart), and the link that lets voucher lines on them carry the project's item: each
 * last-level subject at or under a named one gets the item's auxiliary type (XMYS / XMZC) for the
 * year, as funds/jfdw.ts does for 经费单位.
 *
 * A leaf that already has openings or voucher lines in the year does not get the type: its
 * existing amounts would sit without a project (and openings lock a subject's types). The save
 * answers those subjects so the page can say so.
 */
import { BUDGET_SUBJECT_TYPES } from '../../shared/budget/classes.js';
import { subjectListOf } from '../../shared/budget/control.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { currentTypeNos, setSubjectTypes } from '../auxiliary/subject-types.js';
import { refuse } from '../http/app-error.js';
import { hasOpeningData, usedByVouchers, type Q, type Scope } from '../subjects/subject-repository.js';

/** The subjects as sent: trimmed, without duplicates, in code order. */
export function subjectsOf(text: string | null | undefined): string[] {
  return [...new Set(subjectListOf(text))].sort();
}

/** Refuses (4003) a subject that is not of the year's chart or not an expense subject (types 5, 7). */
export async function checkBudgetSubjects(q: Q, scope: Scope, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  const rows = await q
    .selectFrom('subject')
    .select(['code', 'type'])
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', 'in', [...codes])
    .execute();
  const issues: ValidationIssue[] = [];
  for (const code of codes) {
    const row = rows.find((r) => r.code === code);
    if (!row) issues.push({ message: BudgetMessages.subjectNotFound(code), fieldId: 'subjectCodeArray' });
    else if (!(BUDGET_SUBJECT_TYPES as readonly string[]).includes(String(row.type)))
      issues.push({ message: BudgetMessages.budgetSubjectType(code), fieldId: 'subjectCodeArray' });
  }
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
}

/** Links the type to every leaf at or under the named subjects; answers the leaves linked and those that could not be. */
export async function linkTypeToSubjects(
  q: Q,
  scope: Scope,
  typeNo: string,
  codes: readonly string[],
): Promise<{ linked: string[]; unlinked: string[] }> {
  const linked: string[] = [];
  const unlinked: string[] = [];
  if (codes.length === 0) return { linked, unlinked };
  const subjects = await q
    .selectFrom('subject')
    .selectAll()
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('last_level', '=', 1)
    .execute();
  const leaves = subjects.filter((s) => codes.some((c) => s.code.startsWith(c))).sort((a, b) => (a.code < b.code ? -1 : 1));
  for (const leaf of leaves) {
    const current = await currentTypeNos(q, scope, leaf.code);
    if (current.includes(typeNo)) continue;
    if ((await hasOpeningData(q, scope, leaf)) || (await usedByVouchers(q, scope, leaf.code))) {
      unlinked.push(leaf.code);
      continue;
    }
    await setSubjectTypes(q, scope, leaf.code, [...current, typeNo]);
    linked.push(leaf.code);
  }
  return { linked, unlinked };
}
