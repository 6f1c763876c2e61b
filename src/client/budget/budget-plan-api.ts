/** The budget plan's calls (base /budget; shapes in shared/api/schemas/budget-plan.ts) and the plan as grid rows. */
import { budgetPlanRows, type BudgetPlanRow } from '../../../grids/budget-plan.js';
import type { BudgetRuleRow } from '../../../grids/budget-rules.js';
import { Paths } from '../../shared/api/paths.js';
import type {
  AdjustBudgetRequest,
  BudgetAdjustments,
  BudgetPlan,
  SaveBudgetPlanRequest,
  SaveBudgetRulesRequest,
} from '../../shared/api/schemas/budget-plan.js';
import { answerFen } from '../../shared/books/answer-amounts.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { api, ApiError, performAction, requestEnvelope } from '../shell/request.js';

export function loadBudgetPlan(): Promise<BudgetPlan> {
  return api.get<BudgetPlan>(Paths.budgetPlan);
}

/** Refused calls in a dialog are shown there (silent); the others by the request wrapper. */

/** A write whose 4003 answer names rows: the issues go to `onIssues` too; null when refused. */
async function postWithIssues<T>(path: string, body: unknown, onIssues: (issues: ValidationIssue[]) => void): Promise<T | null> {
  try {
    return (await requestEnvelope<T>('POST', path, body, { silent: true })).data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const envelope = error.envelope;
    if (envelope?.errorCode === ErrorCode.ValidationFailed && Array.isArray(envelope.data))
      onIssues(envelope.data as ValidationIssue[]);
    performAction(error.action);
    return null;
  }
}

export function saveBudgetPlan(request: SaveBudgetPlanRequest, onIssues: (issues: ValidationIssue[]) => void) {
  return postWithIssues<BudgetPlan>(Paths.budgetPlanSave, request, onIssues);
}

export function planAction(action: 'submit' | 'withdraw' | 'approve', revision: number): Promise<BudgetPlan> {
  const path = { submit: Paths.budgetPlanSubmit, withdraw: Paths.budgetPlanWithdraw, approve: Paths.budgetPlanApprove }[action];
  return api.post<BudgetPlan>(path, { revision });
}

export function returnBudgetPlan(revision: number, reason: string): Promise<BudgetPlan> {
  return api.post<BudgetPlan>(Paths.budgetPlanReturn, { revision, reason }, { silent: true });
}

export function saveBudgetRules(request: SaveBudgetRulesRequest, onIssues: (issues: ValidationIssue[]) => void) {
  return postWithIssues<BudgetPlan>(Paths.budgetRulesSave, request, onIssues);
}

export function loadAdjustments(): Promise<BudgetAdjustments> {
  return api.get<BudgetAdjustments>(Paths.budgetAdjustments);
}

export function adjustBudget(request: AdjustBudgetRequest): Promise<BudgetAdjustments> {
  return api.post<BudgetAdjustments>(Paths.budgetAdjust, request, { silent: true });
}

/** The plan's details as the grid's tree rows (fen). */
export function planGridRows(plan: BudgetPlan): BudgetPlanRow[] {
  return budgetPlanRows(
    plan.rows.map((r) => ({
      id: r.id,
      expendClass: r.expendClass,
      className: r.className,
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      categoryNo: r.categoryNo,
      typeNo: r.typeNo,
      infoNo: r.infoNo,
      projectName: r.projectName,
      openingFen: answerFen(r.amountBeforeAdjustment),
      adjustedFen: answerFen(r.projectAmount),
    })),
  );
}

/** The save of the grid's details (their opening budgets in yuan); the row ids map issues back. */
export function planSaveRequest(plan: BudgetPlan, rows: readonly BudgetPlanRow[]): SaveBudgetPlanRequest {
  return {
    revision: plan.revision,
    rows: rows
      .filter((r) => r.kind === 'detail' && r.id !== null)
      .map((r) => ({ id: r.id ?? '', amountBeforeAdjustment: fenToYuan(r.amountBeforeAdjustment ?? 0) })),
  };
}

export function ruleGridRows(plan: BudgetPlan): BudgetRuleRow[] {
  return plan.rows.map((r) => ({
    rowId: r.id,
    id: r.id,
    className: r.className,
    categoryName: r.categoryName,
    projectName: r.projectName,
    projectAmount: answerFen(r.projectAmount),
    controlStatus: r.controlStatus,
    warnPercent: Math.round(r.warnPercent * 100),
  }));
}

export function rulesSaveRequest(rows: readonly BudgetRuleRow[]): SaveBudgetRulesRequest {
  return {
    rows: rows.map((r) => ({
      id: r.id,
      controlStatus: (r.controlStatus ?? 0) as 0 | 2 | 3,
      warnPercent: (r.warnPercent ?? 0) / 100,
    })),
  };
}
