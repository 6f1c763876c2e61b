/**
 * Schemas of the voucher calls (spec doc 1 sections 3 and 7, base /account): what each call takes
 * and answers, declared once; the routes validate from them and the client takes its types from
 * them (src/shared/api/vouchers.ts re-exports the types).
 *
 * Amounts are yuan with at most two decimals both ways (integer fen inside). A voucher is named by
 * its stable `id` and the `revision` its user saw (one more with every change); the spec's number
 * fields (year, month, certificateType, pzNo) may come along and must then agree with the id.
 *
 * Answers are flat objects with every field declared (the serializer is compiled from them and
 * drops what is not declared); directions and the audit's names are enums rather than unions of
 * literals, so the serializer writes them without trying branches.
 */
import { Type, type Static } from 'typebox';
import { VOUCHER_AUDIT_ACTIONS, VOUCHER_AUDIT_FIELDS, VOUCHER_LINE_AUDIT_FIELDS, VOUCHER_STATUS_FILTERS } from '../vouchers.js';
import { INT_COLUMN_MAX, VOUCHER_DOCUMENTS_MAX, VoucherRuleMessages } from '../../vouchers/rules.js';
import {
  DateText,
  Envelope,
  FileAnswer,
  Month,
  NoParams,
  Nullable,
  Paged,
  SubjectCode,
  Year,
  YuanIn,
  YuanOut,
} from './common.js';

/** One of a few strings, as an enum (checked by the validator, written by the serializer without branches). */
export const OneOf = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** A balance direction in an answer: 1 借 (debit), 2 贷 (credit). */
export const DirectionOut = (description = '余额方向：1 借，2 贷') =>
  Type.Unsafe<1 | 2>({ type: 'integer', enum: [1, 2], description });

/** A voucher's id (time-ordered, as the server gave it). */
export const VoucherId = (description = '凭证id（稳定，不随凭证号变化）') =>
  Type.String({ pattern: '^[\\w-]{1,64}$', description, 'x-message': '凭证id无效' });

/** A voucher category's value (certificateTypeList). */
export const CategoryValue = (description = '凭证分类（certificateTypeList中的value）') =>
  Type.Integer({ minimum: 0, maximum: INT_COLUMN_MAX, description, 'x-message': VoucherRuleMessages.categoryMissing });

/** A voucher number within its period and category. */
export const VoucherNo = (description = '凭证号（期间和分类内的序号）') =>
  Type.Integer({ minimum: 0, maximum: INT_COLUMN_MAX, description });

/** A revision as the user saw it. */
export const Revision = (description = '版本号：写入时为1，每次修改、审核、记账、签字、整理断号加1') =>
  Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, description });

/** An amount of a line that may be left empty: null (or a blank string and 0, which mean the same) or yuan. */
export const OptionalYuanIn = (description: string) =>
  Type.Union([Type.Null(), Type.String({ maxLength: 32, pattern: '^\\s*$' }), YuanIn()], { description });

export const AuxiChoiceSchema = Type.Object({
  typeNo: Type.String({ maxLength: 64, description: '辅助核算类型编号' }),
  infoNo: Type.String({ maxLength: 64, description: '辅助核算项目编号（末级）' }),
  infoName: Type.Optional(Type.String({ description: '项目名称（只读，保存时忽略）' })),
  targetID: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 30,
        description:
          '预算指标编码（项目预算XMYS项目的末级指标，budgettarget/projectRelatedIndicators；政府会计双分录凭证的预算会计行）',
      }),
    ),
  ),
});
export type VoucherAuxi = Static<typeof AuxiChoiceSchema>;

export const AuxiItemSchema = Type.Object({
  typeNo: Type.String({ description: '辅助核算类型编号' }),
  infoNo: Type.String({ description: '辅助核算项目编号' }),
  infoName: Type.String({ description: '项目名称' }),
  targetID: Type.Optional(Nullable(Type.String({ description: '预算指标编码（选了指标时）' }))),
});
export type AuxiItem = Static<typeof AuxiItemSchema>;

// ---- save

