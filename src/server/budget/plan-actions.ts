/**
 * The plan's writes: opening budgets while it is editable, and its actions (submit, withdraw,
 * approve, return with a reason), each an event row.
 *
 * What must stay true:
 * - every write claims the plan row with one conditional update (its state among those the write
 *   starts from, and the revision the caller read when it sends one), so of two writes racing
 *   (approve and return, a save and a submit) exactly one passes; the other is refused 4012 when
 *   the plan changed since the caller read it, 4011 when its state never allowed the write;
 * - until approval the adjusted budget is the opening budget (a save and a submit write both);
 *   after approval only 预算调整 changes the adjusted budget, never the opening one.
 */
import { BudgetMessages } from '../../shared/budget/messages.js';
import {
  nextPlanState,
  PLAN_STATE_NAMES,
  PLAN_STATES,
  type PlanAction,
  type PlanState,
} from '../../shared/budget/plan-states.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import type { YuanAmount } from '../../shared/api/vouchers.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { PLAN_ACTION_NAMES } from './plan-read.js';

export interface PlanScope {
  ztId: number;
  year: number;
  user: { id: number; name: string };
}

/** The plan's row, made (draft, revision 0) when the year has none, so every write can claim it. */
async function ensurePlanRow(q: Q, ztId: number, year: number): Promise<void> {
  await q
    .insertInto('budget_plan')
    .values({ zt_id: ztId, year, status: 'draft', reason: null, revision: 0, updated_at: Date.now() })
    .onConflict((oc) => oc.columns(['zt_id', 'year']).doNothing())
    .execute();
}

/**
 * Moves the plan from one of `from` to `to` (or keeps its state: `to` null), bumping its revision;
 * refuses as described above when it cannot.
 */
async function claimPlan(
  q: Q,
  scope: PlanScope,
  from: readonly PlanState[],
  to: PlanState | null,
  refusal: (state: PlanState) => string,
  options: { revision?: number; reason?: string | null } = {},
): Promise<void> {
  await ensurePlanRow(q, scope.ztId, scope.year);
  let update = q
    .updateTable('budget_plan')
    .set((eb) => ({
      revision: eb('revision', '+', 1),
      updated_at: Date.now(),
      ...(to ? { status: to, reason: options.reason ?? null } : {}),
    }))
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('status', 'in', [...from]);
  if (options.revision !== undefined) update = update.where('revision', '=', options.revision);
  const done = await update.executeTakeFirst();
  if (done.numUpdatedRows === 1n) return;
  const current = await q
    .selectFrom('budget_plan')
    .select(['status', 'revision'])
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .executeTakeFirstOrThrow();
  const state = (PLAN_STATES as readonly string[]).includes(current.status) ? (current.status as PlanState) : 'draft';
  if (options.revision !== undefined && Number(current.revision) !== options.revision)
    refuse('Conflict', BudgetMessages.planStateChanged(PLAN_STATE_NAMES[state]));
  refuse('BusinessRule', refusal(state));
}

async function addEvent(q: Q, scope: PlanScope, action: PlanAction, reason: string | null): Promise<void> {
  const last = await q
    .selectFrom('budget_plan_event')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .executeTakeFirst();
  await q
    .insertInto('budget_plan_event')
    .values({
      zt_id: scope.ztId,
      year: scope.year,
      seq: Number(last?.seq ?? 0) + 1,
      action,
      reason,
      user_id: scope.user.id,
      user_name: scope.user.name,
      at: Date.now(),
    })
    .execute();
}

