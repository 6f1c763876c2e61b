/**
 * Schemas of the template calls (spec doc 1: Voucher template entity; GET /api/template, /detail,
 * /select, POST and DELETE /api/template, POST updateTemplateSort) and of the carry-forward
 * vouchers they make (generateVoucherEndPeriod, generateYearEndVoucher), base /account.
 *
 * Voucher templates (types 1-3, src/shared/templates/template-types.ts) carry lines whose amounts
 * travel in yuan like the voucher calls' and may be empty: a template can fix the subjects and
 * leave the amounts to the bookkeeper. Carry-forward templates (type 4) carry rows: each carries
 * the balance (or a turnover) of its carry-out subject — every last-level subject under it, each
 * auxiliary combination apart, narrowed to the row's auxiliary items when it names some — into
 * its carry-in subject. carryOverAmountType: 1 balance, 2 debit balance, 3 credit balance,
 * 4 debit turnover, 5 credit turnover (src/shared/templates/carry-forward-rules.ts).
 */
import { Type, type Static } from 'typebox';
import { INT_COLUMN_MAX } from '../../vouchers/rules.js';
import { Envelope, Id, Month, Nullable, Paged, Year, YuanOut } from './common.js';
import { AuxiChoiceSchema, AuxiItemSchema, DirectionOut, OptionalYuanIn, VoucherSchema } from './vouchers.js';

const AmountType = (description = '转出金额：1 余额，2 借方余额，3 贷方余额，4 借方发生额，5 贷方发生额') =>
  Type.Integer({ description });

const TemplateType = (description = '模板类型：1-3 凭证模板（template-types.ts），4 结转模板') =>
  Type.Integer({ minimum: 0, maximum: INT_COLUMN_MAX, description });

/** An auxiliary type of a subject (its number and name). */
export const TemplateAuxiTypeSchema = Type.Object({
  typeNo: Type.String({ description: '辅助核算类型编号' }),
  typeName: Type.String({ description: '辅助核算类型名称' }),
});

// ---- requests: the fields of a voucher template's line and a carry-forward row, written once

const voucherTemplateLineFields = {
  summary: Type.String({ description: '摘要' }),
  subjectCode: Nullable(Type.String({ maxLength: 64, description: '末级科目代码；null或空为不指定' })),
  debitAmount: Type.Optional(OptionalYuanIn('借方金额（元），最多两位小数；空为不指定')),
  creditAmount: Type.Optional(OptionalYuanIn('贷方金额（元），最多两位小数；空为不指定')),
  auxis: Type.Optional(Type.Array(AuxiChoiceSchema)),
};

const carryRowFields = {
  subjectCode: Nullable(Type.String({ maxLength: 64, description: '转出科目代码（可为上级科目：其下每个末级科目）' })),
  auxis: Type.Optional(Type.Array(AuxiChoiceSchema, { description: '只转出这些辅助核算项目（上级项目含其下级）' })),
  carryOverAmountType: Nullable(AmountType()),
  intoSubjectCode: Nullable(Type.String({ maxLength: 64, description: '转入科目代码（末级）' })),
  intoAuxis: Type.Optional(Type.Array(AuxiChoiceSchema, { description: '转入分录的辅助核算项目：转入科目每个类型的末级项目' })),
};

const savedTemplateFields = {
  id: Type.Optional(Id('修改：模板id（内置模板另存为副本）；缺省为新增')),
  name: Type.String({ description: '模板名称（在账套内唯一）' }),
  memo: Type.Optional(Type.String({ description: '说明' })),
};

export const TemplateLineInputSchema = Type.Object(voucherTemplateLineFields);
export type TemplateLineInput = Static<typeof TemplateLineInputSchema>;

/** POST /account/api/template: a new voucher template (no id) or a change to one of the set's. */
export const SaveTemplateRequestSchema = Type.Object({
  ...savedTemplateFields,
  policyBasis: Type.String({ description: '政策依据' }),
  template: Nullable(TemplateType()),
  details: Type.Array(TemplateLineInputSchema),
});
export type SaveTemplateRequest = Static<typeof SaveTemplateRequestSchema>;

export const CarryForwardDetailInputSchema = Type.Object(carryRowFields);
export type CarryForwardDetailInput = Static<typeof CarryForwardDetailInputSchema>;

