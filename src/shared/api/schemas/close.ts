/**
 * Schemas of the month-end and year-end close (spec doc 1: Close-check result entity, "Close
 * period" and "Reverse close" states, calls GET /api/certificate/check, POST monthly, POST
 * unMonthly, POST carryOver; closeState and newYear are ours). Every call works on the session's
 * ledger set. A part's status is true when it passes. The asset parts (assets, intangibles, inventory,
 * long-term amortisation) answer applicable: false for a set without the assets platform or without such assets.
 */
import { Type, type Static } from 'typebox';
import { Envelope, Month, NoParams, Year, YuanOut } from './common.js';

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Message = (description = '给用户看的结果说明') => Type.String({ description });

/** GET check: the months beginMonth..endMonth of year (default: the first open month .. month). */
export const CloseCheckQuerySchema = Type.Object({
  year: Type.Optional(Year('会计年度，须为当前会话的年度（默认当前会话年度）')),
  month: Month('要结账的月份：默认检查从本年第一个未结账月份到该月'),
  beginMonth: Type.Optional(Month('检查的开始月份（默认本年第一个未结账月份，不晚于month）')),
  endMonth: Type.Optional(Month('检查的结束月份（默认month），不能早于beginMonth')),
});
export type CloseCheckQuery = Static<typeof CloseCheckQuerySchema>;

export const MonthUnreviewedSchema = Type.Object({
  month: Month('凭证所在月份'),
  unreviewCount: Count('该月未审核的凭证张数'),
  unbookCount: Count('Ours: 该月未记账的凭证张数（已记账即已审核）'),
});
export type MonthUnreviewed = Static<typeof MonthUnreviewedSchema>;

export const NumberGapSchema = Type.Object({
  month: Month('断号所在月份'),
  certificateType: Type.Integer({ description: '凭证类别id（certificateType 列表的 value）' }),
  certificateTypeName: Type.String({ description: '凭证类别名称，如“记”' }),
  missing: Type.Array(Type.Integer({ minimum: 1 }), { description: '缺少的凭证号，升序，最多列出20个' }),
});
export type NumberGap = Static<typeof NumberGapSchema>;

export const NotApplicablePartSchema = Type.Object(
  {
    applicable: Type.Literal(false, { description: '本产品尚未启用该模块，恒为false' }),
    status: Type.Literal(true, { description: '不适用的部分不阻止结账，恒为true' }),
    message: Message(),
  },
  { description: '规范列出、本产品尚未启用的模块的检查（资产、无形资产、库存物品、长期待摊）：不适用' },
);
export type NotApplicablePart = Static<typeof NotApplicablePartSchema>;

/** The asset parts (issue 23): a class of cards for the checked months. */
export const AssetClosePartSchema = Type.Object(
  {
    applicable: Type.Boolean({ description: '账套开通了资产平台且有该类资产卡片时为true；否则不检查（通过）' }),
    status: Type.Boolean({ description: '各项均通过' }),
    balanceOnly: Type.Boolean({
      description: 'Ours: 仅账实不符（卡片合计与账面余额不同）：用户可在本会话中忽略（结账时传 ignoreBalance）',
    }),
    message: Message('结果说明，未通过时列出每项原因'),
    assetsAdd: Type.Object(
      { status: Type.Boolean(), count: Count('结束月份月末前新增（非初始化）、未生成凭证的卡片张数') },
      { description: '资产新增生成凭证检查' },
    ),
    assetsProvision: Type.Object(
      {
        status: Type.Boolean(),
        months: Type.Array(Month(), { description: '应计提而未计提折旧（摊销）的月份' }),
        unGenerated: Count('已计提但未生成凭证（或凭证已删除）的行数'),
      },
      { description: '计提折旧（摊销）检查；库存物品恒为通过' },
    ),
    assetsDocument: Type.Object(
      { status: Type.Boolean(), count: Count('本年至结束月份未生成凭证的处置（出库）单据张数') },
      { description: '处置（出库）单据生成凭证检查' },
    ),
    balance: Type.Object(
      {
        status: Type.Boolean(),
        cardsCost: YuanOut('月末在用卡片原值合计（库存物品为结存金额）'),
        ledgerCost: YuanOut('原值科目（162/171/141；政府会计1601/1701/1302）月末余额'),
        cardsProvision: YuanOut('月末在用卡片累计折旧（摊销）合计'),
        ledgerProvision: YuanOut('累计折旧（摊销）科目（163/172；政府会计1602/1702）月末余额'),
      },
      { description: '卡片合计与账面余额核对' },
    ),
  },
  { description: '资产检查（固定资产、无形资产、库存物品）' },
);
export type AssetClosePart = Static<typeof AssetClosePartSchema>;

