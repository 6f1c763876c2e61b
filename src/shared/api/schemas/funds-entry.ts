/**
 * Schemas of the funds-entry calls (经费录入, base /account): the receipts of a voucher period with
 * the units and their ratios in force, their save, and the union-fund vouchers made from them.
 * Amounts are yuan with at most two decimals both ways; ratios are percentages (four decimals).
 */
import { Type, type Static } from 'typebox';
import { FundsEntryMessages } from '../../funds/entry-messages.js';
import { DateText, Envelope, Id, Month, Nullable, SubjectCode, Year, YuanIn, YuanOut } from './common.js';

/** The voucher period of a call, and a receipt's payment date: the spec's 'payment date and period required'. */
const PeriodYear = () => ({ ...Year('凭证所属年度'), 'x-message': FundsEntryMessages.periodRequired });
const PeriodMonth = () => ({ ...Month('凭证所属期间（月）'), 'x-message': FundsEntryMessages.periodRequired });
import { CategoryValue, VoucherId } from './vouchers.js';

export const FundsPeriodQuerySchema = Type.Object({
  year: PeriodYear(),
  month: PeriodMonth(),
});
export type FundsPeriodQuery = Static<typeof FundsPeriodQuerySchema>;

const Percent = (description: string) => Type.Number({ description: `${description}（%）` });

export const FundsRatiosOutSchema = Type.Object({
  retained: Percent('本级留成比例'),
  superiorOne: Percent('应付上级一比例'),
  superiorTwo: Percent('应付上级二比例'),
  lower: Percent('应付下级比例'),
  preparatory: Percent('建会筹备金比例'),
  smallBusiness: Percent('小微企业返还比例'),
  collectionFee: Percent('代收手续费比例（金额之外，从银行实收中扣除）'),
});
export type FundsRatiosOut = Static<typeof FundsRatiosOutSchema>;

export const FundsEntryUnitSchema = Type.Object({
  code: Type.String({ description: '单位编码（经费单位辅助核算项目编码）' }),
  name: Type.String({ description: '单位名称' }),
  ratios: Nullable(Type.Object(FundsRatiosOutSchema.properties, { description: '本期间适用的比例；null：经费比例没有配置' })),
});
export type FundsEntryUnit = Static<typeof FundsEntryUnitSchema>;

const ShareOut = (description: string) => Nullable(YuanOut(`${description}（元）；凭证生成前为null`));

export const FundsReceiptSchema = Type.Object({
  id: Type.String({ description: '经费记录id' }),
  rowNo: Type.Integer({ description: '行号，从1起' }),
  unitCode: Type.String({ description: '缴款单位编码' }),
  unitName: Type.String({ description: '缴款单位名称' }),
  fundsAmount: YuanOut('下级上缴经费（元）'),
  bankCode: Type.String({ description: '对方科目（末级）' }),
  auxiliaryDateTime: Type.String({ description: '缴款日期 yyyy-MM-dd' }),
  summary: Type.String({ description: '摘要' }),
  retainedAmount: ShareOut('本级留成'),
  superiorOneAmount: ShareOut('应付上级一'),
  superiorTwoAmount: ShareOut('应付上级二'),
  lowerAmount: ShareOut('应付下级'),
  preparatoryAmount: ShareOut('建会筹备金'),
  smallBusinessAmount: ShareOut('小微企业返还'),
  collectionFeeAmount: ShareOut('代收手续费'),
  voucherId: Nullable(Type.String({ description: '已生成的凭证id；null：未生成' })),
  voucherText: Type.String({ description: '凭证字号（记-3）；未生成为空' }),
});
export type FundsReceipt = Static<typeof FundsReceiptSchema>;

export const FundsEntryDataSchema = Type.Object({
  year: Type.Integer(),
  month: Type.Integer(),
  units: Type.Array(FundsEntryUnitSchema, { description: '本账套的经费单位及其本期间比例，按编码' }),
  rows: Type.Array(FundsReceiptSchema, { description: '本期间的经费记录，按行号' }),
});
export type FundsEntryData = Static<typeof FundsEntryDataSchema>;

