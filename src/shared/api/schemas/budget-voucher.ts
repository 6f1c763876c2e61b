/**
 * Schemas of the voucher side of budgets (issue 21 §2, lane "voucher"): the budget figures an
 * auxiliary item carries when it is a budget detail of the session's year (spec Auxiliary type:
 * infoList … budgetAmount, endAmount, balance, budgetExecutionStatus, finalSubjects, budgetId,
 * typeId), and a project's indicators as the two-table voucher's indicator picker reads them.
 */
import { Type, type Static } from 'typebox';
import { Envelope, Nullable, YuanOut } from './common.js';

/** Added to an auxiliary item (AuxiInfo) that is a budget detail of the session's year. */
export const AuxiBudgetFields = {
  budgetId: Type.Optional(Type.String({ description: '预算明细id (budget_project.id)' })),
  typeId: Type.Optional(Type.String({ description: '预算类别id (budget_category.id)' })),
  budgetAmount: Type.Optional(YuanOut('调整后预算（元）')),
  endAmount: Type.Optional(YuanOut('已执行（元）：本年度凭证（不论是否记账，结转凭证除外）在所计科目上的借方减贷方')),
  balance: Type.Optional(YuanOut('预算余额（元）= budgetAmount − endAmount，可为负')),
  budgetExecutionStatus: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(2), Type.Literal(3)], {
      description: '超预算控制：0 不控制，2 超预算预警，3 禁止超预算；预算方案批复前为0（预算尚未生效）',
    }),
  ),
  finalSubjects: Type.Optional(
    Type.Array(Type.String(), {
      description: '预算所计的支出科目代码（含下级）；空：账套一侧的全部支出科目（政府会计7类，其余5类）',
    }),
  ),
  hasIndicators: Type.Optional(Type.Boolean({ description: '项目有预算指标（双分录凭证的预算会计行须选择末级指标）' })),
};

export const IndicatorNodeSchema = Type.Cyclic(
  {
    IndicatorNode: Type.Object({
      code: Type.String({ description: '指标编码' }),
      name: Type.String({ description: '指标名称' }),
      parentCode: Nullable(Type.String({ description: '上级指标编码，顶级为null' })),
      amount: YuanOut('指标金额（元）'),
      isLeaf: Type.Boolean({ description: '末级指标：凭证行只能选择末级指标' }),
      children: Type.Array(Type.Ref('IndicatorNode')),
    }),
  },
  'IndicatorNode',
);
export type IndicatorNode = Static<typeof IndicatorNodeSchema>;

export const VoucherIndicatorsQuerySchema = Type.Object({
  budgetId: Type.String({ minLength: 1, maxLength: 64, description: '预算明细id（辅助项的budgetId）' }),
});
export type VoucherIndicatorsQuery = Static<typeof VoucherIndicatorsQuerySchema>;

export const BudgetVoucherSchemas = {
  indicators: {
    querystring: VoucherIndicatorsQuerySchema,
    response: { 200: Envelope(Type.Array(IndicatorNodeSchema, { description: '项目的指标树，按编码排序' })) },
  },
} as const;
