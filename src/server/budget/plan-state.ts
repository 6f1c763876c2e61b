/** The year's budget plan state as stored (no row: draft), and the guard of what may change in it. */
import { BudgetMessages } from '../../shared/budget/messages.js';
import { PLAN_STATE_NAMES, PLAN_STATES, planEditable, type PlanState } from '../../shared/budget/plan-states.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';

export async function readPlanState(q: Q, ztId: number, year: number): Promise<PlanState> {
  const row = await q
    .selectFrom('budget_plan')
    .select('status')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .executeTakeFirst();
  const status = row?.status as PlanState | undefined;
  return status && PLAN_STATES.includes(status) ? status : 'draft';
}

/** Refuses (4011) a change of details or opening budgets while the plan is submitted or approved. */
export async function assertPlanEditable(q: Q, ztId: number, year: number): Promise<void> {
  const state = await readPlanState(q, ztId, year);
  if (!planEditable(state)) refuse('BusinessRule', BudgetMessages.planLocked(PLAN_STATE_NAMES[state]));
}