/** POST /account/api/template with template 4: a carry-forward template. */
export const SaveCarryForwardRequestSchema = Type.Object({
  ...savedTemplateFields,
  template: Type.Literal(4),
  isMonth: Type.Boolean({ description: 'true 期末（月）结转模板，false 年末结转模板' }),
  summary: Type.String({ description: '所生成凭证分录的摘要' }),
  memo: Type.String({ description: '说明' }),
  carryOverAmountType: Nullable(AmountType('新增行的默认转出金额（1-5）')),
  details: Type.Array(CarryForwardDetailInputSchema),
});
export type SaveCarryForwardRequest = Static<typeof SaveCarryForwardRequestSchema>;

/** The body of POST template: either of the two above, told apart by template (4: carry-forward), as one flat object. */
export const SaveAnyTemplateBodySchema = Type.Object({
  ...savedTemplateFields,
  template: Nullable(TemplateType()),
  policyBasis: Type.Optional(Type.String({ description: '凭证模板：政策依据' })),
  isMonth: Type.Optional(Type.Boolean({ description: '结转模板：true 期末（月），false 年末' })),
  summary: Type.Optional(Type.String({ description: '结转模板：所生成凭证分录的摘要' })),
  carryOverAmountType: Type.Optional(Nullable(AmountType('结转模板：新增行的默认转出金额（1-5）'))),
  details: Type.Array(Type.Partial(Type.Object({ ...voucherTemplateLineFields, ...carryRowFields })), {
    description: '凭证模板的分录，或结转模板的行',
  }),
});
export type SaveAnyTemplateBody = Static<typeof SaveAnyTemplateBodySchema>;

// ---- answers

export const TemplateLineSchema = Type.Object({
  summary: Type.String(),
  subjectCode: Nullable(Type.String({ description: '科目代码；null为不指定' })),
  code: Nullable(Type.String({ description: '科目代码（同subjectCode）' })),
  subjectName: Type.String(),
  codeAndFullName: Type.String({ description: '科目代码和全称' }),
  balanceDirection: DirectionOut('科目的余额方向（未指定科目时按金额所在方）：1 借，2 贷'),
  debitAmount: Nullable(YuanOut('借方金额（元）；null为不指定')),
  creditAmount: Nullable(YuanOut('贷方金额（元）；null为不指定')),
  auxis: Type.Array(AuxiItemSchema),
});
export type TemplateLine = Static<typeof TemplateLineSchema>;

const templateFields = {
  id: Type.String({ description: '模板id（内置模板为builtin:…）' }),
  name: Type.String(),
  templateName: Type.String({ description: '模板类型名称' }),
  isBuiltIn: Type.Boolean({ description: '内置模板（不能删除，修改时另存为副本）' }),
  templateSort: Type.Integer({ description: '顺序' }),
  memo: Type.String({ description: '说明' }),
  policyBasis: Type.String({ description: '政策依据' }),
};

/** Spec Voucher template. */
export const VoucherTemplateSchema = Type.Object({
  ...templateFields,
  template: Type.Integer({ description: '模板类型（1-3）' }),
  isMonth: Type.Boolean({ description: '凭证模板恒为false' }),
  details: Type.Array(TemplateLineSchema),
});
export type VoucherTemplate = Static<typeof VoucherTemplateSchema>;

export const CarryForwardDetailSchema = Type.Object({
  subjectCode: Type.String({ description: '转出科目代码' }),
  subjectName: Type.String(),
  codeAndFullName: Type.String(),
  auxis: Type.Array(AuxiItemSchema, { description: '只转出这些辅助核算项目；空为全部' }),
  carryOverAmountType: AmountType(),
  intoSubjectCode: Type.String({ description: '转入科目代码' }),
  intoSubjectName: Type.String(),
  intoCodeAndFullName: Type.String(),
  intoAuxis: Type.Array(AuxiItemSchema, { description: '转入分录的辅助核算项目' }),
  auxiTypeList: Type.Array(TemplateAuxiTypeSchema, { description: '转出科目的辅助核算类型（上级科目为其末级科目的）' }),
  intoAuxiTypeList: Type.Array(TemplateAuxiTypeSchema, { description: '转入科目的辅助核算类型' }),
});
export type CarryForwardDetail = Static<typeof CarryForwardDetailSchema>;