export const VoucherLineInputSchema = Type.Object({
  id: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 64,
        description: 'the line id when modifying (it is kept, and the audit trail follows it); absent or unknown: a new line',
      }),
    ),
  ),
  summary: Type.String({ description: '摘要' }),
  subjectCode: Type.String({ maxLength: 64, description: '末级科目代码' }),
  debitAmount: Type.Optional(OptionalYuanIn('借方金额（元），最多两位小数；空为null、空串或0')),
  creditAmount: Type.Optional(OptionalYuanIn('贷方金额（元），最多两位小数；空为null、空串或0')),
  auxis: Type.Optional(Type.Array(AuxiChoiceSchema, { description: '辅助核算项目，科目的每个辅助核算类型一项' })),
});
export type VoucherLineInput = Static<typeof VoucherLineInputSchema>;

const signer = (description: string) => Type.Optional(Type.String({ description: `${description}（超过64个字符截断）` }));

/**
 * POST /account/api/certificate: create (no id, revision or old* fields) or modify (id and the
 * revision the user saw; oldDate, oldPzNo and oldCertificateType, the spec's way of naming the
 * voucher as it was shown, are optional and must then agree with the id). The server proposes
 * pzNo on create; on modify the number stays unless the period or the category changed (then the
 * voucher takes the next number of its new period and category, and its old period closes the
 * gap). Lines sent with their id are changed in place and keep it; lines without one (or with an
 * id that is not one of the voucher's lines) are added; the voucher's lines not sent are removed.
 */
export const SaveVoucherRequestSchema = Type.Object({
  year: Year('会计年度（凭证所属）'),
  month: Month('会计期间（凭证所属月份）'),
  pzDate: DateText('凭证日期 yyyy-MM-dd，须在year年month月内，且不早于2022-01-01'),
  certificateType: CategoryValue(),
  numberOfDocument: Type.Integer({
    minimum: 0,
    maximum: VOUCHER_DOCUMENTS_MAX,
    description: '附单据数',
    'x-message': VoucherRuleMessages.documentCount,
  }),
  certiDetails: Type.Array(VoucherLineInputSchema, { description: '分录，按显示顺序；空行忽略' }),
  financialOfficer: signer('财务主管'),
  bookkeeper: signer('记账'),
  cashier: signer('出纳'),
  preparedBy: signer('制单人；空为当前用户'),
  id: Type.Optional(VoucherId('修改：凭证id')),
  revision: Type.Optional(Revision('修改：用户看到的版本号（Voucher.revision）')),
  oldDate: Type.Optional(DateText('修改（可选）：用户看到的凭证日期')),
  oldPzNo: Type.Optional(VoucherNo('修改（可选）：用户看到的凭证号')),
  oldCertificateType: Type.Optional(CategoryValue('修改（可选）：用户看到的凭证分类')),
});
export type SaveVoucherRequest = Static<typeof SaveVoucherRequestSchema>;

// ---- the voucher as answered

export const VoucherLineSchema = Type.Object({
  id: Type.String({ description: '分录id（修改时保持）' }),
  numberRow: Type.Integer({ description: '行号，从1起' }),
  summary: Type.String({ description: '摘要' }),
  subjectCode: Type.String({ description: '科目代码' }),
  code: Type.String({ description: '科目代码（同subjectCode）' }),
  codeName: Type.String({ description: '科目名称' }),
  codeAndFullName: Type.String({ description: '科目代码和全称（上级-下级）' }),
  balanceDirection: DirectionOut('科目的余额方向：1 借，2 贷'),
  debitAmount: Nullable(YuanOut('借方金额（元）；null为空')),
  creditAmount: Nullable(YuanOut('贷方金额（元）；null为空')),
  auxis: Type.Array(AuxiItemSchema),
  isGovernment: Type.Boolean({ description: '预算会计分录（双分录凭证的下半部分）' }),
});
export type VoucherLine = Static<typeof VoucherLineSchema>;

