/**
 * The long-term deferred expenses (长期待摊费用, 181; spec doc 1 §3 "Long-term amortisation item"): the items, their
 * review, the month list, the month's amortisation with its voucher and the amortisation detail. Amounts are yuan on
 * the wire, fen inside.
 */
import { Type, type Static } from 'typebox';
import { Count, DateText, Id, Month, PageQueryFields, Paged, Year, YearMonth, YuanIn, YuanOut } from './common.js';
import { GeneratedVoucherSchema } from './funds-entry.js';

export const LongAmortionItemSchema = Type.Object({
  id: Type.String(),
  matter: Type.String({ description: '摊销事项' }),
  departmentId: Type.Union([Type.Integer(), Type.Null()]),
  departmentName: Type.String({ description: '部门' }),
  payOutAmount: YuanOut('支出金额'),
  amortizedTotal: YuanOut('累计已摊销金额（含期初）'),
  unamortizedAmount: YuanOut('未摊销金额'),
  initAmortized: YuanOut('期初已摊销金额'),
  amortionServiceLife: Type.Integer({ description: '摊销期限（月）' }),
  payOutDate: Type.String({ description: '支出日期' }),
  isInit: Type.Boolean({ description: '初始化录入的期初数据（无需新增凭证）' }),
  isReview: Type.Boolean(),
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  voucherId: Type.Union([Type.String(), Type.Null()], { description: '新增凭证id（凭证已删除时为null）' }),
  voucherText: Type.String({ description: '新增凭证字号' }),
  remark: Type.String(),
  revision: Type.Integer(),
});
export type LongAmortionItem = Static<typeof LongAmortionItemSchema>;

export const LongAmortionListQuerySchema = Type.Object({
  ...PageQueryFields,
  matter: Type.Optional(Type.String({ maxLength: 100, description: '筛选：事项（包含）' })),
  isReview: Type.Optional(Type.Boolean({ description: '筛选：审核状态' })),
});
export type LongAmortionListQuery = Static<typeof LongAmortionListQuerySchema>;

export const LongAmortionListSchema = Type.Object({
  ...Paged(LongAmortionItemSchema).properties,
  footer: Type.Object({
    payOutAmount: YuanOut(),
    amortizedTotal: YuanOut(),
    unamortizedAmount: YuanOut(),
  }),
});
export type LongAmortionList = Static<typeof LongAmortionListSchema>;

export const SaveLongAmortionSchema = Type.Object({
  id: Type.Optional(Id('修改：长期待摊费用id')),
  revision: Type.Optional(Type.Integer({ minimum: 1, description: '修改：看到的版本号' })),
  matter: Type.String({ minLength: 1, maxLength: 100, description: '摊销事项', 'x-message': '请填写摊销事项' }),
  departmentId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  payOutAmount: YuanIn('支出金额（元），须大于0'),
  payOutDate: DateText('支出日期'),
  amortionServiceLife: Type.Integer({
    minimum: 1,
    maximum: 1200,
    description: '摊销期限（月）',
    'x-message': '摊销期限须为1到1200个月',
  }),
  isInit: Type.Optional(Type.Boolean({ description: '期初数据（初始化录入）' })),
  initAmortized: Type.Optional(YuanIn('期初已摊销金额（元，仅期初数据）')),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SaveLongAmortion = Static<typeof SaveLongAmortionSchema>;

export const LongAmortionIdsSchema = Type.Object({
  ids: Type.Array(Id('长期待摊费用id'), { minItems: 1, maxItems: 5000, 'x-message': '请选择长期待摊费用' }),
});
export type LongAmortionIds = Static<typeof LongAmortionIdsSchema>;

/** DELETE: the ids comma-separated in the query. */
export const DeleteLongAmortionQuerySchema = Type.Object({
  ids: Type.String({
    minLength: 1,
    maxLength: 40000,
    pattern: '^[\\w:.-]{1,200}(,[\\w:.-]{1,200})*$',
    description: '要删除的长期待摊费用id，逗号分隔',
    'x-message': '长期待摊费用id无效',
  }),
});

export const LongAmortionReviewSchema = Type.Object({
  ids: LongAmortionIdsSchema.properties.ids,
  isReview: Type.Boolean({ description: 'true 审核，false 反审核' }),
});
export type LongAmortionReview = Static<typeof LongAmortionReviewSchema>;

export const LongMonthQuerySchema = Type.Object({ year: Year() });
export const LongMonthRowSchema = Type.Object({
  month: Month(),
  isProvision: Type.Boolean({ description: '该月已计提摊销' }),
  unGenerateCertificate: Type.Boolean({ description: '该月已计提但凭证未生成（或已删除）' }),
  amount: YuanOut('该月摊销金额（已计提为计提数，未计提为应摊数）'),
  voucherText: Type.String({ description: '摊销凭证字号' }),
});
export type LongMonthRow = Static<typeof LongMonthRowSchema>;

export const AmortionRequestSchema = Type.Object({
  accruedStage: YearMonth('计提期间 yyyy-MM'),
  assetsDateTime: Type.Optional(DateText('凭证日期（默认计提月份月末）')),
  certificateType: Type.Optional(Type.Integer({ minimum: 1, description: '凭证分类' })),
  accruedStageMoney: Type.Optional(YuanIn('本次计提金额（元）；服务器重算并核对')),
});
export type AmortionRequest = Static<typeof AmortionRequestSchema>;
export const AmortionResponseSchema = Type.Object({
  amount: YuanOut('本次摊销金额'),
  rows: Count('摊销的项目数'),
  vouchers: Type.Array(GeneratedVoucherSchema),
});
export type AmortionResponse = Static<typeof AmortionResponseSchema>;

export const AmortionDetailQuerySchema = Type.Object({
  ...PageQueryFields,
  year: Year(),
  month: Month(),
});
export type AmortionDetailQuery = Static<typeof AmortionDetailQuerySchema>;
export const AmortionDetailRowSchema = Type.Object({
  itemId: Type.String(),
  matter: Type.String(),
  departmentName: Type.String(),
  accruedStage: Type.String({ description: '计提期间 yyyy-MM' }),
  accruedDate: Type.String({ description: '凭证日期（未生成凭证为空）' }),
  payOutAmount: YuanOut(),
  totalAmortization: YuanOut('截至该月累计摊销'),
  amountThisAmortization: YuanOut('本月摊销'),
  voucherText: Type.String(),
});
export type AmortionDetailRow = Static<typeof AmortionDetailRowSchema>;
export const AmortionDetailListSchema = Type.Object({
  ...Paged(AmortionDetailRowSchema).properties,
  isProvision: Type.Boolean({ description: '该月已计提（false：行是应摊数的预览）' }),
  footer: Type.Object({ amountThisAmortization: YuanOut(), totalAmortization: YuanOut() }),
});
export type AmortionDetailList = Static<typeof AmortionDetailListSchema>;

/** GET the month's amortisation detail as a workbook (every row, not paged). */
export const AmortionExportQuerySchema = Type.Object({ year: Year(), month: Month() });
export type AmortionExportQuery = Static<typeof AmortionExportQuerySchema>;
