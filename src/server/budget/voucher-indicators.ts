/**
 * A project's indicators (预算指标, budget_indicator: a tree by code and parent_code) as the
 * two-table voucher reads them: the indicator picker's tree, and the check of a budget line's
 * targetID (spec: for coustomVoucherZhejiang with isGovernment and type XMYS an indicator dialog
 * opens; a last-level indicator is required). The check is the server's word on what the picker
 * asks: on a budget-side line with an XMYS item whose project has indicators, the line names one of
 * them and a last-level one; a targetID anywhere else names nothing and is refused.
 */
import type { IndicatorNode } from '../../shared/api/schemas/budget-voucher.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import type { Q } from '../subjects/subject-repository.js';

export interface IndicatorRow {
  project_id: string;
  code: string;
  name: string;
  parent_code: string | null;
  amount: number;
}

/** The indicators of the given projects (all of the set's when none are named). */
export async function readIndicators(q: Q, ztId: number, projectIds?: readonly string[]): Promise<IndicatorRow[]> {
  if (projectIds && projectIds.length === 0) return [];
  let query = q
    .selectFrom('budget_indicator')
    .select(['project_id', 'code', 'name', 'parent_code', 'amount'])
    .where('zt_id', '=', ztId);
  if (projectIds) query = query.where('project_id', 'in', [...new Set(projectIds)]);
  const rows = await query.orderBy('project_id').orderBy('code').execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** One project's indicators as a tree, ordered by code; a leaf is an indicator without children. */
export function indicatorTree(rows: readonly IndicatorRow[]): IndicatorNode[] {
  const parents = new Set(rows.map((r) => r.parent_code).filter((c): c is string => !!c));
  const nodes = new Map<string, IndicatorNode>(
    rows.map((r) => [
      r.code,
      {
        code: r.code,
        name: r.name,
        parentCode: r.parent_code,
        amount: answerYuan(r.amount),
        isLeaf: !parents.has(r.code),
        children: [],
      },
    ]),
  );
  const roots: IndicatorNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentCode ? nodes.get(node.parentCode) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** What the check needs of a line's project item. */
export interface IndicatorChoice {
  rowId: string;
  /** The line is on the budget side of a two-table voucher (a subject with isGovernment). */
  budgetSide: boolean;
  typeNo: string;
  /** The budget detail the item is, in the voucher's year (null: not a budget detail). */
  projectId: string | null;
  targetId: string | null;
}

/**
 * The message for a line whose targetID is wrong, or null: required (and a leaf of the project's
 * indicators) on a budget-side XMYS line whose project has indicators; nowhere else allowed.
 */
export function indicatorIssue(choice: IndicatorChoice, indicators: readonly IndicatorRow[]): string | null {
  const own = choice.projectId ? indicators.filter((i) => i.project_id === choice.projectId) : [];
  const asked = choice.budgetSide && choice.typeNo === 'XMYS' && own.length > 0;
  if (!asked) return choice.targetId ? BudgetMessages.indicatorNotAsked : null;
  if (!choice.targetId) return BudgetMessages.indicatorLeafRequired;
  const chosen = own.find((i) => i.code === choice.targetId);
  if (!chosen || own.some((i) => i.parent_code === chosen.code)) return BudgetMessages.indicatorLeafRequired;
  return null;
}