const voucherFields = {
  id: Type.String({ description: '凭证id（稳定，不随凭证号变化）' }),
  pzNo: Type.Integer({ description: '凭证号（期间和分类内的序号）' }),
  entry: Type.String({ description: '凭证字（记、收、付、转……）' }),
  pzDate: Type.String({ description: '凭证日期 yyyy-MM-dd' }),
  year: Type.Integer({ description: '会计年度' }),
  month: Type.Integer({ description: '会计期间（月）' }),
  certificateType: Type.Integer({ description: '凭证分类' }),
  certificateTypeName: Type.String({ description: '凭证分类名称' }),
  numberOfDocument: Type.Integer({ description: '附单据数' }),
  financialOfficer: Type.String(),
  bookkeeper: Type.String(),
  reviewer: Type.String({ description: '审核人；空为未审核' }),
  preparedBy: Type.String({ description: '制单人' }),
  cashier: Type.String(),
  isShowCashier: Type.Boolean({ description: '有库存现金或银行存款分录（出纳须签字）' }),
  isReview: Type.Boolean(),
  isBook: Type.Boolean(),
  isCashierSigned: Type.Boolean({ description: '出纳已签字' }),
  debitTotal: YuanOut('借方合计（元）'),
  creditTotal: YuanOut('贷方合计（元）'),
  certiDetails: Type.Array(VoucherLineSchema),
};

/** Spec Voucher, as answered. */
export const VoucherSchema = Type.Object({
  ...voucherFields,
  revision: Type.Integer({ description: '版本号：写入时为1，每次变化加1；任何修改都须带回' }),
});
export type Voucher = Static<typeof VoucherSchema>;

/** A voucher as the audit trail kept it (written before revisions existed, an entry has none). */
export const VoucherSnapshotSchema = Type.Object({
  ...voucherFields,
  revision: Type.Optional(Type.Integer({ description: '版本号（早于版本号的记录没有）' })),
});
export type VoucherSnapshot = Static<typeof VoucherSnapshotSchema>;

// ---- list

/** GET /account/api/certificate: filters (all optional) and paging. */
export const VoucherListQuerySchema = Type.Object({
  year: Type.Optional(Year('会计年度；缺省为会话年度')),
  beginMonth: Type.Optional(Month('起始月份')),
  endMonth: Type.Optional(Month('结束月份')),
  certificateType: Type.Optional(CategoryValue()),
  beginPzNo: Type.Optional(VoucherNo('起始凭证号')),
  endPzNo: Type.Optional(VoucherNo('结束凭证号')),
  subjectCode: Type.Optional(
    Type.String({
      pattern: '^\\d{0,20}$',
      description: '科目代码：含该科目或其下级科目分录的凭证；空为不限',
      'x-message': '科目代码只能是数字',
    }),
  ),
  summary: Type.Optional(Type.String({ maxLength: 200, description: '摘要包含的文字；空为不限' })),
  minAmount: Type.Optional(YuanIn('金额下限（元）：某分录借方或贷方金额不小于它')),
  maxAmount: Type.Optional(YuanIn('金额上限（元）：某分录借方或贷方金额不大于它')),
  status: Type.Optional(
    OneOf(VOUCHER_STATUS_FILTERS, { default: 'all', description: '状态：全部、未审核、已审核、未记账、已记账' }),
  ),
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, default: 1, description: '页码，从1起' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200, description: '每页条数' })),
});
export type VoucherListQuery = Static<typeof VoucherListQuerySchema>;

/** The list's export: every voucher the same filters select, all pages. */
export const VoucherListExportQuerySchema = Type.Omit(VoucherListQuerySchema, ['pageIndex', 'pageSize']);
export type VoucherListExportQuery = Static<typeof VoucherListExportQuerySchema>;

// ---- batches

/**
 * Names a voucher for batch calls: its id and the revision the user saw. The spec's delete
 * details (month, pzNo, certificateType, with the request's year) may come along and must then
 * name the same voucher.
 */
export const VoucherRefSchema = Type.Object({
  id: VoucherId(),
  revision: Revision('用户看到的版本号'),
  month: Type.Optional(Month('用户看到的月份（可选，须与id一致）')),
  pzNo: Type.Optional(VoucherNo('用户看到的凭证号（可选，须与id一致）')),
  certificateType: Type.Optional(CategoryValue('用户看到的凭证分类（可选，须与id一致）')),
});
export type VoucherRef = Static<typeof VoucherRefSchema>;

/** The vouchers of a batch: the list, or (the spec's form) the same list as JSON text. */
export const VoucherRefsSchema = Type.Union(
  [
    Type.Array(VoucherRefSchema),
    Type.String({ description: 'the same list as JSON text (the spec sends details so)', contentMediaType: 'application/json' }),
  ],
  { description: '要处理的凭证：[{ id, revision, month?, pzNo?, certificateType? }]，数组或其JSON文本' },
);

