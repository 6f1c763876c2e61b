/**
 * 规则设置 and 预算调整: the control of each detail (0 none, 2 warn, 3 forbid) with its warning
 * threshold, kept in any state of the plan; and, once the plan is approved, a new adjusted budget
 * with its reason, each change a budget_adjustment row (before, after, who, when). The opening
 * budget never changes here.
 */
import { PostgresAdapter } from 'kysely';
import type { BudgetAdjustments } from '../../shared/api/schemas/budget-plan.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { PLAN_STATE_NAMES, planInForce } from '../../shared/budget/plan-states.js';
import type { YuanAmount } from '../../shared/api/vouchers.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { readExecution } from './execution.js';
import { detailIdsOf, type PlanScope } from './plan-actions.js';
import { readPlanDetails } from './plan-read.js';
import { readPlanState } from './plan-state.js';

/** A percentage with at most two decimals, 1–100, in parts per million; null when it is not one. */
export function warnPpmOf(percent: number): number | null {
  const hundredths = Math.round(percent * 100);
  if (Math.abs(percent * 100 - hundredths) > 1e-6 || hundredths < 100 || hundredths > 10_000) return null;
  return hundredths * 100;
}

export async function saveRules(
  db: Db,
  scope: PlanScope,
  rows: readonly { id: string; controlStatus: 0 | 2 | 3; warnPercent: number }[],
): Promise<void> {
  const issues = rows.flatMap((r) =>
    warnPpmOf(r.warnPercent) === null ? [{ message: BudgetMessages.warnPercentRange, rowId: r.id, fieldId: 'warnPercent' }] : [],
  );
  if (issues.length > 0) refuse('ValidationFailed', BudgetMessages.warnPercentRange, issues);
  await db.kysely.transaction().execute(async (trx) => {
    await detailIdsOf(
      trx,
      scope.ztId,
      scope.year,
      rows.map((r) => r.id),
    );
    const now = Date.now();
    for (const r of rows) {
      await trx
        .updateTable('budget_project')
        .set((eb) => ({
          control_status: r.controlStatus,
          warn_ppm: warnPpmOf(r.warnPercent) ?? 800_000,
          updated_at: now,
          revision: eb('revision', '+', 1),
        }))
        .where('zt_id', '=', scope.ztId)
        .where('id', '=', r.id)
        .execute();
    }
  });
}

/** A new adjusted budget for an approved plan's detail, with its reason (an adjustment row). */
export async function adjustBudget(
  db: Db,
  scope: PlanScope,
  request: { id: string; projectAmount: YuanAmount; reason: string },
): Promise<void> {
  const fen = yuanToFen(request.projectAmount);
  if (!fen.ok) refuse('BadRequest', fen.message);
  if (fen.fen < 0)
    refuse('ValidationFailed', BudgetMessages.amountNegative, [
      { message: BudgetMessages.amountNegative, rowId: request.id, fieldId: 'projectAmount' },
    ]);
  const reason = request.reason.trim();
  if (!reason) refuse('BadRequest', BudgetMessages.adjustReasonRequired);
  await db.kysely.transaction().execute(async (trx) => {
    let read = trx
      .selectFrom('budget_project')
      .select(['id', 'project_amount'])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where('id', '=', request.id);
    // The detail locked, so an adjustment and a voucher's forbid check see one budget at a time.
    if (trx.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
    const detail = await read.executeTakeFirst();
    if (!detail) refuse('NotFound', BudgetMessages.detailNotFound);
    const state = await readPlanState(trx, scope.ztId, scope.year);
    if (!planInForce(state)) refuse('BusinessRule', `${BudgetMessages.adjustOnlyApproved}（当前${PLAN_STATE_NAMES[state]}）`);
    const before = Number(detail.project_amount);
    if (before === fen.fen) refuse('BusinessRule', BudgetMessages.adjustUnchanged);
    const last = await trx
      .selectFrom('budget_adjustment')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('zt_id', '=', scope.ztId)
      .where('project_id', '=', request.id)
      .executeTakeFirst();
    const now = Date.now();
    await trx
      .insertInto('budget_adjustment')
      .values({
        zt_id: scope.ztId,
        project_id: request.id,
        seq: Number(last?.seq ?? 0) + 1,
        before_amount: before,
        after_amount: fen.fen,
        reason,
        user_id: scope.user.id,
        user_name: scope.user.name,
        at: now,
      })
      .execute();
    await trx
      .updateTable('budget_project')
      .set((eb) => ({ project_amount: fen.fen, updated_at: now, revision: eb('revision', '+', 1) }))
      .where('zt_id', '=', scope.ztId)
      .where('id', '=', request.id)
      .execute();
  });
}

/** The details with their execution, and every adjustment of the year (预算调整). */
export async function readAdjustments(q: Q, ztId: number, year: number): Promise<BudgetAdjustments> {
  const [state, details] = await Promise.all([readPlanState(q, ztId, year), readPlanDetails(q, ztId, year)]);
  const execution = new Map(
    (
      await readExecution(
        q,
        ztId,
        year,
        details.map((d) => d.detail),
      )
    ).map((e) => [e.detail.id, e]),
  );
  const names = new Map(details.map((d) => [d.row.id, d.row.projectName]));
  const adjustments = await q
    .selectFrom('budget_adjustment')
    .select(['project_id', 'seq', 'before_amount', 'after_amount', 'reason', 'user_name', 'at'])
    .where('zt_id', '=', ztId)
    .where('project_id', 'in', (eb) =>
      eb.selectFrom('budget_project').select('id').where('zt_id', '=', ztId).where('year', '=', year),
    )
    .orderBy('at')
    .orderBy('project_id')
    .orderBy('seq')
    .execute();
  return {
    year,
    state,
    stateName: PLAN_STATE_NAMES[state],
    rows: details.map(({ row }) => {
      const e = execution.get(row.id);
      return { ...row, spent: answerYuan(e?.spent ?? 0), remaining: answerYuan(e?.remaining ?? 0) };
    }),
    adjustments: adjustments.map((a) => ({
      projectId: a.project_id,
      projectName: names.get(a.project_id) ?? '',
      seq: Number(a.seq),
      beforeAmount: answerYuan(Number(a.before_amount)),
      afterAmount: answerYuan(Number(a.after_amount)),
      reason: a.reason,
      userName: a.user_name,
      at: new Date(Number(a.at)).toISOString(),
    })),
  };
}