export const LongClosePartSchema = Type.Object(
  {
    applicable: Type.Boolean({ description: '账套开通了资产平台且有长期待摊费用时为true' }),
    status: Type.Boolean(),
    balanceOnly: Type.Boolean({ description: 'Ours: 仅账实不符：可在本会话中忽略' }),
    message: Message(),
    longAmortionAdd: Type.Object(
      { status: Type.Boolean(), count: Count('结束月份月末前支出（非期初数据）、未生成新增凭证的项数') },
      { description: '长期待摊费用新增生成凭证检查' },
    ),
    amortionDetailsAdd: Type.Object(
      {
        status: Type.Boolean(),
        months: Type.Array(Month(), { description: '应摊销而未计提的月份' }),
        unGenerated: Count('已计提但未生成凭证（或凭证已删除）的行数'),
      },
      { description: '长期待摊费用摊销检查' },
    ),
    balance: Type.Object(
      {
        status: Type.Boolean(),
        items: YuanOut('月末各项未摊销金额合计'),
        ledger: YuanOut('181（政府会计1901）月末余额'),
      },
      { description: '长期待摊费用与账面余额核对' },
    ),
  },
  { description: '长期待摊费用检查' },
);
export type LongClosePart = Static<typeof LongClosePartSchema>;

/** Ours: a payable to a superior or a lower union left at the end of the checked months. */
export const UnsettledFundSchema = Type.Object({
  subjectCode: Type.String({ description: '末级科目代码（211或212之下）' }),
  subjectName: Type.String(),
  side: Type.Union([Type.Literal('superior'), Type.Literal('lower')], { description: 'superior 应付上级，lower 应付下级' }),
  unitCode: Type.Union([Type.String(), Type.Null()], { description: '经费单位（JFDW）编码；未按单位核算为null' }),
  unitName: Type.String(),
  amount: Type.Number({ description: '余额（元）：贷方为正（尚欠），借方为负（多付）' }),
});
export type UnsettledFund = Static<typeof UnsettledFundSchema>;

