/**
 * Schemas of the chart calls (spec doc 1 sections 3 and 7, base /account): the chart with its
 * extensions, the picker's list, the standard chart and the standard subjects a set may take, the
 * next child code, add/edit, enable/disable and delete. The opening-balance calls are in
 * openings.ts, the auxiliary ones in auxiliary.ts.
 */
import { Type, type Static } from 'typebox';
import type { BalanceDirection } from '../../constants.js';
import type { ChartId, SubjectType } from '../../chart.js';
import { Direction, Envelope, NoParams, Nullable, SubjectCode, Year, YuanOut } from './common.js';

/** A subject type in an answer: an integer, so a long list is written without trying union branches. */
export const SubjectTypeField = (
  description = '科目类别：1 资产，2 负债，3 净资产，4 收入，5 支出，6 预算收入，7 预算支出，8 预算结余',
) => Type.Unsafe<SubjectType>({ type: 'integer', minimum: 1, maximum: 8, description, 'x-message': '科目类别须为1到8' });

/** A balance direction in an answer (Direction() is the request form: a union of literals). */
export const DirectionOut = (description = '余额方向：1 借，2 贷') =>
  Type.Unsafe<BalanceDirection>({ type: 'integer', enum: [1, 2], description });

/** A subject code that may be empty (a filter or a parent that may be none). */
const OptionalCodeText = (description: string) =>
  Type.String({ pattern: '^\\d{0,20}$', description, 'x-message': '科目代码只能是数字' });

export const AuxiTypeRefSchema = Type.Object({
  typeNo: Type.String({ description: '辅助核算类型编码' }),
  typeName: Type.String({ description: '辅助核算类型名称' }),
});
export type AuxiTypeRef = Static<typeof AuxiTypeRefSchema>;

const subjectFields = {
  id: Type.String({ description: 'the code: subjects are keyed by code within a ledger set’s year' }),
  code: Type.String({ description: '科目代码' }),
  codeName: Type.String({ description: '科目名称' }),
  codeAndFullName: Type.String({ description: '`code 上级名称-…-名称` (only the own name when incloudFullName is false)' }),
  type: SubjectTypeField(),
  level: Type.Integer({ minimum: 1, description: '级次, 1 for a first-level subject' }),
  lastLevel: Type.Boolean({ description: 'whether the subject is a detail (末级科目): only details take amounts' }),
  balanceDirection: DirectionOut(),
  initAmount: YuanOut('期初余额（元）, positive in the subject’s direction; a parent’s is the signed sum of its children'),
  balance: YuanOut('余额（元）, positive in the subject’s direction: the opening balance (postings are read from the books)'),
  cumuleDebitAmount: YuanOut('本年累计借方（元）before the start month of a set that starts mid-year, else 0'),
  cumuleCreditAmount: YuanOut('本年累计贷方（元）before the start month of a set that starts mid-year, else 0'),
  parentCode: Nullable(Type.String({ description: '上级科目代码, null for a first-level subject' })),
  childCode: Nullable(
    Type.String({ description: 'the next free child code (what the add dialog proposes), null when none may be added' }),
  ),
  childCodeArray: Type.Array(Type.String(), { description: 'codes of every descendant, nearest first (empty for a detail)' }),
  isStandard: Type.Boolean({ description: 'a subject of the standard chart: its name, direction and existence are fixed' }),
  incloudAuxi: Type.Boolean({ description: 'spec spelling: whether the subject carries auxiliary accounting' }),
  auxiTypeList: Type.Array(AuxiTypeRefSchema, { description: 'auxiliary types of a detail' }),
  isGovernment: Type.Boolean({ description: 'budget accounting (types 6-8 in the government system)' }),
  enable: Type.Boolean({ description: 'disabled subjects are left out of the pickers' }),
  pinyin: Type.String({ description: 'pinyin initials of the name, lower case (the picker filters on them)' }),
};

/** Spec Subject; `children` only in tree answers (subjectExtensions with isTree). */
export const SubjectItemSchema = Type.Cyclic(
  {
    SubjectItem: Type.Object({
      ...subjectFields,
      children: Type.Optional(Type.Array(Type.Ref('SubjectItem'), { description: 'only in tree answers (isTree)' })),
    }),
  },
  'SubjectItem',
);
export type SubjectItem = Static<typeof SubjectItemSchema>;

