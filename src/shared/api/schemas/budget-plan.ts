/**
 * Schemas of the year's budget plan (base /budget; issue 21, lane "plan"): the plan with its
 * details and history (方案填报, 方案审批), the opening budgets saved while the plan is editable, the
 * plan's actions (submit, withdraw, approve, return with a reason), the control rules per detail
 * (规则设置) and the adjustments after approval (预算调整). Amounts are yuan with at most two
 * decimals both ways; the year is always the session's.
 */
import { Type, type Static } from 'typebox';
import { BudgetMessages } from '../../budget/messages.js';
import { Envelope, Id, NoParams, Nullable, YuanIn, YuanOut } from './common.js';

export const BUDGET_PLAN_MAX_ROWS = 10_000;

const Revision = () =>
  Type.Optional(Type.Integer({ minimum: 0, description: '读到的方案版本（revision）；不是当前版本则拒绝（4012）' }));

const State = Type.Union([Type.Literal('draft'), Type.Literal('submitted'), Type.Literal('approved'), Type.Literal('returned')], {
  description: 'draft 未提交，submitted 已提交，approved 已批复，returned 已退回',
});

export const BudgetPlanDetailSchema = Type.Object({
  id: Type.String({ description: '预算明细id（budgetId）' }),
  expendClass: Type.String({ description: '支出分类：001 基本支出，00101 人员经费，00102 公用经费，002 项目支出' }),
  className: Type.String({ description: '支出分类名称' }),
  categoryId: Type.String({ description: '类别id（typeId）' }),
  categoryName: Type.String({ description: '类别名称' }),
  categoryNo: Type.String({ description: '类别的辅助核算项目编码' }),
  auxiType: Type.String({ description: 'XMYS、XMZC 项目预算；JBZC、RYJF、GYJF 支出分类' }),
  typeNo: Type.String({ description: '明细的辅助核算类别' }),
  infoNo: Type.String({ description: '明细的辅助核算项目编码' }),
  projectName: Type.String({ description: '名称' }),
  amountBeforeAdjustment: YuanOut('调整前预算（年初预算，元）'),
  projectAmount: YuanOut('调整后预算（元）；批复前等于调整前预算'),
  controlStatus: Type.Integer({ description: '控制方式：0 不控制，2 超预算预警，3 禁止超预算' }),
  warnPercent: Type.Number({ description: '支出预警比例（%）' }),
});
export type BudgetPlanDetail = Static<typeof BudgetPlanDetailSchema>;

export const BudgetPlanEventSchema = Type.Object({
  seq: Type.Integer({ description: '序号，从1起' }),
  action: Type.String({ description: 'submit 提交，withdraw 撤回，approve 批准，return 退回' }),
  actionName: Type.String({ description: '操作名称' }),
  reason: Nullable(Type.String({ description: '退回原因' })),
  userName: Type.String({ description: '操作人' }),
  at: Type.String({ description: '操作时间（ISO 8601）' }),
});
export type BudgetPlanEvent = Static<typeof BudgetPlanEventSchema>;

export const BudgetPlanSchema = Type.Object({
  year: Type.Integer({ description: '预算年度（会话的会计年度）' }),
  state: State,
  stateName: Type.String({ description: '状态名称' }),
  editable: Type.Boolean({ description: '未提交或已退回：可以填报' }),
  revision: Type.Integer({ description: '方案的版本：每次保存和操作加1；操作时传回，方案已被他人改动则拒绝（4012）' }),
  reason: Nullable(Type.String({ description: '最近一次退回的原因' })),
  rows: Type.Array(BudgetPlanDetailSchema, { description: '本年度的预算明细，按支出分类、类别、明细排列' }),
  events: Type.Array(BudgetPlanEventSchema, { description: '提交、撤回、批准、退回的记录，按时间' }),
  totalBeforeAdjustment: YuanOut('调整前预算合计（元）'),
  totalAmount: YuanOut('调整后预算合计（元）'),
});
export type BudgetPlan = Static<typeof BudgetPlanSchema>;