export const CloseCheckResultSchema = Type.Object({
  flag: Type.Boolean({ description: '所有适用的检查都通过（期初不平衡未被忽略时也算未通过）：页面按钮显示“结账”' }),
  year: Year('检查的年度'),
  beginMonth: Month('检查的开始月份'),
  endMonth: Month('检查的结束月份'),
  cashier: Type.Object(
    {
      status: Type.Boolean({ description: '收付款凭证均已出纳签字' }),
      shown: Type.Boolean({ description: '账套要求出纳签字（isCheckCertificateSign）时才显示并检查' }),
      unsigned: Count('检查月份中含现金或银行科目分录、未经出纳签字的凭证张数'),
    },
    { description: '出纳签字检查' },
  ),
  handlerPeople: Type.Object(
    {
      status: Type.Boolean({ description: '经办人签字检查通过（本产品凭证不设经办人签字，恒为true）' }),
      shown: Type.Boolean({ description: '与出纳签字一同显示' }),
      message: Message(),
    },
    { description: '经办人签字检查' },
  ),
  startBalance: Type.Object(
    {
      status: Type.Boolean({ description: '年初期初余额试算平衡（财务会计与预算会计各自借方合计等于贷方合计）' }),
      message: Message('结果说明，不平衡时含差额（元）'),
      difference: YuanOut(
        'Ours: 期初借贷方差额（元，两位小数，非负）：财务会计借方合计与贷方合计之差的绝对值；财务会计平衡而预算会计不平衡时为预算会计之差；平衡时为0',
      ),
      isZJ: Type.Boolean({ description: '账套按县级及以上工会会计制度（union-county）记账' }),
    },
    { description: '期初余额试算平衡检查；不平衡时用户可在本会话中忽略（结账时传 ignoreBalance）' },
  ),
  endTerm: Type.Object(
    { isFinancialInstitution: Type.Boolean({ description: '是否金融机构账套（本产品恒为false）' }) },
    { description: '期末信息' },
  ),
  review: Type.Object(
    {
      status: Type.Boolean({ description: '检查月份的凭证全部已审核并已记账' }),
      unReviewed: Count('未审核凭证张数'),
      unBooked: Count('Ours: 未记账凭证张数'),
      total: Count('检查月份的凭证总张数'),
      reviewed: Count('已审核凭证张数'),
      unMonthReviewed: Type.Array(MonthUnreviewedSchema, { description: '有未审核或未记账凭证的月份，按月份升序' }),
    },
    { description: '凭证审核记账检查' },
  ),
  breakNo: Type.Object(
    {
      status: Type.Boolean({ description: '各月各凭证类别的凭证号连续' }),
      gaps: Type.Array(NumberGapSchema, { description: 'Ours: 有断号的月份和凭证类别' }),
    },
    { description: '凭证断号检查' },
  ),
  carryOver: Type.Object(
    {
      status: Type.Boolean({ description: '收入、支出科目的余额均已结转（12月由年末检查结转时也为true）' }),
      skipped: Type.Boolean({ description: 'Ours: 12月且账套未开启月末结转：此项由年末检查代为检查，显示为不适用' }),
      expenses: Type.Boolean({ description: '结束月份月末，支出（费用）类末级科目余额均为0' }),
      earnings: Type.Boolean({ description: '结束月份月末，收入类末级科目余额均为0' }),
      outlayId: Type.Union([Type.String(), Type.Literal(0)], {
        description: '启用中的第一个年末结转模板id；账套没有时为0（客户端提示先生成年结模板）',
      }),
      earningsId: Type.Union([Type.String(), Type.Literal(0)], {
        description: '启用中的第一个月末结转模板id；账套没有时为0',
      }),
      message: Message('结果说明，未结转时列出尚有余额的科目（代码和名称；超过10个时列前10个并说明共几个）'),
    },
    { description: '收支结转检查：结束月份月末收入支出科目无余额' },
  ),
  endInspection: Type.Object(
    {
      status: Type.Boolean({ description: '结束月份的科目余额表试算平衡（含所有凭证，财务会计与预算会计各自平衡）' }),
      unionFundTransfer: Type.Boolean({
        description:
          '工会经费划转检查：结束月份月末应付上级经费（211）、应付下级经费（212）均已结清为true；有余额为false（提示，不阻止结账：经费多在次月上解/转拨）',
      }),
      unsettledFunds: Type.Array(UnsettledFundSchema, {
        description: 'Ours: 结束月份月末尚未结清的应付上下级经费，按科目、经费单位列示（unionFundTransfer为true时为空）',
      }),
      message: Message(),
    },
    { description: '月末检查' },
  ),
  yearEndInspection: Type.Object(
    {
      status: Type.Boolean({ description: '本年收入支出已结转、收支结转等科目余额已转入累计结转/累计结余（非12月恒为true）' }),
      applicable: Type.Boolean({ description: 'Ours: 结束月份为12月时才检查' }),
      unionFundTransfer: Type.Boolean({
        description:
          '工会经费划转检查：12月月末应付上下级经费均已结清为true（明细见endInspection.unsettledFunds；提示，不阻止结账）；非12月恒为true',
      }),
      message: Message(),
    },
    { description: '年末检查（12月）' },
  ),
  fixedAssetsVO: AssetClosePartSchema,
  intangibleAssetsVO: AssetClosePartSchema,
  inventoryAssetsVO: AssetClosePartSchema,
  longAmortionVO: LongClosePartSchema,
});
export type CloseCheckResult = Static<typeof CloseCheckResultSchema>;

const RotateBackup = () =>
  Type.Optional(
    Type.Boolean({
      description: '已保留20份云备份时，用户确认删除最早的一份（否则拒绝，errorCode 为备份轮换码，客户端询问后重发）',
    }),
  );

/** POST monthly. */
export const MonthlyRequestSchema = Type.Object({
  year: Type.Optional(Year('结账年度，须为当前会话的年度（默认当前会话年度）')),
  month: Month('结账月份：须为本年第一个未结账月份'),
  isCoverNextData: Type.Optional(
    Type.Boolean({ description: '12月结账且下一年度已存在时：用本年期末余额覆盖下一年度的期初余额（默认不覆盖）' }),
  ),
  ignoreBalance: Type.Optional(Type.Boolean({ description: 'Ours: 用户已在本会话中忽略期初余额不平衡（页面“忽略”按钮）' })),
  rotateBackup: RotateBackup(),
});
export type MonthlyRequest = Static<typeof MonthlyRequestSchema>;

