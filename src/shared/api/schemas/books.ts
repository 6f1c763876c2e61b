/**
 * Schemas of the books calls (spec doc 1: trial balance 科目余额表, general ledger 总账, detail
 * ledger 明细账, their prints and the detail ledger's export; base /account).
 *
 * Amounts travel in yuan (a number with at most two decimals); the server computes in integer fen
 * and converts at the edge (src/shared/books/answer-amounts.ts). A balance travels as an amount
 * that is never negative with the side it falls on (BalanceSide: 1 借 debit, 2 贷 credit, 0 平
 * zero), whatever the subject's own direction: a 库存现金 overdrawn by 50.00 answers 50 with side 2.
 *
 * The trial balance and the detail ledger answer long lists: their rows are flat objects of
 * primitives (nullable ones as type lists, sides and kinds as enums of one type), so the compiled
 * serializer writes them without trying branches.
 */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, NoParams, Nullable, SubjectCode, YearMonth, YuanOut } from './common.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A side of a balance as answered: 0 平 (zero), 1 借 (debit), 2 贷 (credit). */
const Side = (description: string) =>
  Type.Unsafe<0 | 1 | 2>({ type: 'integer', enum: [0, 1, 2], description: `${description}：0 平（余额为零），1 借，2 贷` });

/** A switch of a query: true or false (absent: false). */
const Flag = (description: string) => Type.Optional(Type.Boolean({ description: `${description}（缺省为false）` }));

const Begin = () => YearMonth('起始期间 yyyy-MM，须在会话年度内，不晚于结束期间');
const End = () => YearMonth('结束期间 yyyy-MM，须在会话年度内');

/** A balance as answered: the amount (yuan, never negative) on the side its direction field names. */
const Balance = (what: string, sideField: string) =>
  YuanOut(
    `${what}（元），不为负数；所在方向见${sideField}：借减贷为正时为借（1），为负时为贷（2），为零时为平（0），与科目自身的余额方向无关`,
  );

// ---- trial balance (科目余额表) ----

export const TrialBalanceQuerySchema = Type.Object({
  beginTime: Begin(),
  endTime: End(),
  beginCode: Type.Optional(SubjectCode('起始科目代码：只列示代码不小于它的科目（及其上级）')),
  endCode: Type.Optional(SubjectCode('结束科目代码：只列示代码不大于它或在它之下的科目')),
  book: Flag('只含已记账凭证（true），或全部凭证（false）'),
  amountIsZero: Flag('也列示期初、发生额、累计和期末都为零的科目'),
  onlyFirst: Flag('只列示一级科目'),
  codeOrName: Type.Optional(Type.String({ maxLength: 100, description: '科目代码前缀或名称的一部分' })),
});
export type TrialBalanceQuery = Static<typeof TrialBalanceQuerySchema>;

/** Spec Trial balance row: one subject over the range. */
export const TrialBalanceRowSchema = Type.Object({
  code: Type.String({ description: '科目代码' }),
  codeName: Type.String({ description: '科目名称' }),
  level: Type.Integer({ minimum: 1, description: '科目级次（一级为1）' }),
  parentCode: Nullable(Type.String({ description: '上级科目代码；一级科目为null' })),
  lastLevel: Type.Boolean({ description: '是否末级科目（上级科目的金额是其下级之和）' }),
  isGovernment: Type.Boolean({ description: '预算会计科目（政府会计制度6-8类）；试算分财务、预算两部分' }),
  initialBalance: Balance('期初余额：期间第一个月月初的余额', 'initialDirection'),
  initialDirection: Side('期初余额方向'),
  debitOccur: YuanOut('本期借方发生额（元）：期间内各月借方合计'),
  creditOccur: YuanOut('本期贷方发生额（元）：期间内各月贷方合计'),
  debitGrandTotal: YuanOut('本年借方累计（元）：年初至期间末，含年中建账前的累计借方'),
  creditGrandTotal: YuanOut('本年贷方累计（元）：年初至期间末，含年中建账前的累计贷方'),
  endBalance: Balance('期末余额：期间最后一个月月末的余额', 'endDirection'),
  endDirection: Side('期末余额方向'),
});
export type TrialBalanceRow = Static<typeof TrialBalanceRowSchema>;

/** Totals of the first-level subjects of one side of the books: each debit must equal its credit. */
const Check = (description: string) =>
  Type.Object(
    {
      initialDebit: YuanOut('一级科目借方期初余额合计（元）'),
      initialCredit: YuanOut('一级科目贷方期初余额合计（元）'),
      debitOccur: YuanOut('一级科目本期借方发生额合计（元）'),
      creditOccur: YuanOut('一级科目本期贷方发生额合计（元）'),
      endDebit: YuanOut('一级科目借方期末余额合计（元）'),
      endCredit: YuanOut('一级科目贷方期末余额合计（元）'),
      balanced: Type.Boolean({ description: '期初、本期发生和期末的借贷合计各自相等' }),
    },
    { description },
  );

