/**
 * Schemas of the asset reports (issue 23 §4, base /account, the spec's call names): 资产负债情况表 (assetsDebtZero and
 * its workbook), 低值资产预警 (getLowerAssetWarning and its workbook) and 收支分析 (earningsAnalysis, outlayAnalysis,
 * accountAnalysis and their workbook). Every figure is of the session's set and year, computed in fen on the server
 * and sent in yuan; balances are in the subject's own direction (negative: on the other side).
 */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, Nullable, SubjectCode, YearMonth, YuanOut } from './common.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const PeriodQuerySchema = Type.Object({
  beginTime: YearMonth('开始期间 yyyy-MM（当前会计年度）'),
  endTime: YearMonth('结束期间 yyyy-MM（当前会计年度）'),
});
export type PeriodQuery = Static<typeof PeriodQuerySchema>;

export const AssetsDebtRowSchema = Type.Object({
  code: Type.String({ description: '科目编码' }),
  name: Type.String({ description: '科目名称' }),
  level: Type.Integer({ description: '科目级次' }),
  parentCode: Nullable(Type.String({ description: '上级科目编码' })),
  type: Type.Integer({ description: '科目类别：1 资产，2 负债' }),
  balanceDirection: Type.Integer({ description: '余额方向：1 借，2 贷' }),
  openingBalance: YuanOut('期初余额（元，本科目方向）'),
  debitOccur: YuanOut('本期借方（元）'),
  creditOccur: YuanOut('本期贷方（元）'),
  endBalance: YuanOut('期末余额（元，本科目方向）'),
  register: Nullable(YuanOut('资产台账数（元）：卡片或长期待摊费用登记簿的期末数；不由台账登记的科目为null')),
  difference: Nullable(YuanOut('差额（元）= 期末余额 − 台账数，应为0；不由台账登记的科目为null')),
});
export type AssetsDebtRow = Static<typeof AssetsDebtRowSchema>;

export const AssetsDebtResponseSchema = Type.Object({
  year: Type.Integer(),
  beginMonth: Type.Integer(),
  endMonth: Type.Integer(),
  rows: Type.Array(AssetsDebtRowSchema),
  /** Every register subject's difference is 0. */
  zero: Type.Boolean({ description: '每个台账科目的差额都为0' }),
});
export type AssetsDebtResponse = Static<typeof AssetsDebtResponseSchema>;

export const WorkbookTicketSchema = Type.Object({
  url: Type.String({ description: '下载地址（同一查询的 DataOut 调用）' }),
  fileName: Type.String({ description: '工作簿文件名' }),
});
export type WorkbookTicket = Static<typeof WorkbookTicketSchema>;

export const LowerWarningQuerySchema = Type.Object({
  lowQuantity: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      description: '库存物品结存数量不超过此数即预警（默认1）；为0的另列“库存为零”',
    }),
  ),
});
export type LowerWarningQuery = Static<typeof LowerWarningQuerySchema>;

export const LowerWarningRowSchema = Type.Object({
  cardId: Type.String({ description: '卡片id：联查卡片' }),
  cardNo: Type.String(),
  name: Type.String(),
  assetClass: Type.Integer({ description: '1 固定资产，2 无形资产，3 库存物品' }),
  categoryCode: Type.String(),
  categoryName: Type.String(),
  quantity: Type.Integer({ description: '结存数量' }),
  unitValue: YuanOut('单价（元）= 原值 ÷ 数量（四舍五入到分）'),
  originalValue: YuanOut('原值（元，结存）'),
  accumulatedDepreciation: YuanOut('累计折旧/摊销（元）'),
  netValue: YuanOut('净值（元）'),
  reasonCode: Type.Integer({ description: '1 低于固定资产确认标准，2 已提足折旧仍在用，3 库存为零，4 库存不足' }),
  reason: Type.String({ description: '预警原因' }),
});
export type LowerWarningRow = Static<typeof LowerWarningRowSchema>;