export const MonthlyResponseSchema = Type.Object({
  year: Year('结账年度'),
  month: Month('已结账的月份'),
  backupId: Type.String({ description: '结账前自动做的云备份id（类型41；12月为年结备份43）' }),
  nextYear: Type.Union([Type.Literal('created'), Type.Literal('covered'), Type.Literal('kept'), Type.Null()], {
    description:
      '12月：下一年度期初的处理——created 新建年度并写入期初，covered 覆盖已有年度的期初，kept 保留已有年度的期初；其他月份为null',
  }),
  accountMonth: Month('结账后本年的当前会计月份（12月结账后仍为12）'),
});
export type MonthlyResponse = Static<typeof MonthlyResponseSchema>;

/** POST unMonthly: reopens month and every later closed month, latest first. */
export const UnMonthlyRequestSchema = Type.Object({
  year: Type.Optional(Year('反结账年度（默认当前会话年度）')),
  month: Month('反结账月份：该月及其后所有已结账月份（含以后年度）一并反结账'),
  rotateBackup: RotateBackup(),
});
export type UnMonthlyRequest = Static<typeof UnMonthlyRequestSchema>;

export const ClosedPeriodSchema = Type.Object({ year: Year(), month: Month() });

export const UnMonthlyResponseSchema = Type.Object({
  reopened: Type.Array(ClosedPeriodSchema, { description: '已反结账的期间，按从后到前的顺序' }),
  backupId: Type.String({ description: '反结账前自动做的云备份id（类型42；含12月时为反年结备份44）' }),
  accountMonth: Month('反结账后该年度的当前会计月份'),
});
export type UnMonthlyResponse = Static<typeof UnMonthlyResponseSchema>;

export const CloseStateYearSchema = Type.Object({
  year: Year(),
  closedMonths: Type.Array(Month(), { description: '已结账的月份，升序' }),
  startMonth: Month('该年度的启用月份'),
});

/** Ours: GET closeState → the set's years with their closed months, for the pickers. */
export const CloseStateSchema = Type.Object({
  beginYear: Year('账套的第一个年度'),
  years: Type.Array(CloseStateYearSchema, { description: '账套的各年度，升序' }),
  nextOpenMonth: Type.Integer({
    minimum: 1,
    maximum: 13,
    description: '当前会话年度第一个未结账的月份（全部已结账时为13）',
  }),
  laterYearExists: Type.Boolean({ description: '当前会话年度之后已有年度（12月结账时可选择覆盖其期初，isCoverNextData）' }),
});
export type CloseState = Static<typeof CloseStateSchema>;

const SpecFlag = (description: string) => Type.Optional(Type.Boolean({ description }));

/**
 * POST carryOver (spec "manual carry-over payload"): a year whose openings were not carried from
 * the year before. whetherIsManual false: the openings become the previous year's closing
 * balances now; true: the user enters them on the opening-balance page.
 */
export const CarryOverRequestSchema = Type.Object({
  whetherIsManual: Type.Boolean({
    description: 'false 自动结转：本年期初余额取上年期末余额；true 手动结转：用户在科目期初页面录入本年期初余额',
  }),
  isStateOwnedAssets: SpecFlag('规范的手动结转参数（国有资产），本产品不读取'),
  isFinancialAllocation: SpecFlag('规范的手动结转参数（财政拨款），本产品不读取'),
  isSpecialItem: SpecFlag('规范的手动结转参数（专项），本产品不读取'),
  isNonSpecialized: SpecFlag('规范的手动结转参数（非专项），本产品不读取'),
  subjectUndertaking: SpecFlag('规范的手动结转参数（科目承接），本产品不读取'),
});
export type CarryOverRequest = Static<typeof CarryOverRequestSchema>;

export const NewYearResponseSchema = Type.Object({ year: Year('新建立的年度（当前会话年度的下一年）') });
export type NewYearResponse = Static<typeof NewYearResponseSchema>;

export const CloseSchemas = {
  check: { querystring: CloseCheckQuerySchema, response: { 200: Envelope(CloseCheckResultSchema) } },
  monthly: { body: MonthlyRequestSchema, response: { 200: Envelope(MonthlyResponseSchema) } },
  unMonthly: { body: UnMonthlyRequestSchema, response: { 200: Envelope(UnMonthlyResponseSchema) } },
  closeState: { querystring: NoParams, response: { 200: Envelope(CloseStateSchema) } },
  carryOver: {
    body: CarryOverRequestSchema,
    response: { 200: Envelope(Type.Null({ description: '无数据；message 为结转结果' })) },
  },
  newYear: { body: NoParams, response: { 200: Envelope(NewYearResponseSchema) } },
} as const;
