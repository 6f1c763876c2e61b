/**
 * Schemas of the funds reports (issue 20 §4, base /account; ours: the spec names the pages, not
 * their calls): the remittance register (经费上解台账: every receipt of the funds-entry grid with
 * its split and its voucher), the payables to superiors and lower unions per funds unit (上下级经费
 * 往来: the 211/212 balances by the 经费单位 JFDW item), their workbooks, and the remittance lines
 * the voucher editor proposes for a 402 line of a configured unit (B8).
 *
 * Amounts travel in yuan (computed in fen on the server, src/shared/books/answer-amounts.ts's
 * rule); ratios are not sent: the shares are.
 */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, Nullable, YearMonth, YuanIn, YuanOut } from './common.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const Begin = () => YearMonth('起始期间 yyyy-MM，须在会话年度内，不晚于结束期间');
const End = () => YearMonth('结束期间 yyyy-MM，须在会话年度内');
const UnitCode = (description: string) =>
  Type.String({ minLength: 1, maxLength: 20, pattern: '^[\\w.-]+$', description, 'x-message': '经费单位编码格式不正确' });

// ---- remittance register (经费上解台账) ----

export const FundsRegisterQuerySchema = Type.Object({
  beginTime: Begin(),
  endTime: End(),
  unitCode: Type.Optional(UnitCode('只列示该经费单位（编码）的收款；缺省为全部单位')),
});
export type FundsRegisterQuery = Static<typeof FundsRegisterQuerySchema>;

export const FundsRegisterRowSchema = Type.Object({
  id: Type.String({ description: '收款记录id' }),
  year: Type.Integer({ description: '凭证年度' }),
  month: Type.Integer({ description: '凭证期间（月）' }),
  rowNo: Type.Integer({ description: '在该期经费录入表中的行号' }),
  unitCode: Type.String({ description: '经费单位编码（经费单位辅助核算项目编码）' }),
  unitName: Type.String({ description: '经费单位名称' }),
  paidOn: Type.String({ description: '缴款日期 yyyy-MM-dd' }),
  summary: Nullable(Type.String({ description: '摘要' })),
  amount: YuanOut('上解经费金额（元）'),
  retained: YuanOut('本级留成（元）'),
  superiorOne: YuanOut('应付上级一（元）'),
  superiorTwo: YuanOut('应付上级二（元）'),
  lower: YuanOut('应付下级（元）'),
  preparatory: YuanOut('筹备金（元）'),
  smallBusiness: YuanOut('小微企业返还（元）'),
  collectionFee: YuanOut('代收手续费（元）'),
  split: Type.Boolean({
    description:
      'true：各分成金额可用（已生成凭证时为凭证所用的分成，未生成时按该期有效比例试算）；false：该期经费比例没有配置，分成为0',
  }),
  voucherId: Nullable(Type.String({ description: '凭证id；未生成凭证（或凭证已删除）为null' })),
  voucherNo: Nullable(Type.String({ description: '凭证字号，如 记-0003；未生成为null' })),
  voucherMonth: Nullable(Type.Integer({ description: '凭证所在期间（月）' })),
});
export type FundsRegisterRow = Static<typeof FundsRegisterRowSchema>;

export const FundsRegisterResponseSchema = Type.Object({
  year: Type.Integer(),
  beginMonth: Type.Integer(),
  endMonth: Type.Integer(),
  rows: Type.Array(FundsRegisterRowSchema, { description: '按经费单位编码、期间、行号排列' }),
});
export type FundsRegisterResponse = Static<typeof FundsRegisterResponseSchema>;

// ---- payables up and down per unit (上下级经费往来) ----

export const FundsPayablesQuerySchema = Type.Object({ beginTime: Begin(), endTime: End() });
export type FundsPayablesQuery = Static<typeof FundsPayablesQuerySchema>;

const Payable = (what: string) => ({
  opening: YuanOut(`${what}期初余额（元）：贷方为正（尚欠），借方为负（多付）`),
  credit: YuanOut(`${what}本期贷方发生额（元）：本期计提的应付`),
  debit: YuanOut(`${what}本期借方发生额（元）：本期已上解/已转拨`),
  closing: YuanOut(`${what}期末余额（元）：贷方为正（尚欠），借方为负（多付）`),
});