const batchYear = Type.Optional(Year('会计年度（details中month所属）；缺省为会话年度'));

/** DELETE /account/api/certificate?year=&details=<JSON VoucherRef[]>. */
export const DeleteVouchersQuerySchema = Type.Object({ year: batchYear, details: VoucherRefsSchema });

const batchFields = { year: batchYear, details: VoucherRefsSchema };

/**
 * POST review / book / VoucherCashierSignature: false undoes. A voucher changed since it was seen
 * refuses the batch; one already in the state, or kept out by a rule, is skipped (the answer's
 * skipped and message say which and why).
 */
export const ReviewRequestSchema = Type.Object({
  ...batchFields,
  isReview: Type.Boolean({ description: 'true 审核，false 取消审核' }),
});
export const BookRequestSchema = Type.Object({
  ...batchFields,
  isBook: Type.Boolean({ description: 'true 记账，false 取消记账' }),
});
export const CashierSignRequestSchema = Type.Object({
  ...batchFields,
  isSign: Type.Boolean({ description: 'true 出纳签字，false 取消签字' }),
});
export type ReviewRequest = Static<typeof ReviewRequestSchema>;
export type BookRequest = Static<typeof BookRequestSchema>;
export type CashierSignRequest = Static<typeof CashierSignRequestSchema>;

/** A voucher's revision after a change (the client keeps it for its next change). */
export const VoucherVersionSchema = Type.Object({ id: Type.String(), revision: Type.Integer({ description: '现在的版本号' }) });
export type VoucherVersion = Static<typeof VoucherVersionSchema>;

/** Ours: a voucher the batch left alone, named as the list shows it, and why. */
export const BatchSkipSchema = Type.Object({
  id: Type.String(),
  month: Type.Integer({ description: '凭证所属月份' }),
  certificateType: Type.Integer({ description: '凭证分类' }),
  pzNo: Type.Integer({ description: '凭证号' }),
  label: Type.String({ description: '凭证号如列表所示，如 记-0005（跨月时带月份，如 3月记-0005）' }),
  reason: Type.String({ description: '跳过的原因，如 已审核、审核人与制单人不能为同一人' }),
});
export type BatchSkip = Static<typeof BatchSkipSchema>;

export const BatchResponseSchema = Type.Object({
  count: Type.Integer({ description: '状态改变了的凭证数' }),
  vouchers: Type.Array(VoucherVersionSchema, { description: '所列的每张凭证及其现在的版本号（删除后为空）' }),
  skipped: Type.Array(BatchSkipSchema, {
    description: 'Ours: 未改变的凭证及原因（已处于该状态，或规则不允许），按月份、分类、凭证号排列；消息中列出前10张',
  }),
});
export type BatchResponse = Static<typeof BatchResponseSchema>;

/** POST reloadBreak: renumber one period (and category, or all categories) to close gaps. */
export const ReloadBreakRequestSchema = Type.Object({
  year: Type.Optional(Year('会计年度；缺省为会话年度')),
  month: Month(),
  certificateType: Type.Optional(CategoryValue('凭证分类；缺省为全部分类')),
});
export type ReloadBreakRequest = Static<typeof ReloadBreakRequestSchema>;

export const ReloadBreakResponseSchema = Type.Object({ renumbered: Type.Integer({ description: '凭证号改变了的凭证数' }) });
export type ReloadBreakResponse = Static<typeof ReloadBreakResponseSchema>;

// ---- the editor's reads

/** Spec certificateTypeList item. */
export const CertificateTypeItemSchema = Type.Object({
  value: Type.Integer({ description: '凭证分类' }),
  name: Type.String({ description: '分类名称' }),
  entry: Type.String({ description: '凭证字' }),
});
export type CertificateTypeItem = Static<typeof CertificateTypeItemSchema>;

export const EmptyVoucherQuerySchema = Type.Object({
  year: Type.Optional(Year('会计年度；缺省为会话年度')),
  month: Type.Optional(Month('月份；缺省为账套的当前会计期间：该年度第一个未结账的月份（全年已结账时为12月）')),
  certificateType: Type.Optional(CategoryValue('凭证分类；缺省或不存在时为默认分类')),
});

