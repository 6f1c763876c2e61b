/**
 * The adjustment vouchers of the zero period (调账凭证, category 10000; issue 22 §2; spec doc 2: electCertiZero,
 * certificateListZero, deleteCertificateZero; the save call certificateZero is ours, the spec shows no path). They
 * are kept apart from the year's vouchers: the worksheet reads their lines as adjustments (调-N) and the finish turns
 * the worksheet into the first year's openings. Amounts on the wire in yuan, fen inside; lines as the voucher
 * editor's (VoucherLineInput in, VoucherLine out), so the same grid edits both.
 */
import { Type, type Static } from 'typebox';
import { VOUCHER_DOCUMENTS_MAX, VoucherRuleMessages } from '../../vouchers/rules.js';
import { Envelope, NoParams, YuanOut } from './common.js';
import { Revision, VoucherId, VoucherLineInputSchema, VoucherLineSchema } from './vouchers.js';

/** Spec: voucher type 10000 = 调账凭证. */
export const ZERO_VOUCHER_CATEGORY = 10000;
export const ZERO_VOUCHER_CATEGORY_NAME = '调账凭证';

export const ZeroVoucherQuerySchema = Type.Object({
  id: Type.Optional(VoucherId('调账凭证id；缺省：新凭证（下一个凭证号）')),
});
export type ZeroVoucherQuery = Static<typeof ZeroVoucherQuerySchema>;

export const ZeroVoucherSchema = Type.Object({
  id: Type.String({ description: '凭证id；新凭证为空串' }),
  pzNo: Type.Integer({ description: '凭证号（账套内连续）；新凭证为下一个号' }),
  voucherNo: Type.String({ description: '底稿中的凭证号，如 调-1' }),
  pzDate: Type.String({ description: '凭证日期：新制度首个年度的1月1日' }),
  year: Type.Integer({ description: '新制度首个年度（0期属于该年度之前）' }),
  certificateType: Type.Integer({ description: '凭证分类：10000 调账凭证' }),
  certificateTypeName: Type.String(),
  numberOfDocument: Type.Integer({ description: '附单据数' }),
  preparedBy: Type.String({ description: '制单人' }),
  debitTotal: YuanOut('借方合计（元）'),
  creditTotal: YuanOut('贷方合计（元）'),
  revision: Type.Integer({ description: '版本号：新凭证为0；修改时带回' }),
  certiDetails: Type.Array(VoucherLineSchema),
});
export type ZeroVoucher = Static<typeof ZeroVoucherSchema>;

export const ZeroVoucherSummarySchema = Type.Object({
  id: Type.String(),
  pzNo: Type.Integer(),
  voucherNo: Type.String({ description: '调-N' }),
  pzDate: Type.String(),
  summary: Type.String({ description: '第一行摘要' }),
  debitTotal: YuanOut('借方合计（元）'),
  creditTotal: YuanOut('贷方合计（元）'),
  numberOfDocument: Type.Integer({ description: '附单据数' }),
  fileCount: Type.Integer({ description: '附件数（/files/api/fileRelation，voucherId为调账凭证id）' }),
  preparedBy: Type.String(),
  revision: Type.Integer(),
});
export type ZeroVoucherSummary = Static<typeof ZeroVoucherSummarySchema>;

/** Ours: add (no id) or change (id and the revision the user saw; a stale one is refused with 4012). */
export const SaveZeroVoucherRequestSchema = Type.Object({
  id: Type.Optional(VoucherId('修改：凭证id')),
  revision: Type.Optional(Revision('修改：用户看到的版本号')),
  numberOfDocument: Type.Integer({
    minimum: 0,
    maximum: VOUCHER_DOCUMENTS_MAX,
    description: '附单据数',
    'x-message': VoucherRuleMessages.documentCount,
  }),
  certiDetails: Type.Array(VoucherLineInputSchema, {
    maxItems: 200,
    description: '分录：新制度末级科目，借贷只填一方；空行忽略；至少两行，借贷相等',
  }),
});
export type SaveZeroVoucherRequest = Static<typeof SaveZeroVoucherRequestSchema>;

export const DeleteZeroVouchersQuerySchema = Type.Object({
  ids: Type.String({
    minLength: 1,
    maxLength: 4000,
    pattern: '^[\\w-]{1,64}(,[\\w-]{1,64})*$',
    description: '要删除的调账凭证id，逗号分隔',
    'x-message': '凭证id无效',
  }),
});
export type DeleteZeroVouchersQuery = Static<typeof DeleteZeroVouchersQuerySchema>;

export const TransitionVoucherSchemas = {
  electCertiZero: { querystring: ZeroVoucherQuerySchema, response: { 200: Envelope(ZeroVoucherSchema) } },
  certificateListZero: { querystring: NoParams, response: { 200: Envelope(Type.Array(ZeroVoucherSummarySchema)) } },
  deleteCertificateZero: { querystring: DeleteZeroVouchersQuerySchema, response: { 200: Envelope(Type.Null()) } },
  certificateZero: { body: SaveZeroVoucherRequestSchema, response: { 200: Envelope(ZeroVoucherSchema) } },
} as const;