export const SaveBudgetPlanRequestSchema = Type.Object({
  revision: Revision(),
  rows: Type.Array(
    Type.Object({
      id: Id('预算明细id'),
      amountBeforeAdjustment: YuanIn('调整前预算（元），不能为负数'),
    }),
    { minItems: 1, maxItems: BUDGET_PLAN_MAX_ROWS, description: '要保存的明细及其调整前预算；未列出的明细不变' },
  ),
});
export type SaveBudgetPlanRequest = Static<typeof SaveBudgetPlanRequestSchema>;

export const BudgetPlanActionRequestSchema = Type.Object({ revision: Revision() });
export type BudgetPlanActionRequest = Static<typeof BudgetPlanActionRequestSchema>;

export const ReturnBudgetPlanRequestSchema = Type.Object({
  revision: Revision(),
  reason: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    description: '退回原因（必填）',
    'x-message': BudgetMessages.returnReasonRequired,
  }),
});
export type ReturnBudgetPlanRequest = Static<typeof ReturnBudgetPlanRequestSchema>;

export const SaveBudgetRulesRequestSchema = Type.Object({
  rows: Type.Array(
    Type.Object({
      id: Id('预算明细id'),
      controlStatus: Type.Union([Type.Literal(0), Type.Literal(2), Type.Literal(3)], {
        description: '控制方式：0 不控制，2 超预算预警，3 禁止超预算',
        'x-message': BudgetMessages.controlStatusInvalid,
      }),
      warnPercent: Type.Number({
        minimum: 1,
        maximum: 100,
        description: '支出预警比例（%），1到100，最多两位小数',
        'x-message': BudgetMessages.warnPercentRange,
      }),
    }),
    { minItems: 1, maxItems: BUDGET_PLAN_MAX_ROWS, description: '要保存规则的明细；未列出的明细不变' },
  ),
});
export type SaveBudgetRulesRequest = Static<typeof SaveBudgetRulesRequestSchema>;

export const AdjustBudgetRequestSchema = Type.Object({
  id: Id('预算明细id'),
  projectAmount: YuanIn('新的调整后预算（元），不能为负数'),
  reason: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    description: '调整原因（必填）',
    'x-message': BudgetMessages.adjustReasonRequired,
  }),
});
export type AdjustBudgetRequest = Static<typeof AdjustBudgetRequestSchema>;

export const BudgetAdjustmentSchema = Type.Object({
  projectId: Type.String({ description: '预算明细id' }),
  projectName: Type.String({ description: '明细名称' }),
  seq: Type.Integer({ description: '该明细的第几次调整' }),
  beforeAmount: YuanOut('调整前的调整后预算（元）'),
  afterAmount: YuanOut('调整后的调整后预算（元）'),
  reason: Type.String({ description: '调整原因' }),
  userName: Type.String({ description: '调整人' }),
  at: Type.String({ description: '调整时间（ISO 8601）' }),
});
export type BudgetAdjustment = Static<typeof BudgetAdjustmentSchema>;

export const BudgetAdjustmentsSchema = Type.Object({
  year: Type.Integer(),
  state: State,
  stateName: Type.String(),
  rows: Type.Array(
    Type.Object({
      ...BudgetPlanDetailSchema.properties,
      spent: YuanOut('已执行（元）'),
      remaining: YuanOut('预算余额（元）= 调整后预算 − 已执行'),
    }),
    { description: '本年度的预算明细及其执行' },
  ),
  adjustments: Type.Array(BudgetAdjustmentSchema, { description: '本年度的预算调整记录，按时间' }),
});
export type BudgetAdjustments = Static<typeof BudgetAdjustmentsSchema>;

export const BudgetPlanSchemas = {
  plan: { querystring: NoParams, response: { 200: Envelope(BudgetPlanSchema) } },
  save: { body: SaveBudgetPlanRequestSchema, response: { 200: Envelope(BudgetPlanSchema) } },
  action: { body: BudgetPlanActionRequestSchema, response: { 200: Envelope(BudgetPlanSchema) } },
  returnPlan: { body: ReturnBudgetPlanRequestSchema, response: { 200: Envelope(BudgetPlanSchema) } },
  rules: { body: SaveBudgetRulesRequestSchema, response: { 200: Envelope(BudgetPlanSchema) } },
  adjustments: { querystring: NoParams, response: { 200: Envelope(BudgetAdjustmentsSchema) } },
  adjust: { body: AdjustBudgetRequestSchema, response: { 200: Envelope(BudgetAdjustmentsSchema) } },
} as const;