export const FundsPayableSideSchema = Type.Object(Payable(''));
export type FundsPayableSide = Static<typeof FundsPayableSideSchema>;

export const FundsPayableRowSchema = Type.Object({
  unitCode: Nullable(Type.String({ description: '经费单位编码；null：211/212上未按经费单位核算的余额' })),
  unitName: Type.String({ description: '经费单位名称（未按单位核算时为“未指定经费单位”）' }),
  superior: Type.Object(Payable('应付上级经费（211）'), { description: '应付上级经费（211及其下级科目）' }),
  lower: Type.Object(Payable('应付下级经费（212）'), { description: '应付下级经费（212及其下级科目）' }),
});
export type FundsPayableRow = Static<typeof FundsPayableRowSchema>;

export const FundsPayablesResponseSchema = Type.Object({
  year: Type.Integer(),
  beginMonth: Type.Integer(),
  endMonth: Type.Integer(),
  rows: Type.Array(FundsPayableRowSchema, { description: '有余额或发生额的经费单位，按编码排列；未指定单位的一行在最后' }),
});
export type FundsPayablesResponse = Static<typeof FundsPayablesResponseSchema>;

// ---- the remittance lines proposed for a 402 line (B8) ----

export const FundsProposalQuerySchema = Type.Object({
  year: Type.Integer({ minimum: 1000, maximum: 9999, description: '凭证年度（会话年度）', 'x-message': '年份须为四位数字' }),
  month: Type.Integer({ minimum: 1, maximum: 12, description: '凭证期间', 'x-message': '月份须在1到12之间' }),
  unitCode: UnitCode('402行上经费单位（JFDW）辅助项目的编码'),
  amount: YuanIn('402行的贷方金额（元）：该单位上解的经费'),
  summary: Type.Optional(Type.String({ maxLength: 200, description: '402行的摘要，建议的各行沿用' })),
});
export type FundsProposalQuery = Static<typeof FundsProposalQuerySchema>;

export const FundsProposalLineSchema = Type.Object({
  share: Type.String({
    description: '分成：retained 本级留成，superiorOne/superiorTwo 应付上级，lower 应付下级，preparatory，smallBusiness',
  }),
  shareName: Type.String({ description: '分成名称' }),
  summary: Type.String(),
  subjectCode: Type.String({ description: '贷方科目（末级）' }),
  subjectName: Type.String(),
  creditAmount: YuanOut('贷方金额（元）'),
  auxis: Type.Array(Type.Object({ typeNo: Type.String(), infoNo: Type.String() }), {
    description: '该科目的经费单位辅助项目（科目挂有JFDW时）',
  }),
});
export type FundsProposalLine = Static<typeof FundsProposalLineSchema>;

export const FundsProposalResponseSchema = Type.Object({
  unitCode: Type.String(),
  unitName: Type.String(),
  lines: Type.Array(FundsProposalLineSchema, { description: '替换402行的各贷方行，合计等于原金额' }),
});
export type FundsProposalResponse = Static<typeof FundsProposalResponseSchema>;

export const FundsReportSchemas = {
  register: { querystring: FundsRegisterQuerySchema, response: { 200: Envelope(FundsRegisterResponseSchema) } },
  registerExport: {
    querystring: FundsRegisterQuerySchema,
    response: { 200: FileAnswer(XLSX, '经费上解台账的工作簿（附件），合计为公式') },
  },
  payables: { querystring: FundsPayablesQuerySchema, response: { 200: Envelope(FundsPayablesResponseSchema) } },
  payablesExport: {
    querystring: FundsPayablesQuerySchema,
    response: { 200: FileAnswer(XLSX, '上下级经费往来的工作簿（附件），合计为公式') },
  },
  proposal: { querystring: FundsProposalQuerySchema, response: { 200: Envelope(FundsProposalResponseSchema) } },
} as const;
