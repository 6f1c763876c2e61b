/**
 * The year's budget plan and its approval (方案填报 → 方案审批). A set's year starts without a plan
 * (draft). Draft or returned: details and amounts are keyed. Submitted: locked, waiting for the
 * approver. Approved: the budgets are in force (control and warnings apply) and change only by
 * adjustment (预算调整, with a reason and its history; the opening budget stays).
 */
export const PLAN_STATES = ['draft', 'submitted', 'approved', 'returned'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const PLAN_STATE_NAMES: Readonly<Record<PlanState, string>> = {
  draft: '未提交',
  submitted: '已提交',
  approved: '已批复',
  returned: '已退回',
};

export type PlanAction = 'submit' | 'approve' | 'return' | 'withdraw';

/** The state an action leads to from a state, or null when the action is not allowed there. */
export function nextPlanState(from: PlanState, action: PlanAction): PlanState | null {
  switch (action) {
    case 'submit':
      return from === 'draft' || from === 'returned' ? 'submitted' : null;
    case 'withdraw':
      return from === 'submitted' ? 'draft' : null;
    case 'approve':
      return from === 'submitted' ? 'approved' : null;
    case 'return':
      return from === 'submitted' ? 'returned' : null;
  }
}

/** Details and their opening budgets may be keyed. */
export function planEditable(state: PlanState): boolean {
  return state === 'draft' || state === 'returned';
}

/** Budgets are in force: control refuses or warns, 支出预警 warns. */
export function planInForce(state: PlanState): boolean {
  return state === 'approved';
}
