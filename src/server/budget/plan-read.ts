/**
 * The year's plan as 方案填报, 方案审批 and 规则设置 read it: its state, every detail with its class,
 * category, opening and adjusted budgets and rules, in the order the grid groups them (class,
 * category, detail), and who did what to the plan.
 */
import type { BudgetPlan, BudgetPlanDetail, BudgetPlanEvent } from '../../shared/api/schemas/budget-plan.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { EXPEND_CLASSES } from '../../shared/budget/classes.js';
import { PLAN_STATE_NAMES, planEditable, type PlanAction } from '../../shared/budget/plan-states.js';
import type { Q } from '../subjects/subject-repository.js';
import { readDetails, type BudgetDetailRow } from './execution.js';
import { readPlanState } from './plan-state.js';

export const PLAN_ACTION_NAMES: Readonly<Record<PlanAction, string>> = {
  submit: '提交',
  withdraw: '撤回',
  approve: '批准',
  return: '退回',
};

const CLASS_ORDER = new Map<string, number>(EXPEND_CLASSES.map((c, i) => [c.code, i]));
const CLASS_NAMES = new Map<string, string>(EXPEND_CLASSES.map((c) => [c.code, c.name]));
const PROJECT_CLASS = '002';

interface CategoryRow {
  id: string;
  type_name: string;
  info_no: string;
  expend_class: string | null;
  sort: number;
}

/** The class a detail is counted in: its own, its category's, else (a project budget) 项目支出. */
function classOf(detail: BudgetDetailRow, category: CategoryRow | undefined): string {
  const code = detail.expend_class ?? category?.expend_class ?? PROJECT_CLASS;
  return CLASS_NAMES.has(code) ? code : PROJECT_CLASS;
}

/** The details of the year in the grid's order, each with its class and category. */
export async function readPlanDetails(
  q: Q,
  ztId: number,
  year: number,
): Promise<{ row: BudgetPlanDetail; detail: BudgetDetailRow }[]> {
  const [details, categories] = await Promise.all([
    readDetails(q, ztId, year),
    q
      .selectFrom('budget_category')
      .select(['id', 'type_name', 'info_no', 'expend_class', 'sort'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .execute(),
  ]);
  const categoryById = new Map(categories.map((c) => [c.id, { ...c, sort: Number(c.sort) }]));
  const categoryOrder = new Map(
    [...categoryById.values()]
      .sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((c, i) => [c.id, i]),
  );
  const rows = details.map((detail, index) => {
    const category = categoryById.get(detail.type_id);
    const expendClass = classOf(detail, category);
    const row: BudgetPlanDetail = {
      id: detail.id,
      expendClass,
      className: CLASS_NAMES.get(expendClass) ?? '',
      categoryId: detail.type_id,
      categoryName: category?.type_name ?? '',
      categoryNo: category?.info_no ?? '',
      auxiType: detail.auxi_type,
      typeNo: detail.type_no,
      infoNo: detail.info_no,
      projectName: detail.project_name,
      amountBeforeAdjustment: answerYuan(detail.amount_before_adjustment),
      projectAmount: answerYuan(detail.project_amount),
      controlStatus: detail.control_status,
      warnPercent: detail.warn_ppm / 10_000,
    };
    return { row, detail, index };
  });
  rows.sort(
    (a, b) =>
      (CLASS_ORDER.get(a.row.expendClass) ?? 99) - (CLASS_ORDER.get(b.row.expendClass) ?? 99) ||
      (categoryOrder.get(a.row.categoryId) ?? 1e9) - (categoryOrder.get(b.row.categoryId) ?? 1e9) ||
      a.index - b.index,
  );
  return rows.map(({ row, detail }) => ({ row, detail }));
}

export async function readPlanEvents(q: Q, ztId: number, year: number): Promise<BudgetPlanEvent[]> {
  const rows = await q
    .selectFrom('budget_plan_event')
    .select(['seq', 'action', 'reason', 'user_name', 'at'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    seq: Number(r.seq),
    action: r.action,
    actionName: PLAN_ACTION_NAMES[r.action as PlanAction] ?? r.action,
    reason: r.reason,
    userName: r.user_name,
    at: new Date(Number(r.at)).toISOString(),
  }));
}

export async function readPlan(q: Q, ztId: number, year: number): Promise<BudgetPlan> {
  const [state, details, events, plan] = await Promise.all([
    readPlanState(q, ztId, year),
    readPlanDetails(q, ztId, year),
    readPlanEvents(q, ztId, year),
    q
      .selectFrom('budget_plan')
      .select(['reason', 'revision'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .executeTakeFirst(),
  ]);
  const sum = (pick: (d: BudgetDetailRow) => number) => details.reduce((s, d) => s + pick(d.detail), 0);
  return {
    year,
    state,
    stateName: PLAN_STATE_NAMES[state],
    editable: planEditable(state),
    revision: Number(plan?.revision ?? 0),
    reason: state === 'returned' ? (plan?.reason ?? null) : null,
    rows: details.map((d) => d.row),
    events,
    totalBeforeAdjustment: answerYuan(sum((d) => d.amount_before_adjustment)),
    totalAmount: answerYuan(sum((d) => d.project_amount)),
  };
}