export const SubjectExtensionsQuerySchema = Type.Object({
  isTree: Type.Optional(Type.Boolean({ description: 'answer the tree of first-level subjects with children; default false' })),
  isReconciliation: Type.Optional(
    Type.Boolean({
      description: 'true: accountComparisonList carries the old/new subject comparison of the transition (财会〔2021〕16号 附表)',
    }),
  ),
  incloudFullName: Type.Optional(
    Type.Boolean({ description: 'false: codeAndFullName carries only the subject’s own name; default true' }),
  ),
  year: Type.Optional(Year('a year of the session’s ledger set; default the session year')),
});
export type SubjectExtensionsQuery = Static<typeof SubjectExtensionsQuerySchema>;

export const AccountComparisonSchema = Type.Object({
  no: Type.String({ description: '对照表序号' }),
  oldCode: Type.Union([Type.String(), Type.Null()], { description: '原制度（2009）科目编码；新增科目为null' }),
  oldName: Type.String(),
  newCode: Type.String({ description: '新制度科目编码' }),
  newName: Type.String(),
  basis: Type.String({ description: '拆分依据；整体转入为空' }),
  rule: Type.String({ description: '转账规则' }),
});
export type AccountComparison = Static<typeof AccountComparisonSchema>;

export const SubjectExtensionsResponseSchema = Type.Object({
  subList: Type.Array(SubjectItemSchema, { description: 'flat list ordered by code, or the tree of first-level subjects' }),
  accountComparisonList: Type.Array(AccountComparisonSchema, {
    description: 'the old/new subject comparison (one item per part of the official mapping) when isReconciliation; else empty',
  }),
});
export type SubjectExtensionsResponse = Static<typeof SubjectExtensionsResponseSchema>;

export const SubjectElectQuerySchema = Type.Object({
  keyword: Type.Optional(
    Type.String({ maxLength: 100, description: 'a code prefix, part of the name or the pinyin initials (case-insensitive)' }),
  ),
  type: Type.Optional(SubjectTypeField('only subjects of this type')),
  isGovernment: Type.Optional(Type.Boolean({ description: 'only budget (true) or only financial (false) subjects' })),
  includeParents: Type.Optional(Type.Boolean({ description: 'parents too (a picker that shows the tree); default false' })),
});
export type SubjectElectQuery = Static<typeof SubjectElectQuerySchema>;

export const StandSubjectSchema = Type.Object({
  code: Type.String({ description: '科目代码' }),
  codeName: Type.String({ description: '科目名称' }),
  type: SubjectTypeField(),
  level: Type.Integer({ minimum: 1, description: '级次' }),
  parentCode: Nullable(Type.String({ description: '上级科目代码, null for a first-level subject' })),
  balanceDirection: DirectionOut(),
  isGovernment: Type.Boolean({ description: 'budget accounting' }),
});
export type StandSubject = Static<typeof StandSubjectSchema>;

const ChartIdField = Type.Unsafe<ChartId>({
  type: 'string',
  enum: ['union-2021-grassroots', 'union-2021-county', 'union-2009', 'government-2017'],
  description: 'the standard chart of the set’s accounting system',
});

export const StandSubjectResponseSchema = Type.Object({
  chartId: ChartIdField,
  name: Type.String({ description: 'name of the chart' }),
  source: Type.String({ description: 'the regulation the chart comes from' }),
  codeLengths: Type.Object(
    {
      first: Type.Integer({ description: 'digits of a first-level code' }),
      child: Type.Integer({ description: 'digits each level below adds' }),
    },
    { description: 'code lengths of the chart' },
  ),
  allowNewFirstLevel: Type.Boolean({ description: 'whether a set may add first-level subjects' }),
  subList: Type.Array(StandSubjectSchema),
});
export type StandSubjectResponse = Static<typeof StandSubjectResponseSchema>;

