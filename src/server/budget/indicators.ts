/**
 * A project's indicators (指标; spec: projectRelatedIndicators, the target picker of the two-table
 * voucher): a tree by code, each child's code its parent's extended. Saved whole. A leaf carries its
 * amount; a parent's amount is the sum of its children, computed here, never taken from the call.
 *
 * An indicator that a voucher line chose (voucher_line_auxi.target_id on a line carrying the
 * project's item) must stay a last-level indicator: a save that drops it or gives it children is
 * refused, naming it.
 */
import type { IndicatorNode, ProjectIndicators, SaveIndicatorsRequest } from '../../shared/api/schemas/budget-setup.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q, Scope } from '../subjects/subject-repository.js';
import type { BudgetDetailRow } from './execution.js';
import { readDetails } from './execution.js';

const CODE = /^[0-9A-Za-z]{1,30}$/;

interface IndicatorRow {
  code: string;
  name: string;
  parent_code: string | null;
  amount: number;
}

/** The project a call names by budgetId or by its item, of the session's set and year. */
export async function projectOf(
  q: Q,
  scope: Scope,
  ask: { budgetId?: string | null; typeNo?: string | null; infoNo?: string | null },
): Promise<BudgetDetailRow> {
  const budgetId = (ask.budgetId ?? '').trim();
  const typeNo = (ask.typeNo ?? '').trim();
  const infoNo = (ask.infoNo ?? '').trim();
  const details = budgetId
    ? (await readDetails(q, scope.ztId, scope.year)).filter((d) => d.id === budgetId)
    : typeNo && infoNo
      ? await readDetails(q, scope.ztId, scope.year, [{ typeNo, infoNo }])
      : [];
  return details[0] ?? refuse('NotFound', BudgetMessages.detailNotFound);
}

/** The rows as a tree: parents' amounts are their children's sum (in fen, then answered in yuan). */
export function indicatorTree(rows: readonly IndicatorRow[]): IndicatorNode[] {
  const sorted = [...rows].sort((a, b) => (a.code < b.code ? -1 : 1));
  const build = (parent: string | null): { node: IndicatorNode; fen: number }[] =>
    sorted
      .filter((r) => (r.parent_code ?? null) === parent)
      .map((r) => {
        const children = build(r.code);
        const fen = children.length === 0 ? Number(r.amount) : children.reduce((sum, c) => sum + c.fen, 0);
        const node: IndicatorNode = {
          code: r.code,
          name: r.name,
          parentCode: r.parent_code,
          amount: answerYuan(fen),
          isLeaf: children.length === 0,
          children: children.map((c) => c.node),
        };
        return { node, fen };
      });
  return build(null).map((b) => b.node);
}

async function readIndicatorRows(q: Q, ztId: number, projectId: string): Promise<IndicatorRow[]> {
  const rows = await q
    .selectFrom('budget_indicator')
    .select(['code', 'name', 'parent_code', 'amount'])
    .where('zt_id', '=', ztId)
    .where('project_id', '=', projectId)
    .execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export async function readIndicators(q: Q, scope: Scope, project: BudgetDetailRow): Promise<ProjectIndicators> {
  return {
    budgetId: project.id,
    projectName: project.project_name,
    indicators: indicatorTree(await readIndicatorRows(q, scope.ztId, project.id)),
  };
}

/** The rows of a save, checked: codes, names, parents (present, a prefix of the child), amounts. */
function rowsOf(body: SaveIndicatorsRequest): IndicatorRow[] {
  const issues: ValidationIssue[] = [];
  const rows: IndicatorRow[] = [];
  const codes = new Set<string>();
  body.indicators.forEach((item, index) => {
    const code = item.code.trim();
    const name = (item.name ?? '').trim();
    const parent = (item.parentCode ?? '').trim() || null;
    if (!CODE.test(code)) issues.push({ message: BudgetMessages.indicatorCodeRule, rowId: index, fieldId: 'code' });
    else if (codes.has(code))
      issues.push({ message: BudgetMessages.indicatorCodeDuplicate(code), rowId: index, fieldId: 'code' });
    codes.add(code);
    if (!name) issues.push({ message: BudgetMessages.indicatorNameRequired, rowId: index, fieldId: 'name' });
    let amount = 0;
    if (item.amount !== undefined && item.amount !== null) {
      const fen = yuanToFen(item.amount);
      if (!fen.ok) issues.push({ message: fen.message, rowId: index, fieldId: 'amount' });
      else if (fen.fen < 0) issues.push({ message: BudgetMessages.amountNegative, rowId: index, fieldId: 'amount' });
      else amount = fen.fen;
    }
    rows.push({ code, name: name.slice(0, 100), parent_code: parent, amount });
  });
  rows.forEach((row, index) => {
    if (row.parent_code === null) return;
    if (!codes.has(row.parent_code))
      issues.push({ message: BudgetMessages.indicatorParentMissing(row.parent_code), rowId: index, fieldId: 'parentCode' });
    else if (!row.code.startsWith(row.parent_code) || row.code === row.parent_code)
      issues.push({ message: BudgetMessages.indicatorParentPrefix(row.code, row.parent_code), rowId: index, fieldId: 'code' });
  });
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
  // A parent keeps no amount of its own: its children's sum is read.
  const parents = new Set(rows.map((r) => r.parent_code).filter((p): p is string => p !== null));
  return rows.map((r) => (parents.has(r.code) ? { ...r, amount: 0 } : r));
}

export async function saveIndicators(db: Db, scope: Scope, body: SaveIndicatorsRequest): Promise<ProjectIndicators> {
  const rows = rowsOf(body);
  return db.kysely.transaction().execute(async (trx) => {
    const project = await projectOf(trx, scope, { budgetId: body.budgetId });
    const chosen = await trx
      .selectFrom('voucher_line_auxi')
      .select('target_id')
      .distinct()
      .where('zt_id', '=', scope.ztId)
      .where('type_no', '=', project.type_no)
      .where('info_no', '=', project.info_no)
      .where('target_id', 'is not', null)
      .execute();
    const parents = new Set(rows.map((r) => r.parent_code));
    for (const { target_id: code } of chosen) {
      if (code && (!rows.some((r) => r.code === code) || parents.has(code)))
        refuse('BusinessRule', BudgetMessages.indicatorUsed(code));
    }
    await trx.deleteFrom('budget_indicator').where('zt_id', '=', scope.ztId).where('project_id', '=', project.id).execute();
    if (rows.length > 0)
      await trx
        .insertInto('budget_indicator')
        .values(rows.map((r) => ({ zt_id: scope.ztId, project_id: project.id, ...r })))
        .execute();
    return readIndicators(trx, scope, project);
  });
}
