/**
 * Schemas of the funds accounting calls (spec doc 1 "Funds accounting": jxhs_DepartList, unitInfo,
 * getUnitInfo, getZJUnitType, saveZJUnit, edit, unit funding info by id). Ratios travel as
 * percentages (a number or text, at most four decimals; empty or null = not filled), amounts as
 * yuan; the server keeps them as ppm and fen (shared/funds/ratios.ts).
 */
import { Type, type Static } from 'typebox';
import { Envelope, Id, Month, NoParams, Nullable, Paged, Year, YuanIn, YuanOut, ZtId } from './common.js';

const RatioIn = (description: string) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength: 16 }), Type.Number(), Type.Null()], {
      description: `${description}（%，最多4位小数；空为未填）`,
    }),
  );
const RatioOut = (description: string) => Nullable(Type.Number({ description: `${description}（%）` }));
const SubjectIn = (description: string) =>
  Type.Optional(
    Nullable(
      Type.String({
        pattern: '^\\d{0,40}$',
        description: `${description}: a last-level subject code; empty or null: the set’s default`,
        'x-message': '科目代码只能是数字',
      }),
    ),
  );
const SubjectOut = (description: string) => Nullable(Type.String({ description }));
const Text = (max: number, description: string) => Type.Optional(Nullable(Type.String({ maxLength: max, description })));

export const JxhsDepartSchema = Type.Object({
  ztid: Type.Integer({ description: '下级账套id' }),
  ztName: Type.String(),
  ztNo: Type.String({ description: '账套编码' }),
  upperId: Nullable(Type.Integer({ description: '上级账套id' })),
  depth: Type.Integer({ minimum: 1, description: '1: a direct child of the session’s set' }),
  configured: Type.Boolean({ description: 'already a funds unit of the session’s set' }),
});
export type JxhsDepart = Static<typeof JxhsDepartSchema>;

/** The ratios of a unit in force at a period (null when it has none yet), with both variants' spec names. */
export const UnitRatioSchema = Type.Object({
  fromYear: Type.Integer(),
  fromMonth: Type.Integer(),
  lowerLevelUpperSolutionRatio: RatioOut('下级上解比例 (a same-level unit: 100)'),
  proportionLowerLevel: RatioOut('下级留成比例'),
  retentionRatioThisLevel: RatioOut('本级留成比例'),
  dealingWithSuperiorRatioOne: RatioOut('应付上级一比例'),
  dealingWithSuperiorRatioTwo: RatioOut('应付上级二比例'),
  copeWithSubordinateRatio: RatioOut('应付下级比例'),
  retentionThisLevelSubjects: SubjectOut('本级留成科目'),
  copeWithSuperiorSubjectsOne: SubjectOut('应付上级一科目'),
  copeWithSuperiorSubjectsTwo: SubjectOut('应付上级二科目'),
  copeWithLowerLevelSubjects: SubjectOut('应付下级科目'),
  retentionThisLevelSubjectsCodeFullName: SubjectOut('科目代码 名称'),
  copeWithSuperiorSubjectsOneCodeFullName: SubjectOut('科目代码 名称'),
  copeWithSuperiorSubjectsTwoCodeFullName: SubjectOut('科目代码 名称'),
  copeWithLowerLevelSubjectsCodeFullName: SubjectOut('科目代码 名称'),
  bjRata: RatioOut('本级比例'),
  bjsjRate: RatioOut('上级比例'),
  hbRate: RatioOut('回拨比例'),
  fundsPayableJianhui: RatioOut('建会筹备金比例'),
  smallBusinessReturns: RatioOut('小微企业返还比例'),
  sjrate: RatioOut('上级比例（五项之和）'),
  lcrate: RatioOut('留成比例'),
  taxCollectionFee: RatioOut('代收手续费比例'),
  payableOfTheYearAmount: Nullable(YuanOut('本年应上解金额')),
  annualTheYearAmount: Nullable(YuanOut('本年已上解金额')),
});
export type UnitRatio = Static<typeof UnitRatioSchema>;