/** The year's details named by `ids` (any other: 4015). */
export async function detailIdsOf(q: Q, ztId: number, year: number, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  const found = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await q
      .selectFrom('budget_project')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('id', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  if (found.size !== wanted.length) refuse('NotFound', BudgetMessages.detailNotFound);
  return found;
}

/** Amounts of a request in fen, each checked (form: 4000; negative: 4003 naming the row). */
export function fenOfRows<F extends string>(
  rows: readonly ({ id: string } & Record<F, YuanAmount>)[],
  field: F,
): { id: string; fen: number }[] {
  const issues: ValidationIssue[] = [];
  const out = rows.map((row) => {
    const fen = yuanToFen(row[field]);
    if (!fen.ok) refuse('BadRequest', fen.message);
    if (fen.fen < 0) issues.push({ message: BudgetMessages.amountNegative, rowId: row.id, fieldId: field });
    return { id: row.id, fen: fen.fen };
  });
  if (issues.length > 0) refuse('ValidationFailed', BudgetMessages.planIncomplete, issues);
  return out;
}

/** Saves opening budgets (and so the adjusted ones) while the plan is draft or returned. */
export async function savePlanAmounts(
  db: Db,
  scope: PlanScope,
  request: { revision?: number; rows: readonly { id: string; amountBeforeAdjustment: YuanAmount }[] },
): Promise<void> {
  const amounts = fenOfRows(request.rows, 'amountBeforeAdjustment');
  await db.kysely.transaction().execute(async (trx) => {
    await claimPlan(trx, scope, ['draft', 'returned'], null, (s) => BudgetMessages.planLocked(PLAN_STATE_NAMES[s]), {
      revision: request.revision,
    });
    await detailIdsOf(
      trx,
      scope.ztId,
      scope.year,
      amounts.map((a) => a.id),
    );
    const now = Date.now();
    for (const a of amounts) {
      await trx
        .updateTable('budget_project')
        .set((eb) => ({
          amount_before_adjustment: a.fen,
          project_amount: a.fen,
          updated_at: now,
          revision: eb('revision', '+', 1),
        }))
        .where('zt_id', '=', scope.ztId)
        .where('id', '=', a.id)
        .execute();
    }
  });
}

const FROM: Readonly<Record<PlanAction, readonly PlanState[]>> = {
  submit: PLAN_STATES.filter((s) => nextPlanState(s, 'submit') !== null),
  withdraw: PLAN_STATES.filter((s) => nextPlanState(s, 'withdraw') !== null),
  approve: PLAN_STATES.filter((s) => nextPlanState(s, 'approve') !== null),
  return: PLAN_STATES.filter((s) => nextPlanState(s, 'return') !== null),
};

/** One action of the plan (see nextPlanState), recorded as an event with its reason. */
export async function planAction(
  db: Db,
  scope: PlanScope,
  action: PlanAction,
  options: { revision?: number; reason?: string } = {},
): Promise<void> {
  const from = FROM[action];
  const to = from[0] ? nextPlanState(from[0], action) : null;
  if (!to) throw new Error(`no state leads anywhere by ${action}`);
  const reason = action === 'return' ? (options.reason ?? '').trim() : null;
  if (action === 'return' && !reason) refuse('BadRequest', BudgetMessages.returnReasonRequired);
  await db.kysely.transaction().execute(async (trx) => {
    await claimPlan(
      trx,
      scope,
      from,
      to,
      (s) => BudgetMessages.planActionRefused(PLAN_STATE_NAMES[s], PLAN_ACTION_NAMES[action]),
      { revision: options.revision, reason },
    );
    if (action === 'submit') {
      const budgeted = await trx
        .selectFrom('budget_project')
        .select('id')
        .where('zt_id', '=', scope.ztId)
        .where('year', '=', scope.year)
        .where('amount_before_adjustment', '>', 0)
        .limit(1)
        .executeTakeFirst();
      if (!budgeted) refuse('BusinessRule', BudgetMessages.planEmpty);
      // The plan as submitted: its adjusted budgets are its opening budgets until approval.
      await trx
        .updateTable('budget_project')
        .set((eb) => ({ project_amount: eb.ref('amount_before_adjustment') }))
        .where('zt_id', '=', scope.ztId)
        .where('year', '=', scope.year)
        .whereRef('project_amount', '<>', 'amount_before_adjustment')
        .execute();
    }
    await addEvent(trx, scope, action, reason);
  });
}
