/**
 * Schemas of the budget reports (issue 21 §3, base /budget; the spec names the pages 预算执行表 and
 * 支出预警, not their calls: ours): the execution per detail with the class and category subtotals,
 * a detail's voucher lines (the drill), the warnings of the approved plan, and their workbooks.
 *
 * Every figure is of the session's set and year, computed in fen on the server from one reading of
 * spent (server/budget/execution.ts) and sent in yuan. Rates travel as text with two decimals
 * ('85.25', percent) beside the exact hundredths.
 */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, Id, Nullable, YuanOut } from './common.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ClassCode = () =>
  Type.Union([Type.Literal('001'), Type.Literal('00101'), Type.Literal('00102'), Type.Literal('002')], {
    description: '支出分类：001 基本支出（含00101、00102），00101 人员经费，00102 公用经费，002 项目支出（含项目预算）',
    'x-message': '支出分类须为001、00101、00102或002',
  });

export const BudgetExecutionQuerySchema = Type.Object({
  expendClass: Type.Optional(ClassCode()),
  typeId: Type.Optional(Id('只列示该类别（类别id）及其明细')),
});
export type BudgetExecutionQuery = Static<typeof BudgetExecutionQuerySchema>;

const Figures = {
  amountBeforeAdjustment: YuanOut('调整前预算（元）'),
  projectAmount: YuanOut('调整后预算（元）'),
  spent: YuanOut('已执行（元）：本年带该项目的支出类科目凭证行借方减贷方（不含结转凭证）'),
  remaining: YuanOut('预算余额（元）= 调整后预算 − 已执行'),
  executionRate: Nullable(Type.String({ description: '执行率（%），两位小数，如 85.25；没有预算为null' })),
  executionHundredths: Nullable(Type.Integer({ description: '执行率的万分数（8525 = 85.25%），四舍五入' })),
};

export const BudgetExecutionRowSchema = Type.Object({
  kind: Type.Union([Type.Literal('class'), Type.Literal('category'), Type.Literal('detail')], {
    description: 'class 支出分类小计，category 类别小计，detail 预算明细',
  }),
  depth: Type.Integer({ minimum: 0, description: '层级，本次回答的顶层为0' }),
  code: Type.String({ description: '分类编码，或类别、明细的辅助核算项目编码' }),
  name: Type.String(),
  classCode: Type.String({ description: '所属支出分类' }),
  typeId: Nullable(Type.String({ description: '类别id（类别、明细行）' })),
  budgetId: Nullable(Type.String({ description: '预算明细id（明细行）：联查凭证用' })),
  ...Figures,
  control: Nullable(Type.Integer({ description: '明细的控制方式：0 不控制，2 超预算预警，3 禁止超预算；小计行为null' })),
  controlName: Type.String({ description: '控制方式名称；小计行为空' }),
  warnPercent: Nullable(Type.String({ description: '支出预警阈值（%），如 80.00；小计行为null' })),
});
export type BudgetExecutionRow = Static<typeof BudgetExecutionRowSchema>;

export const PlanStateSchema = () =>
  Type.Object({
    state: Type.String({ description: '方案状态：draft 未提交，submitted 已提交，approved 已批复，returned 已退回' }),
    stateName: Type.String(),
  });

export const BudgetExecutionResponseSchema = Type.Object({
  year: Type.Integer(),
  plan: PlanStateSchema(),
  rows: Type.Array(BudgetExecutionRowSchema, {
    description: '按支出分类、类别排列：每个小计行在其下级之前；明细按排序号、编码',
  }),
  total: Type.Object(Figures, { description: '合计：顶层各行之和' }),
});
export type BudgetExecutionResponse = Static<typeof BudgetExecutionResponseSchema>;

// ---- the drill: a detail's voucher lines ----

export const BudgetLinesQuerySchema = Type.Object({ budgetId: Id('预算明细id') });
export type BudgetLinesQuery = Static<typeof BudgetLinesQuerySchema>;

export const BudgetLineSchema = Type.Object({
  voucherId: Type.String(),
  voucherNo: Type.String({ description: '凭证字号，如 记-0003' }),
  month: Type.Integer({ description: '凭证期间（月）' }),
  pzDate: Type.String({ description: '凭证日期 yyyy-MM-dd' }),
  lineNo: Type.Integer({ description: '凭证行号' }),
  summary: Type.String(),
  subjectCode: Type.String(),
  subjectName: Type.String(),
  amount: YuanOut('执行金额（元）：借方减贷方'),
});
export type BudgetLine = Static<typeof BudgetLineSchema>;

export const BudgetLinesResponseSchema = Type.Object({
  budgetId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  projectAmount: YuanOut('调整后预算（元）'),
  spent: YuanOut('已执行（元）：各行金额之和'),
  lines: Type.Array(BudgetLineSchema, { description: '本年带该明细项目、在其计入科目上的凭证行，按期间、凭证号、行号' }),
});
export type BudgetLinesResponse = Static<typeof BudgetLinesResponseSchema>;

// ---- 支出预警 ----

/** No parameters: the warnings are of the session's set and year. */
const NoQuery = Type.Object({});

export const BudgetWarningRowSchema = Type.Object({
  budgetId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  className: Type.String({ description: '支出分类名称' }),
  categoryName: Type.String({ description: '类别名称' }),
  ...Figures,
  warnPercent: Type.String({ description: '支出预警阈值（%）' }),
  overBudget: Type.Boolean({ description: '已超预算（已执行大于调整后预算）' }),
  control: Type.Integer({ description: '0 不控制，2 超预算预警，3 禁止超预算' }),
  controlName: Type.String(),
});
export type BudgetWarningRow = Static<typeof BudgetWarningRowSchema>;

export const BudgetWarningsResponseSchema = Type.Object({
  year: Type.Integer(),
  plan: PlanStateSchema(),
  rows: Type.Array(BudgetWarningRowSchema, {
    description: '方案已批复时：执行率达到预警阈值或已超预算的明细，最严重的在前；方案未批复时为空',
  }),
});
export type BudgetWarningsResponse = Static<typeof BudgetWarningsResponseSchema>;

export const BudgetReportSchemas = {
  execution: { querystring: BudgetExecutionQuerySchema, response: { 200: Envelope(BudgetExecutionResponseSchema) } },
  executionExport: {
    querystring: BudgetExecutionQuerySchema,
    response: { 200: FileAnswer(XLSX, '预算执行表的工作簿（附件）：余额、执行率、小计与合计为公式') },
  },
  lines: { querystring: BudgetLinesQuerySchema, response: { 200: Envelope(BudgetLinesResponseSchema) } },
  warnings: { querystring: NoQuery, response: { 200: Envelope(BudgetWarningsResponseSchema) } },
  warningsExport: { querystring: NoQuery, response: { 200: FileAnswer(XLSX, '支出预警的工作簿（附件）：余额与执行率为公式') } },
} as const;