export const TakeStandSubjectsRequestSchema = Type.Object({
  codeArray: Type.Union([Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 2000 }), Type.String({ maxLength: 20000 })], {
    description:
      "codes of the standard subjects to take, as a list or comma-joined as the spec's form sends them; missing parents come along",
  }),
});
export type TakeStandSubjectsRequest = Static<typeof TakeStandSubjectsRequestSchema>;

export const ChildCodeQuerySchema = Type.Object({
  parentCode: Type.Optional(OptionalCodeText('上级科目代码; absent or empty: a first-level subject')),
});

export const ChildCodeResponseSchema = Type.Object({
  parentCode: Nullable(Type.String({ description: 'the parent asked about, null for first level' })),
  childCode: Nullable(Type.String({ description: 'the proposed code, null when no subject may be added there (see message)' })),
  codeLength: Type.Integer({ description: 'the full length a code must have there' }),
  message: Nullable(Type.String({ description: 'why nothing may be added there, else null' })),
});
export type ChildCodeResponse = Static<typeof ChildCodeResponseSchema>;

/** Generous wire limits: the business rules (subject-code.ts) tell the exact ones with their own messages (4003). */
const CODE_TEXT_MAX = 40;
const NAME_TEXT_MAX = 200;

export const SaveSubjectRequestSchema = Type.Object({
  id: Type.Optional(Type.String({ maxLength: CODE_TEXT_MAX, description: 'edit: the existing code; absent or empty: add' })),
  code: Type.Optional(Type.String({ maxLength: CODE_TEXT_MAX, description: '科目代码 (cannot change on edit)' })),
  codeName: Type.String({ maxLength: NAME_TEXT_MAX, description: '科目名称' }),
  parentCode: Type.Optional(
    Nullable(
      Type.String({
        maxLength: CODE_TEXT_MAX,
        description: 'required for a detail; empty or null asks for a first-level subject',
      }),
    ),
  ),
  balanceDirection: Type.Optional(Direction('余额方向：1 借，2 贷; default the parent’s (a detail) or the type’s normal side')),
  auxiTypeList: Type.Optional(
    Type.Array(Type.Union([Type.String({ maxLength: 100 }), Type.Object({ typeNo: Type.String({ maxLength: 100 }) })]), {
      maxItems: 100,
      description:
        'auxiliary types of a detail: typeNo strings or { typeNo }. Absent: unchanged (a new detail inherits its parent’s)',
    }),
  ),
});
export type SaveSubjectRequest = Static<typeof SaveSubjectRequestSchema>;

export const SubjectEnableRequestSchema = Type.Object({
  code: SubjectCode(),
  enable: Type.Boolean({ description: 'false disables the subtree (refused while it holds openings)' }),
});
export type SubjectEnableRequest = Static<typeof SubjectEnableRequestSchema>;

const NullData = Type.Null({ description: 'nothing: the message says what was done' });

export const SubjectSchemas = {
  list: { querystring: NoParams, response: { 200: Envelope(Type.Array(SubjectItemSchema)) } },
  extensions: { querystring: SubjectExtensionsQuerySchema, response: { 200: Envelope(SubjectExtensionsResponseSchema) } },
  elect: { querystring: SubjectElectQuerySchema, response: { 200: Envelope(Type.Array(SubjectItemSchema)) } },
  standSubject: { querystring: NoParams, response: { 200: Envelope(StandSubjectResponseSchema) } },
  choiceStand: { querystring: NoParams, response: { 200: Envelope(Type.Array(StandSubjectSchema)) } },
  takeStand: {
    body: TakeStandSubjectsRequestSchema,
    response: { 200: Envelope(Type.Array(Type.String(), { description: 'the codes added, parents included' })) },
  },
  childCode: { querystring: ChildCodeQuerySchema, response: { 200: Envelope(ChildCodeResponseSchema) } },
  save: {
    body: SaveSubjectRequestSchema,
    response: { 200: Envelope(Type.Union([SubjectItemSchema, Type.Null()], { description: 'the subject as saved' })) },
  },
  enable: { body: SubjectEnableRequestSchema, response: { 200: Envelope(NullData) } },
  delete: {
    querystring: Type.Object({ code: SubjectCode('the subject to delete: not standard, no children, no openings, no vouchers') }),
    response: { 200: Envelope(NullData) },
  },
} as const;