export const FundsUnitRowSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('org'), Type.Literal('lower')], {
    description: 'org: funding organisation (县级以上); lower: a unit of the funds accounting dialog',
  }),
  code: Type.String({ description: 'fundingCode / ztNo (also the 经费单位 auxiliary item code)' }),
  name: Type.String({ description: 'fundingName / ztName' }),
  ztid: Nullable(Type.Integer({ description: 'the lower ledger set of the tree, null for a unit keyed by hand' })),
  hand: Type.Boolean({ description: 'keyed by hand (handZtId / handZtCode)' }),
  sameLevel: Type.Boolean(),
  lx: Nullable(Type.Integer({ description: 'fundingType: 1 上解, 2 工会经费' })),
  taxId: Nullable(Type.String()),
  ceo: Nullable(Type.String()),
  cfo: Nullable(Type.String()),
  phone: Nullable(Type.String({ description: 'encrypted with the session’s key (isEncrypt), lower-case hex; null when none' })),
  isEncrypt: Type.Boolean({ description: 'true: phone is encrypted (shared/funds/phone-cipher.ts)' }),
  zip: Nullable(Type.String()),
  address: Nullable(Type.String()),
  mcount: Nullable(Type.Integer({ description: 'numberOfUnits 单位数' })),
  expenditureType: Nullable(Type.String({ description: '支出类型 leaf code' })),
  ratio: Nullable(UnitRatioSchema),
});
export type FundsUnitRow = Static<typeof FundsUnitRowSchema>;