/** A carry-forward template as answered by the list (template=4), detail and save calls. */
export const CarryForwardTemplateSchema = Type.Object({
  ...templateFields,
  template: Type.Literal(4),
  isMonth: Type.Boolean({ description: 'true 期末（月）结转模板，false 年末结转模板' }),
  summary: Type.String({ description: '所生成凭证分录的摘要' }),
  carryOverAmountType: AmountType('新增行的默认转出金额'),
  details: Type.Array(CarryForwardDetailSchema),
});
export type CarryForwardTemplate = Static<typeof CarryForwardTemplateSchema>;

/** Either kind (template 4 is a carry-forward template; the serializer tells them apart by it). */
export const AnyTemplateSchema = Type.Union([CarryForwardTemplateSchema, VoucherTemplateSchema]);
export type AnyTemplate = Static<typeof AnyTemplateSchema>;

/** GET /account/api/template: the manager's list (spec params), pages of at most 100. */
export const TemplateListQuerySchema = Type.Object({
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, description: '页码，从1起' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, description: '每页条数（最多100）' })),
  template: Type.Optional(TemplateType('模板类型；4为结转模板；缺省为全部凭证模板')),
  name: Type.Optional(Type.String({ maxLength: 200, description: '名称包含的文字' })),
  isBuiltIn: Type.Optional(Type.Boolean({ description: 'true 只列内置模板，false 只列账套自己的' })),
  isMonth: Type.Optional(Type.Boolean({ description: '结转模板：true 期末（月），false 年末' })),
});
export type TemplateListQuery = Static<typeof TemplateListQuerySchema>;

export const TemplateSelectQuerySchema = Type.Object({
  template: Type.Optional(TemplateType('模板类型；4为结转模板')),
  isMonth: Type.Optional(Type.Boolean({ description: '结转模板：true 期末（月），false 年末' })),
});

export const TemplateIdQuerySchema = Type.Object({ id: Id('模板id') });

/** POST updateTemplateSort: the order of the set's templates (built-ins keep theirs). */
export const TemplateSortRequestSchema = Type.Object({
  tempInfo: Type.Array(
    Type.Object({
      id: Id('模板id'),
      templateSort: Type.Union([Type.Integer(), Type.String({ maxLength: 32 })], {
        description: '顺序：整数；不是数字的文字按0（spec）',
      }),
    }),
  ),
});
export type TemplateSortRequest = Static<typeof TemplateSortRequestSchema>;

/**
 * GET generateVoucherEndPeriod?year&month: the month-end carry-forward voucher of the month, from
 * every month template of the set (one voucher, carry_over 1, dated the month's last day). GET
 * generateYearEndVoucher?year: the year-end one from the year templates (carry_over 2, dated
 * 12-31, after December's month-end carry-forward). Amounts come from the balances of every
 * voucher, booked or not. A month (or year) that already has its carry-forward voucher is
 * refused: delete that voucher first (it is unreviewed and unbooked) to generate again.
 */
export const GenerateMonthEndQuerySchema = Type.Object({ year: Year(), month: Month('结转的月份') });
export const GenerateYearEndQuerySchema = Type.Object({ year: Year() });

export const GenerateCarryForwardResponseSchema = Type.Object({
  voucher: VoucherSchema,
  templateIds: Type.Array(Type.String(), { description: '生成凭证所用的模板（有金额可结转的）' }),
});
export type GenerateCarryForwardResponse = Static<typeof GenerateCarryForwardResponseSchema>;

export const TemplateSchemas = {
  list: { querystring: TemplateListQuerySchema, response: { 200: Envelope(Paged(AnyTemplateSchema)) } },
  select: { querystring: TemplateSelectQuerySchema, response: { 200: Envelope(Type.Array(AnyTemplateSchema)) } },
  detail: { querystring: TemplateIdQuerySchema, response: { 200: Envelope(AnyTemplateSchema) } },
  save: { body: SaveAnyTemplateBodySchema, response: { 200: Envelope(AnyTemplateSchema) } },
  delete: { querystring: TemplateIdQuerySchema, response: { 200: Envelope(Type.Null()) } },
  sort: { body: TemplateSortRequestSchema, response: { 200: Envelope(Type.Null()) } },
  monthEnd: { querystring: GenerateMonthEndQuerySchema, response: { 200: Envelope(GenerateCarryForwardResponseSchema) } },
  yearEnd: { querystring: GenerateYearEndQuerySchema, response: { 200: Envelope(GenerateCarryForwardResponseSchema) } },
} as const;