export const FUNDS_ENTRY_MAX_ROWS = 5000;

/**
 * A row of the save. A field left out is checked by the grid's rules (请输入下级上缴经费！,
 * 请选择对方科目！, 请选择日期 …: 4003 naming row and field), one sent is checked for its form here.
 */
export const FundsReceiptInputSchema = Type.Object({
  id: Type.Optional(Nullable(Id('已保存记录的id；新记录不传'))),
  unitCode: Type.Optional(
    Type.String({ minLength: 1, maxLength: 20, description: '缴款单位编码', 'x-message': FundsEntryMessages.unitRequired }),
  ),
  fundsAmount: Type.Optional(YuanIn('下级上缴经费（元），不能为0')),
  bankCode: Type.Optional(SubjectCode('对方科目（末级）')),
  auxiliaryDateTime: Type.Optional({
    ...DateText('缴款日期 yyyy-MM-dd，须早于凭证年度的次年1月1日'),
    'x-message': FundsEntryMessages.periodRequired,
  }),
  summary: Type.Optional(Type.String({ maxLength: 200, description: '摘要' })),
});
export type FundsReceiptInput = Static<typeof FundsReceiptInputSchema>;

/**
 * POST save: the period's receipts that have no voucher yet become the rows sent, in order (a row
 * with its id is changed in place, one without is added, one not sent is removed). Receipts whose
 * voucher exists are kept as they are and may not be sent.
 */
export const SaveFundsReceiptsRequestSchema = Type.Object({
  year: PeriodYear(),
  month: PeriodMonth(),
  rows: Type.Array(FundsReceiptInputSchema, { maxItems: FUNDS_ENTRY_MAX_ROWS, description: '未生成凭证的经费记录，按显示顺序' }),
});
export type SaveFundsReceiptsRequest = Static<typeof SaveFundsReceiptsRequestSchema>;

export const FUNDS_VOUCHER_MODES = ['each', 'batch'] as const;
export type FundsVoucherMode = (typeof FUNDS_VOUCHER_MODES)[number];

export const GenerateFundsVouchersRequestSchema = Type.Object({
  year: PeriodYear(),
  month: PeriodMonth(),
  ids: Type.Array(Id('经费记录id'), { minItems: 1, maxItems: FUNDS_ENTRY_MAX_ROWS, description: '要生成凭证的经费记录' }),
  mode: Type.Union(
    FUNDS_VOUCHER_MODES.map((m) => Type.Literal(m)),
    { description: 'each：每条记录一张凭证；batch：所有记录合并为一张凭证', 'x-message': '生成方式须为each或batch' },
  ),
  pzDate: Type.Optional(DateText('凭证日期 yyyy-MM-dd，须在凭证期间内')),
  certificateType: Type.Optional(CategoryValue('凭证分类；默认第一个分类')),
});
export type GenerateFundsVouchersRequest = Static<typeof GenerateFundsVouchersRequestSchema>;

export const GeneratedVoucherSchema = Type.Object({
  id: VoucherId(),
  year: Type.Integer(),
  month: Type.Integer(),
  certificateType: Type.Integer(),
  pzNo: Type.Integer(),
  text: Type.String({ description: '凭证字号（记-3）' }),
});
export type GeneratedVoucher = Static<typeof GeneratedVoucherSchema>;

export const GenerateFundsVouchersResponseSchema = Type.Object({
  vouchers: Type.Array(GeneratedVoucherSchema, { description: '生成的凭证，依次打开审阅' }),
});
export type GenerateFundsVouchersResponse = Static<typeof GenerateFundsVouchersResponseSchema>;

export const FundsEntrySchemas = {
  receipts: { querystring: FundsPeriodQuerySchema, response: { 200: Envelope(FundsEntryDataSchema) } },
  save: { body: SaveFundsReceiptsRequestSchema, response: { 200: Envelope(FundsEntryDataSchema) } },
  generate: { body: GenerateFundsVouchersRequestSchema, response: { 200: Envelope(GenerateFundsVouchersResponseSchema) } },
} as const;