export const UnitListRequestSchema = Type.Object({
  year: Type.Optional(Year('the period whose ratios are shown; default the session year')),
  month: Type.Optional(Month('default 12 (the ratios in force at the year’s end)')),
  kind: Type.Optional(Type.Union([Type.Literal('org'), Type.Literal('lower')], { description: 'only this kind' })),
  keyword: Type.Optional(Type.String({ maxLength: 100, description: '编码或名称' })),
  expenditureType: Type.Optional(
    Type.String({ maxLength: 10, description: 'only organisations of this expenditure type (or under it)' }),
  ),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type UnitListRequest = Static<typeof UnitListRequestSchema>;

export const UnitQuerySchema = Type.Object({
  id: Id('经费单位id'),
  year: Type.Optional(Year()),
  month: Type.Optional(Month()),
});
export type UnitQuery = Static<typeof UnitQuerySchema>;

export const UnitFundingInfoSchema = Type.Object({
  unitInfo: FundsUnitRowSchema,
  subList: Type.Array(UnitRatioSchema, { description: 'the unit’s ratios, one row per period from which they apply' }),
});
export type UnitFundingInfo = Static<typeof UnitFundingInfoSchema>;

const Option = Type.Object({ value: Type.String(), label: Type.String() });
export const ZJUnitTypeSchema = Type.Object({
  fundingTypes: Type.Array(
    Type.Object({
      value: Type.Integer(),
      label: Type.String(),
      defaultUpperRatio: Type.Number({ description: '20 for type 1, 100 for type 2' }),
    }),
  ),
  expenditureTypes: Type.Array(
    Type.Object({ value: Type.String(), label: Type.String(), children: Type.Optional(Type.Array(Option)) }),
  ),
});
export type ZJUnitType = Static<typeof ZJUnitTypeSchema>;

const PeriodFields = {
  fromMonth: Type.Optional(Month('the month of the session year from which these ratios apply; default 1')),
};

export const SaveZJUnitRequestSchema = Type.Object({
  id: Type.Optional(Nullable(Id('the organisation to edit; absent: add one'))),
  code: Type.String({ maxLength: 40, description: '单位编码 (numeric, at most 20)' }),
  name: Type.String({ maxLength: 200, description: '单位名称' }),
  lx: Type.Optional(Nullable(Type.Integer({ description: '1 上解, 2 工会经费' }))),
  lowerZtId: Type.Optional(
    Nullable(
      ZtId('the lower ledger set of the tree this organisation is, if one (not named ztid: that key names the session set)'),
    ),
  ),
  taxId: Text(30, '纳税人识别号'),
  ceo: Text(50, '负责人'),
  cfo: Text(50, '财务负责人'),
  phone: Text(400, 'the phone; encrypted (isEncrypt true) as the answers carry it'),
  isEncrypt: Type.Optional(Type.Boolean({ description: 'true: phone is encrypted with the session’s key' })),
  zip: Text(10, '邮编'),
  address: Text(200, '地址'),
  mcount: Type.Optional(
    Nullable(Type.Integer({ minimum: 0, maximum: 1000000, description: '单位数', 'x-message': '单位数须为非负整数' })),
  ),
  expenditureType: Type.Optional(Nullable(Type.String({ maxLength: 10, description: '支出类型 leaf code' }))),
  bjRata: RatioIn('本级比例'),
  bjsjRate: RatioIn('上级比例'),
  hbRate: RatioIn('回拨比例'),
  fundsPayableJianhui: RatioIn('建会筹备金'),
  smallBusinessReturns: RatioIn('小微企业返还'),
  sjrate: RatioIn('上级比例（五项之和）: when sent, must equal the sum'),
  lcrate: RatioIn('留成比例'),
  taxCollectionFee: RatioIn('代收手续费'),
  ...PeriodFields,
});
export type SaveZJUnitRequest = Static<typeof SaveZJUnitRequestSchema>;

export const EditLowerUnitRequestSchema = Type.Object({
  id: Type.Optional(Nullable(Id('the unit to edit (its unit is fixed); absent: add'))),
  ztids: Type.Optional(
    Type.Array(ZtId('a lower ledger set of the tree'), { maxItems: 500, description: 'add: the lower sets chosen' }),
  ),
  handZtId: Text(200, 'add by hand: the unit’s name'),
  handZtCode: Text(40, 'add by hand: the unit’s numeric code (at most 20)'),
  sameLevel: Type.Optional(Type.Boolean({ description: 'a same-level unit: its shares add up to 100%' })),
  lowerLevelUpperSolutionRatio: RatioIn('下级上解比例'),
  proportionLowerLevel: RatioIn('下级留成比例'),
  retentionRatioThisLevel: RatioIn('本级留成比例'),
  dealingWithSuperiorRatioOne: RatioIn('应付上级一比例'),
  dealingWithSuperiorRatioTwo: RatioIn('应付上级二比例'),
  copeWithSubordinateRatio: RatioIn('应付下级比例'),
  retentionThisLevelSubjects: SubjectIn('本级留成科目'),
  copeWithSuperiorSubjectsOne: SubjectIn('应付上级一科目'),
  copeWithSuperiorSubjectsTwo: SubjectIn('应付上级二科目'),
  copeWithLowerLevelSubjects: SubjectIn('应付下级科目'),
  payableOfTheYearAmount: Type.Optional(YuanIn('本年应上解金额（元）；不填则无')),
  annualTheYearAmount: Type.Optional(YuanIn('本年已上解金额（元）；不填则无')),
  ...PeriodFields,
});
export type EditLowerUnitRequest = Static<typeof EditLowerUnitRequestSchema>;

export const DeleteUnitsRequestSchema = Type.Object({
  ids: Type.Array(Id('经费单位id'), { minItems: 1, maxItems: 500 }),
});
export type DeleteUnitsRequest = Static<typeof DeleteUnitsRequestSchema>;

const SETTING_FIELDS = ['retained', 'superior', 'lower', 'preparatory', 'smallBusiness', 'collectionFee'] as const;
export type FundsSettingField = (typeof SETTING_FIELDS)[number];
export const FUNDS_SETTING_FIELDS: readonly FundsSettingField[] = SETTING_FIELDS;

export const FundsSettingSchema = Type.Object(
  Object.fromEntries(SETTING_FIELDS.map((f) => [f, SubjectOut(`the default subject of the ${f} share`)])) as Record<
    FundsSettingField,
    ReturnType<typeof SubjectOut>
  >,
);
export type FundsSetting = Static<typeof FundsSettingSchema>;
export const SaveFundsSettingRequestSchema = Type.Object(
  Object.fromEntries(SETTING_FIELDS.map((f) => [f, SubjectIn(`the default subject of the ${f} share`)])) as Record<
    FundsSettingField,
    ReturnType<typeof SubjectIn>
  >,
);
export type SaveFundsSettingRequest = Static<typeof SaveFundsSettingRequestSchema>;

const SavedUnits = Type.Object({
  ids: Type.Array(Type.String(), { description: 'the units saved' }),
  unlinkedSubjects: Type.Array(Type.String(), {
    description:
      '211/212 subjects the ratios name that could not take the 经费单位 auxiliary type (openings or vouchers this year)',
  }),
});
export type SavedUnitsAnswer = Static<typeof SavedUnits>;

export const FundsUnitSchemas = {
  departList: { querystring: NoParams, response: { 200: Envelope(Type.Array(JxhsDepartSchema)) } },
  list: { body: UnitListRequestSchema, response: { 200: Envelope(Paged(FundsUnitRowSchema)) } },
  get: { querystring: UnitQuerySchema, response: { 200: Envelope(FundsUnitRowSchema) } },
  fundingInfo: {
    params: Type.Object({ id: Id('经费单位id') }),
    querystring: NoParams,
    response: { 200: Envelope(UnitFundingInfoSchema) },
  },
  zjUnitType: { body: NoParams, response: { 200: Envelope(ZJUnitTypeSchema) } },
  saveZJUnit: { body: SaveZJUnitRequestSchema, response: { 200: Envelope(SavedUnits) } },
  edit: { body: EditLowerUnitRequestSchema, response: { 200: Envelope(SavedUnits) } },
  delete: { body: DeleteUnitsRequestSchema, response: { 200: Envelope(Type.Null()) } },
  setting: { querystring: NoParams, response: { 200: Envelope(FundsSettingSchema) } },
  saveSetting: { body: SaveFundsSettingRequestSchema, response: { 200: Envelope(FundsSettingSchema) } },
} as const;
