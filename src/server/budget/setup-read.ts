/**
 * What the budget setup pages read: the year's categories with their details (项目预算: XMYS and
 * XMZC; 支出分类设置: the four classes), the spec's category list (getProjecTypeList), and
 * JudgeBigProjects: whether an item (or a subject) spends from a budget.
 */
import type {
  BudgetCategoryNode,
  BudgetDetail,
  BudgetSetupList,
  BudgetType,
  JudgeBigProjects,
} from '../../shared/api/schemas/budget-setup.js';
import { BUDGET_ITEM_TYPES } from '../../shared/budget/classes.js';
import { countsSubject, subjectListOf } from '../../shared/budget/control.js';
import { planEditable } from '../../shared/budget/plan-states.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import type { Q, Scope } from '../subjects/subject-repository.js';
import { isGovernmentSet, readDetails, type BudgetDetailRow } from './execution.js';
import { readPlanState } from './plan-state.js';

type CategoryRow = {
  id: string;
  type_name: string;
  auxi_type: string;
  expend_class: string | null;
  type_no: string;
  info_no: string;
};

export function typeAnswer(c: CategoryRow): BudgetType {
  return {
    typeId: c.id,
    typeName: c.type_name,
    auxiType: c.auxi_type,
    expendBudgetClassification: c.expend_class,
    typeNo: c.type_no,
    infoNo: c.info_no,
  };
}

const SCOPE_TYPES = {
  project: ['XMYS', 'XMZC'],
  expenditure: ['JBZC', 'RYJF', 'GYJF', 'XMZC'],
} as const;

function readCategories(q: Q, scope: Scope, auxiTypes: readonly string[]) {
  return q
    .selectFrom('budget_category')
    .select(['id', 'type_name', 'auxi_type', 'expend_class', 'type_no', 'info_no'])
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('auxi_type', 'in', [...auxiTypes])
    .orderBy('auxi_type')
    .orderBy('info_no')
    .execute();
}

export async function budgetTypeList(q: Q, scope: Scope, auxiType: string, expendClass: string | null): Promise<BudgetType[]> {
  const rows = await readCategories(q, scope, [auxiType]);
  return rows.filter((r) => !expendClass || r.expend_class === expendClass).map(typeAnswer);
}

function detailAnswer(
  d: BudgetDetailRow,
  names: ReadonlyMap<string, string>,
  indicators: ReadonlyMap<string, number>,
): BudgetDetail {
  const codes = subjectListOf(d.subject_codes);
  return {
    budgetId: d.id,
    typeId: d.type_id,
    auxiType: d.auxi_type,
    typeNo: d.type_no,
    infoNo: d.info_no,
    projectName: d.project_name,
    expendBudgetClassification: d.expend_class,
    amountBeforeAdjustment: answerYuan(d.amount_before_adjustment),
    projectAmount: answerYuan(d.project_amount),
    subjectCodeArray: codes.join(','),
    subjects: codes.map((code) => ({ code, name: names.get(code) ?? '' })),
    budgetExecutionStatus: d.control_status,
    indicatorCount: indicators.get(d.id) ?? 0,
  };
}

export async function budgetSetupList(q: Q, scope: Scope, which: keyof typeof SCOPE_TYPES): Promise<BudgetSetupList> {
  const auxiTypes = SCOPE_TYPES[which];
  const [categories, details, subjects, indicatorRows, state] = await Promise.all([
    readCategories(q, scope, auxiTypes),
    readDetails(q, scope.ztId, scope.year),
    q.selectFrom('subject').select(['code', 'name']).where('zt_id', '=', scope.ztId).where('year', '=', scope.year).execute(),
    q
      .selectFrom('budget_indicator')
      .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('zt_id', '=', scope.ztId)
      .groupBy('project_id')
      .execute(),
    readPlanState(q, scope.ztId, scope.year),
  ]);
  const names = new Map(subjects.map((s) => [s.code, s.name]));
  const indicators = new Map(indicatorRows.map((r) => [r.project_id, Number(r.n)]));
  const byCategory = new Map<string, BudgetDetail[]>();
  for (const d of details) {
    const list = byCategory.get(d.type_id) ?? [];
    list.push(detailAnswer(d, names, indicators));
    byCategory.set(d.type_id, list);
  }
  const nodes: BudgetCategoryNode[] = categories.map((c) => ({
    ...typeAnswer(c),
    details: (byCategory.get(c.id) ?? []).sort((a, b) => (a.infoNo < b.infoNo ? -1 : 1)),
  }));
  return { year: scope.year, planState: state, planEditable: planEditable(state), categories: nodes };
}

/**
 * JudgeBigProjects (the spec's "budget-project flag check"; payload ours): with an item, whether it
 * is a budget detail of the session year (and, with a subject, one that counts the subject); with
 * a subject only, whether lines on it may spend from budgets.
 */
export async function judgeBigProjects(
  q: Q,
  scope: Scope,
  ask: { typeNo: string; infoNo: string; subjectCode: string },
): Promise<JudgeBigProjects> {
  const none: JudgeBigProjects = {
    isBudgetProject: false,
    budgetId: null,
    typeId: null,
    projectName: null,
    budgetExecutionStatus: 0,
    hasIndicators: false,
  };
  if (ask.typeNo && ask.infoNo) {
    const [detail] = await readDetails(q, scope.ztId, scope.year, [{ typeNo: ask.typeNo, infoNo: ask.infoNo }]);
    if (!detail) return none;
    if (ask.subjectCode) {
      const government = await isGovernmentSet(q, scope.ztId);
      if (!countsSubject(ask.subjectCode, subjectListOf(detail.subject_codes), government)) return none;
    }
    const indicator = await q
      .selectFrom('budget_indicator')
      .select('code')
      .where('zt_id', '=', scope.ztId)
      .where('project_id', '=', detail.id)
      .limit(1)
      .executeTakeFirst();
    return {
      isBudgetProject: true,
      budgetId: detail.id,
      typeId: detail.type_id,
      projectName: detail.project_name,
      budgetExecutionStatus: detail.control_status,
      hasIndicators: !!indicator,
    };
  }
  if (!ask.subjectCode) return none;
  const subject = await q
    .selectFrom('subject')
    .select('type')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', ask.subjectCode)
    .executeTakeFirst();
  if (!subject || ![5, 7].includes(Number(subject.type))) return none;
  const linked = await q
    .selectFrom('subject_auxi_type')
    .select('type_no')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', ask.subjectCode)
    .where('type_no', 'in', [...BUDGET_ITEM_TYPES])
    .executeTakeFirst();
  return { ...none, isBudgetProject: !!linked };
}