export const LowerWarningResponseSchema = Type.Object({ rows: Type.Array(LowerWarningRowSchema) });
export type LowerWarningResponse = Static<typeof LowerWarningResponseSchema>;

export const AnalysisQuerySchema = PeriodQuerySchema;
export const AccountAnalysisQuerySchema = Type.Object({ code: SubjectCode('分析的科目') });
export type AccountAnalysisQuery = Static<typeof AccountAnalysisQuerySchema>;

export const AnalysisRowSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  level: Type.Integer(),
  parentCode: Nullable(Type.String()),
  current: YuanOut('本期（元）：所选期间的发生净额，不含结转凭证'),
  lastYear: YuanOut('上年同期（元）'),
  yearToDate: YuanOut('本年累计（元）：1月至结束期间'),
  change: YuanOut('增减额（元）= 本期 − 上年同期'),
  changeRate: Nullable(Type.String({ description: '增减率（%），两位小数；上年同期为0时为null' })),
  share: Nullable(Type.String({ description: '占比（%）：本期占一级科目本期合计的比例，两位小数；合计为0时为null' })),
});
export type AnalysisRow = Static<typeof AnalysisRowSchema>;

export const AnalysisResponseSchema = Type.Object({
  year: Type.Integer(),
  beginMonth: Type.Integer(),
  endMonth: Type.Integer(),
  rows: Type.Array(AnalysisRowSchema),
  total: YuanOut('本期合计（元）'),
});
export type AnalysisResponse = Static<typeof AnalysisResponseSchema>;

export const AccountMonthSchema = Type.Object({
  month: Type.Integer(),
  current: YuanOut('本月（元）'),
  lastYear: YuanOut('上年同月（元）'),
  yearToDate: YuanOut('本年累计（元）'),
  change: YuanOut('增减额（元）'),
  changeRate: Nullable(Type.String()),
});
export type AccountMonth = Static<typeof AccountMonthSchema>;

export const AccountAnalysisResponseSchema = Type.Object({
  year: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  months: Type.Array(AccountMonthSchema),
});
export type AccountAnalysisResponse = Static<typeof AccountAnalysisResponseSchema>;

export const AnalysisExportQuerySchema = Type.Object({
  beginTime: YearMonth(),
  endTime: YearMonth(),
  kind: Type.Union([Type.Literal('earnings'), Type.Literal('outlay')], { description: 'earnings 收入分析，outlay 支出分析' }),
});
export type AnalysisExportQuery = Static<typeof AnalysisExportQuerySchema>;

export const AssetReportSchemas = {
  assetsDebtZero: { querystring: PeriodQuerySchema, response: { 200: Envelope(AssetsDebtResponseSchema) } },
  reportAssetsDebtZeroAsync: { querystring: PeriodQuerySchema, response: { 200: Envelope(WorkbookTicketSchema) } },
  reportAssetsDebtZeroAsyncDataOut: {
    querystring: PeriodQuerySchema,
    response: { 200: FileAnswer(XLSX, '资产负债情况表工作簿（附件），金额以元为单位') },
  },
  getLowerAssetWarning: { querystring: LowerWarningQuerySchema, response: { 200: Envelope(LowerWarningResponseSchema) } },
  lowerAssetWarningDataOut: {
    querystring: LowerWarningQuerySchema,
    response: { 200: FileAnswer(XLSX, '低值资产预警工作簿（附件）') },
  },
  earningsAnalysis: { querystring: AnalysisQuerySchema, response: { 200: Envelope(AnalysisResponseSchema) } },
  outlayAnalysis: { querystring: AnalysisQuerySchema, response: { 200: Envelope(AnalysisResponseSchema) } },
  accountAnalysis: { querystring: AccountAnalysisQuerySchema, response: { 200: Envelope(AccountAnalysisResponseSchema) } },
  analysisDataOut: { querystring: AnalysisExportQuerySchema, response: { 200: FileAnswer(XLSX, '收支分析工作簿（附件）') } },
};