/** GET emptyCertificate: recommended data of a new voucher. */
export const EmptyVoucherResponseSchema = Type.Object({
  year: Type.Integer({ description: '会计年度' }),
  month: Type.Integer({ description: '会计期间（月）' }),
  pzNo: Type.Integer({ description: '下一个凭证号（保存时才取定）' }),
  pzDate: Type.String({ description: '建议日期 yyyy-MM-dd：今天在该月时为今天，否则为月末' }),
  certificateType: Type.Integer({ description: '默认凭证分类' }),
  certificateTypeList: Type.Array(CertificateTypeItemSchema),
  preparedBy: Type.String({ description: '制单人（当前用户）' }),
  twoTable: Type.Boolean({ description: '双分录凭证（财务会计和预算会计并列，政府会计制度）' }),
  closed: Type.Boolean({ description: '期间已结账：编辑器只读' }),
});
export type EmptyVoucherResponse = Static<typeof EmptyVoucherResponseSchema>;

export const NextNumberQuerySchema = Type.Object({
  year: Type.Optional(Year('会计年度；缺省为会话年度')),
  month: Month(),
  certificateType: CategoryValue(),
});
export const NextNumberResponseSchema = Type.Object({ pzNo: Type.Integer({ description: '下一个凭证号' }) });
export type NextNumberResponse = Static<typeof NextNumberResponseSchema>;

/** GET detail?id= (or the spec's ?year&month&certificateType&pzNo). */
export const VoucherDetailQuerySchema = Type.Object({
  id: Type.Optional(VoucherId()),
  year: Type.Optional(Year('按凭证号查找时：会计年度；缺省为会话年度')),
  month: Type.Optional(Month('按凭证号查找时：月份')),
  certificateType: Type.Optional(CategoryValue('按凭证号查找时：凭证分类')),
  pzNo: Type.Optional(VoucherNo('按凭证号查找时：凭证号')),
});

/** GET neighbour?id=&direction=prev|next → Voucher | null. */
export const NeighbourQuerySchema = Type.Object({
  id: Type.Optional(VoucherId('当前凭证id；缺省时prev为年度最后一张，next为第一张')),
  year: Type.Optional(Year('会计年度；缺省为会话年度（有id时为该凭证的年度）')),
  direction: OneOf(['prev', 'next'] as const, { description: 'prev 上一张，next 下一张', 'x-message': '须为prev或next' }),
});
export type NeighbourQuery = Static<typeof NeighbourQuerySchema>;

export const SubjectBalanceQuerySchema = Type.Object({
  code: SubjectCode(),
  year: Type.Optional(Year('会计年度；缺省为会话年度')),
  month: Type.Optional(Month('截至月份（含）；缺省为12')),
});

/** GET subjectBalance: the subject's balance up to and including that month (all vouchers, booked or not). */
export const SubjectBalanceResponseSchema = Type.Object({
  code: Type.String({ description: '科目代码' }),
  balance: YuanOut('余额（元）：期初加截至该月的发生额（含下级科目），按科目余额方向为正'),
  balanceDirection: DirectionOut('科目的余额方向：1 借，2 贷'),
});
export type SubjectBalanceResponse = Static<typeof SubjectBalanceResponseSchema>;

// ---- summaries, preparers

export const SummaryItemSchema = Type.Object({
  id: Type.Integer({ description: '序号' }),
  content: Type.String({ description: '摘要' }),
});
export type SummaryItem = Static<typeof SummaryItemSchema>;

export const SummaryQuerySchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200, description: '包含的文字（不分大小写）；空为全部' })),
});

/** POST summary: replaces the set's list. */
export const SaveSummariesRequestSchema = Type.Object({
  contents: Type.Array(Type.String({ description: '摘要（不能为空、重复或超过200个字符）' }), { maxItems: 10_000 }),
});
export type SaveSummariesRequest = Static<typeof SaveSummariesRequestSchema>;

/** GET pzUser: the preparer list (spec: userName, levelName). */
export const PreparerItemSchema = Type.Object({
  userName: Type.String(),
  levelName: Type.String({ description: '角色名称' }),
});
export type PreparerItem = Static<typeof PreparerItemSchema>;

// ---- audit

const ScalarOut = Type.Unsafe<string | number | boolean | null>({
  type: ['string', 'number', 'boolean', 'null'],
  description: '字段的值；金额为元',
});

