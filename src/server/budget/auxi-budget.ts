/**
 * The budget figures the auxiliary answers carry (spec Auxiliary type infoList: budgetAmount,
 * endAmount, balance, budgetExecutionStatus, finalSubjects, budgetId, typeId; B8: the voucher
 * editor shows the remaining budget beside a line and the picker refuses a forbid project with
 * nothing left). Read with readExecution, the one reading of spent the control shares, so the
 * editor's figures are the server's. The control status is answered only while the year's plan is
 * approved: before that the budgets are not in force and the server neither warns nor refuses.
 */
import type { AuxiInfo } from '../../shared/api/auxiliary.js';
import { BUDGET_ITEM_TYPES } from '../../shared/budget/classes.js';
import { CONTROL_FORBID, CONTROL_WARN, subjectListOf } from '../../shared/budget/control.js';
import { planInForce } from '../../shared/budget/plan-states.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import type { Q } from '../subjects/subject-repository.js';
import { readDetails, readExecution } from './execution.js';
import { readPlanState } from './plan-state.js';

type BudgetFigures = Pick<
  AuxiInfo,
  'budgetId' | 'typeId' | 'budgetAmount' | 'endAmount' | 'balance' | 'budgetExecutionStatus' | 'finalSubjects' | 'hasIndicators'
>;

const itemKey = (typeNo: string, infoNo: string) => `${typeNo}\u0000${infoNo}`;

function statusOf(control: number, inForce: boolean): 0 | 2 | 3 {
  if (!inForce) return 0;
  return control === CONTROL_FORBID ? 3 : control === CONTROL_WARN ? 2 : 0;
}

/** The figures of the year's budget details among the given types' items, by item. */
export async function budgetFiguresOf(
  q: Q,
  ztId: number,
  year: number,
  typeNos: readonly string[],
): Promise<Map<string, BudgetFigures>> {
  const out = new Map<string, BudgetFigures>();
  const types = new Set(typeNos.filter((t) => BUDGET_ITEM_TYPES.includes(t)));
  if (types.size === 0) return out;
  const details = (await readDetails(q, ztId, year)).filter((d) => types.has(d.type_no));
  if (details.length === 0) return out;
  const [execution, state, withIndicators] = await Promise.all([
    readExecution(q, ztId, year, details),
    readPlanState(q, ztId, year),
    q.selectFrom('budget_indicator').select('project_id').distinct().where('zt_id', '=', ztId).execute(),
  ]);
  const indicated = new Set(withIndicators.map((r) => r.project_id));
  const inForce = planInForce(state);
  for (const { detail, spent, remaining } of execution) {
    out.set(itemKey(detail.type_no, detail.info_no), {
      budgetId: detail.id,
      typeId: detail.type_id,
      budgetAmount: answerYuan(detail.project_amount),
      endAmount: answerYuan(spent),
      balance: answerYuan(remaining),
      budgetExecutionStatus: statusOf(detail.control_status, inForce),
      finalSubjects: subjectListOf(detail.subject_codes),
      hasIndicators: indicated.has(detail.id),
    });
  }
  return out;
}

/** The item trees with each budget detail's figures added (a new tree; the others unchanged). */
export function withBudgetFigures(items: readonly AuxiInfo[], figures: ReadonlyMap<string, BudgetFigures>): AuxiInfo[] {
  if (figures.size === 0) return [...items];
  return items.map((item) => ({
    ...item,
    ...figures.get(itemKey(item.typeNo, item.infoNo)),
    children: withBudgetFigures(item.children, figures),
  }));
}