export const TrialBalanceCheckSchema = Check('财务会计的试算');
export type TrialBalanceCheck = Static<typeof TrialBalanceCheckSchema>;

export const TrialBalanceResponseSchema = Type.Object({
  rows: Type.Array(TrialBalanceRowSchema, { description: '科目，按代码顺序（上级在其下级之前）' }),
  financial: TrialBalanceCheckSchema,
  budget: Check('预算会计的试算（政府会计制度）；其他制度全为零且平衡'),
});
export type TrialBalanceResponse = Static<typeof TrialBalanceResponseSchema>;

// ---- general ledger (总账) ----

export const GeneralLedgerQuerySchema = Type.Object({
  beginTime: Begin(),
  endTime: End(),
  code: Type.Optional(SubjectCode('科目代码：该科目及其下级；缺省为全部一级科目')),
  book: Flag('只含已记账凭证（true），或全部凭证（false）'),
  amountIsZero: Flag('也列示没有期初和发生额的科目'),
});
export type GeneralLedgerQuery = Static<typeof GeneralLedgerQuerySchema>;

/** One subject in one month. */
export const GeneralLedgerRowSchema = Type.Object({
  code: Type.String({ description: '科目代码' }),
  codeName: Type.String({ description: '科目名称' }),
  level: Type.Integer({ minimum: 1, description: '科目级次（一级为1）' }),
  parentCode: Nullable(Type.String({ description: '上级科目代码；一级科目为null' })),
  month: Type.Integer({ minimum: 1, maximum: 12, description: '会计期间（月）' }),
  initialBalance: Balance('月初余额', 'initialDirection'),
  initialDirection: Side('月初余额方向'),
  debitOccur: YuanOut('本月借方发生额（元）'),
  creditOccur: YuanOut('本月贷方发生额（元）'),
  debitGrandTotal: YuanOut('本年借方累计（元）：年初至该月末，含年中建账前的累计借方'),
  creditGrandTotal: YuanOut('本年贷方累计（元）：年初至该月末，含年中建账前的累计贷方'),
  endBalance: Balance('月末余额', 'endDirection'),
  endDirection: Side('月末余额方向'),
});
export type GeneralLedgerRow = Static<typeof GeneralLedgerRowSchema>;

export const GeneralLedgerResponseSchema = Type.Object({
  beginMonth: Type.Integer({ minimum: 1, maximum: 12, description: '起始月份' }),
  endMonth: Type.Integer({ minimum: 1, maximum: 12, description: '结束月份' }),
  rows: Type.Array(GeneralLedgerRowSchema, { description: '逐科目（科目顺序），每个科目逐月' }),
});
export type GeneralLedgerResponse = Static<typeof GeneralLedgerResponseSchema>;

// ---- detail ledger (明细账) ----

/**
 * The detail ledger's filter (spec Detail-ledger filter). The three switches, as a 用友 / 金蝶 user
 * reads them (all off when absent):
 * - amountWhetherShowZero: show rows whose amounts are zero. Off: a month without lines in the
 *   ledger (no turnover, or none left by the summary filter) has no 本月合计 / 本年累计 rows. On:
 *   every month of the range has them, zero or not.
 * - balanceWhetherShowZero: show a ledger whose balance is zero and that has no turnover. Off: an
 *   auxiliary item (isShowAuxi), or the subject itself, whose opening, turnover in the range and
 *   closing are all zero (and that has no lines) is left out, so the answer may have no rows. On:
 *   it is shown with its opening row.
 * - removeCarryForwardVoucher: leave out vouchers written by a carry-forward (voucher.carry_over
 *   1 month-end, 2 year-end), as if they had not been written: their lines are not listed and
 *   openings, running balances, 本月合计 and 本年累计 leave their amounts out, so an income or
 *   expense subject shows what it took in or spent instead of zero after the carry-forward.
 */
const detailFilter = {
  code: SubjectCode('科目代码：该科目及其下级的明细账'),
  beginTime: Begin(),
  endTime: End(),
  book: Flag('只含已记账凭证（true），或全部凭证（false）'),
  abstractNumber: Type.Optional(Type.String({ maxLength: 200, description: '摘要包含的文字：只列示这些行，余额仍按全部行计算' })),
  isShowAuxi: Flag(
    '按辅助核算项目：科目的每组辅助项目一节（标题、期初、明细及该项目的余额、本月合计、本年累计），按项目键排序；没有辅助项目的行自成一节',
  ),
  amountWhetherShowZero: Flag('显示无发生额月份：范围内每个月都列示本月合计和本年累计'),
  balanceWhetherShowZero: Flag('显示余额为零且无发生额的项目（或科目），只有期初行'),
  removeCarryForwardVoucher: Flag('不含结转凭证：不列示期末、年末结转凭证，余额和合计也不含其金额'),
};

