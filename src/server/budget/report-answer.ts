/** The budget reports' figures as the answers carry them: yuan, rates as text beside their hundredths. */
import type { BudgetExecutionRow } from '../../shared/api/schemas/budget-reports.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { controlName, rateText, type ExecutionRow } from '../../shared/budget/execution-rows.js';
import { PLAN_STATE_NAMES, type PlanState } from '../../shared/budget/plan-states.js';

export const planOf = (state: PlanState) => ({ state, stateName: PLAN_STATE_NAMES[state] });
export const percentOfPpm = (ppm: number) => rateText(Math.round(ppm / 100));

export function figures(r: {
  opening: number;
  adjusted: number;
  spent: number;
  remaining: number;
  rateHundredths: number | null;
}) {
  return {
    amountBeforeAdjustment: answerYuan(r.opening),
    projectAmount: answerYuan(r.adjusted),
    spent: answerYuan(r.spent),
    remaining: answerYuan(r.remaining),
    executionRate: r.rateHundredths === null ? null : rateText(r.rateHundredths),
    executionHundredths: r.rateHundredths,
  };
}

export function rowOf(r: ExecutionRow): BudgetExecutionRow {
  return {
    kind: r.kind,
    depth: r.depth,
    code: r.code,
    name: r.name,
    classCode: r.classCode,
    typeId: r.typeId,
    budgetId: r.budgetId,
    ...figures(r),
    control: r.control,
    controlName: controlName(r.control),
    warnPercent: r.warnPpm === null ? null : percentOfPpm(r.warnPpm),
  };
}