/** A header field of a voucher that a change set from one value to another. */
export const VoucherFieldChangeSchema = Type.Object({
  field: OneOf(VOUCHER_AUDIT_FIELDS),
  before: ScalarOut,
  after: ScalarOut,
});
export type VoucherFieldChange = Static<typeof VoucherFieldChangeSchema>;

/** A line a change added, changed (same id, other content) or removed, with the line before and after. */
export const VoucherLineChangeSchema = Type.Object({
  kind: OneOf(['added', 'changed', 'removed'] as const),
  id: Type.String({ description: '分录id（修改时保持）' }),
  fields: Type.Array(OneOf(VOUCHER_LINE_AUDIT_FIELDS), { description: '不同的字段（新增和删除的分录为全部字段）' }),
  before: Type.Union([VoucherLineSchema, Type.Null()]),
  after: Type.Union([VoucherLineSchema, Type.Null()]),
});
export type VoucherLineChange = Static<typeof VoucherLineChangeSchema>;

/** A voucher's trail entry, with what it changed in the header and the lines. */
export const VoucherAuditEntrySchema = Type.Object({
  action: OneOf(VOUCHER_AUDIT_ACTIONS),
  userName: Type.String(),
  at: Type.Integer({ description: '时间（epoch毫秒）' }),
  before: Type.Union([VoucherSnapshotSchema, Type.Null()], { description: '变化前的凭证（新增时为null）' }),
  after: Type.Union([VoucherSnapshotSchema, Type.Null()], { description: '变化后的凭证（删除时为null）' }),
  fieldChanges: Type.Array(VoucherFieldChangeSchema),
  lineChanges: Type.Array(VoucherLineChangeSchema),
});
export type VoucherAuditEntry = Static<typeof VoucherAuditEntrySchema>;

export const VoucherIdQuerySchema = Type.Object({ id: VoucherId() });

export const VoucherSchemas = {
  list: { querystring: VoucherListQuerySchema, response: { 200: Envelope(Paged(VoucherSchema)) } },
  exportList: {
    querystring: VoucherListExportQuerySchema,
    response: {
      200: FileAnswer(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        '凭证列表的工作簿（附件）：筛选条件选中的全部凭证（不分页），借贷方合计为公式，金额以元为单位',
      ),
    },
  },
  save: { body: SaveVoucherRequestSchema, response: { 200: Envelope(VoucherSchema) } },
  delete: { querystring: DeleteVouchersQuerySchema, response: { 200: Envelope(BatchResponseSchema) } },
  detail: { querystring: VoucherDetailQuerySchema, response: { 200: Envelope(VoucherSchema) } },
  neighbour: { querystring: NeighbourQuerySchema, response: { 200: Envelope(Type.Union([VoucherSchema, Type.Null()])) } },
  emptyCertificate: { querystring: EmptyVoucherQuerySchema, response: { 200: Envelope(EmptyVoucherResponseSchema) } },
  review: { body: ReviewRequestSchema, response: { 200: Envelope(BatchResponseSchema) } },
  book: { body: BookRequestSchema, response: { 200: Envelope(BatchResponseSchema) } },
  cashierSign: { body: CashierSignRequestSchema, response: { 200: Envelope(BatchResponseSchema) } },
  reloadBreak: { body: ReloadBreakRequestSchema, response: { 200: Envelope(ReloadBreakResponseSchema) } },
  nextNumber: { querystring: NextNumberQuerySchema, response: { 200: Envelope(NextNumberResponseSchema) } },
  subjectBalance: { querystring: SubjectBalanceQuerySchema, response: { 200: Envelope(SubjectBalanceResponseSchema) } },
  audit: { querystring: VoucherIdQuerySchema, response: { 200: Envelope(Type.Array(VoucherAuditEntrySchema)) } },
  certificateTypes: { querystring: NoParams, response: { 200: Envelope(Type.Array(CertificateTypeItemSchema)) } },
  summaries: { querystring: SummaryQuerySchema, response: { 200: Envelope(Type.Array(SummaryItemSchema)) } },
  saveSummaries: { body: SaveSummariesRequestSchema, response: { 200: Envelope(Type.Array(SummaryItemSchema)) } },
  preparers: { querystring: NoParams, response: { 200: Envelope(Type.Array(PreparerItemSchema)) } },
} as const;