export const DetailLedgerFilterSchema = Type.Object(detailFilter);
export type DetailLedgerFilter = Static<typeof DetailLedgerFilterSchema>;

export const DetailLedgerQuerySchema = Type.Object({
  ...detailFilter,
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '页码，从1起（缺省为1）' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: '每页明细行数（缺省200）' })),
});
export type DetailLedgerQuery = Static<typeof DetailLedgerQuerySchema>;

export type DetailRowKind = 'item' | 'opening' | 'line' | 'monthTotal' | 'yearTotal';

export const DetailLedgerRowSchema = Type.Object({
  kind: Type.Unsafe<DetailRowKind>({
    type: 'string',
    enum: ['item', 'opening', 'line', 'monthTotal', 'yearTotal'],
    description:
      '行的种类：item 辅助项目一节的标题（isShowAuxi；项目名称在summary），opening 期初（上年结转或期初余额），line 凭证明细行，monthTotal 本月合计，yearTotal 本年累计',
  }),
  month: Type.Integer({ minimum: 1, maximum: 12, description: '会计期间（月）' }),
  date: Type.String({ description: 'yyyy-MM-dd：明细行为凭证日期，标题和期初行为期间第一天，合计行为该月最后一天' }),
  voucherId: Nullable(Type.String({ description: '明细行的凭证id；其他行为null' })),
  voucherNo: Type.String({ description: '凭证字号，如 记-0003；其他行为空' }),
  summary: Type.String({ description: '摘要（期初、合计行为上年结转、期初余额、本月合计、本年累计）' }),
  subjectCode: Type.String({ description: '行的科目代码（明细行为其末级科目）' }),
  auxiKey: Type.String({ description: '所在节的辅助项目键；没有辅助项目或未按项目列示时为空' }),
  auxiNames: Type.String({ description: '所在节的辅助项目名称（isShowAuxi）' }),
  debit: YuanOut('借方金额（元）：明细行的借方，本月合计为当月借方，本年累计为年初至该月末的借方（含年中建账前累计）'),
  credit: YuanOut('贷方金额（元）：同借方'),
  direction: Side('余额方向'),
  balance: Balance('余额：该行之后（合计行为该月末）的余额', 'direction'),
});
export type DetailLedgerRow = Static<typeof DetailLedgerRowSchema>;

export const DetailLedgerResponseSchema = Type.Object({
  code: Type.String({ description: '科目代码' }),
  codeName: Type.String({ description: '科目名称' }),
  balanceDirection: Type.Unsafe<1 | 2>({ type: 'integer', enum: [1, 2], description: '科目的余额方向：1 借，2 贷' }),
  rows: Type.Array(DetailLedgerRowSchema, { description: '本页的行：明细行及与其相伴的标题、期初和合计行' }),
  totalItemCount: Type.Integer({
    minimum: 0,
    description: '范围内的明细行数（各页合计，不含标题、期初、合计行）；一页含pageSize个明细行',
  }),
  pageIndex: Type.Integer({ minimum: 1, description: '页码' }),
  pageSize: Type.Integer({ minimum: 1, description: '每页明细行数' }),
});
export type DetailLedgerResponse = Static<typeof DetailLedgerResponseSchema>;

export const BookSchemas = {
  regenerateOccur: {
    body: NoParams,
    response: { 200: Envelope(Type.Null({ description: '无数据；message 为 发生额已重新生成' })) },
  },
  trialBalance: { querystring: TrialBalanceQuerySchema, response: { 200: Envelope(TrialBalanceResponseSchema) } },
  trialBalancePrint: {
    querystring: TrialBalanceQuerySchema,
    response: { 200: FileAnswer('application/pdf', '科目余额表的PDF（内联打开）') },
  },
  generalLedger: { querystring: GeneralLedgerQuerySchema, response: { 200: Envelope(GeneralLedgerResponseSchema) } },
  generalLedgerPrint: {
    querystring: GeneralLedgerQuerySchema,
    response: { 200: FileAnswer('application/pdf', '总账的PDF（内联打开）') },
  },
  detailAccount: { querystring: DetailLedgerQuerySchema, response: { 200: Envelope(DetailLedgerResponseSchema) } },
  detailAccountPrint: {
    querystring: DetailLedgerFilterSchema,
    response: { 200: FileAnswer('application/pdf', '明细账整个范围的PDF（内联打开）；行数超过上限时拒绝，请缩小期间') },
  },
  exportDetailAccount: {
    querystring: DetailLedgerFilterSchema,
    response: { 200: FileAnswer(XLSX, '明细账整个范围的工作簿（附件），金额以元为单位') },
  },
} as const;
