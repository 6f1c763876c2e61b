/**
 * The year's budget plan (base /budget; schemas in src/shared/api/schemas/budget-plan.ts): read by
 * 方案填报, 方案审批 and 规则设置; opening budgets saved with 方案填报's edit button; submitted and
 * withdrawn with its submit button; approved and returned with 方案审批's approve button (the
 * approver's, not the bookkeeper's); rules with 规则设置's edit; adjustments with 预算调整's edit.
 * The year is the session's; every id must be a detail of the session's set and year (4015).
 */
import type { FastifyRequest } from 'fastify';
import { BudgetPlanSchemas } from '../../shared/api/schemas/budget-plan.js';
import { Paths } from '../../shared/api/paths.js';
import { okEnvelope } from '../../shared/envelope.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { planAction, savePlanAmounts, type PlanScope } from './plan-actions.js';
import { readPlan } from './plan-read.js';
import { adjustBudget, readAdjustments, saveRules } from './rules-adjust.js';

/** The path as registered under the /budget prefix. */
const local = (path: string) => path.replace(/^\/budget/, '');

function scopeOf(request: FastifyRequest): PlanScope {
  const zt = ztOf(request);
  const { user } = authOf(request);
  return { ztId: zt.id, year: zt.year, user: { id: user.id, name: user.name } };
}

export const BudgetPlanRights = {
  read: [Page.budgetPlanEntry, Page.budgetPlanApproval, Page.budgetRules, Page.budgetAdjustment],
  save: [[Page.budgetPlanEntry, 'edit']],
  submit: [[Page.budgetPlanEntry, 'submit']],
  approve: [[Page.budgetPlanApproval, 'approve']],
  rules: [[Page.budgetRules, 'edit']],
  adjust: [[Page.budgetAdjustment, 'edit']],
} as const;

export function budgetPlanRoutes(app: App, db: Db): void {
  const q = db.kysely;
  const plan = (request: FastifyRequest) => readPlan(q, ztOf(request).id, ztOf(request).year);

  app.get(
    local(Paths.budgetPlan),
    { schema: BudgetPlanSchemas.plan, ...onLedger(Right.pages(...BudgetPlanRights.read)) },
    async (request) => okEnvelope(await plan(request)),
  );

  app.post(
    local(Paths.budgetPlanSave),
    { schema: BudgetPlanSchemas.save, ...onLedger(Right.buttons(BudgetPlanRights.save)) },
    async (request) => {
      await savePlanAmounts(db, scopeOf(request), request.body);
      return okEnvelope(await plan(request), '保存成功');
    },
  );

  app.post(
    local(Paths.budgetPlanSubmit),
    { schema: BudgetPlanSchemas.action, ...onLedger(Right.buttons(BudgetPlanRights.submit)) },
    async (request) => {
      await planAction(db, scopeOf(request), 'submit', request.body);
      return okEnvelope(await plan(request), '预算方案已提交');
    },
  );

  app.post(
    local(Paths.budgetPlanWithdraw),
    { schema: BudgetPlanSchemas.action, ...onLedger(Right.buttons(BudgetPlanRights.submit)) },
    async (request) => {
      await planAction(db, scopeOf(request), 'withdraw', request.body);
      return okEnvelope(await plan(request), '预算方案已撤回');
    },
  );

  app.post(
    local(Paths.budgetPlanApprove),
    { schema: BudgetPlanSchemas.action, ...onLedger(Right.buttons(BudgetPlanRights.approve)) },
    async (request) => {
      await planAction(db, scopeOf(request), 'approve', request.body);
      return okEnvelope(await plan(request), '预算方案已批准');
    },
  );

  app.post(
    local(Paths.budgetPlanReturn),
    { schema: BudgetPlanSchemas.returnPlan, ...onLedger(Right.buttons(BudgetPlanRights.approve)) },
    async (request) => {
      await planAction(db, scopeOf(request), 'return', request.body);
      return okEnvelope(await plan(request), '预算方案已退回');
    },
  );

  app.post(
    local(Paths.budgetRulesSave),
    { schema: BudgetPlanSchemas.rules, ...onLedger(Right.buttons(BudgetPlanRights.rules)) },
    async (request) => {
      await saveRules(db, scopeOf(request), request.body.rows);
      return okEnvelope(await plan(request), '保存成功');
    },
  );

  app.get(
    local(Paths.budgetAdjustments),
    { schema: BudgetPlanSchemas.adjustments, ...onLedger(Right.pages(Page.budgetAdjustment)) },
    async (request) => okEnvelope(await readAdjustments(q, ztOf(request).id, ztOf(request).year)),
  );

  app.post(
    local(Paths.budgetAdjust),
    { schema: BudgetPlanSchemas.adjust, ...onLedger(Right.buttons(BudgetPlanRights.adjust)) },
    async (request) => {
      await adjustBudget(db, scopeOf(request), request.body);
      return okEnvelope(await readAdjustments(q, ztOf(request).id, ztOf(request).year), '预算已调整');
    },
  );
}
