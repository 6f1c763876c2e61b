/**
 * Schemas of the auxiliary-accounting calls (spec doc 1 sections 3 and 7, base /account): types,
 * items, the items of types as trees, a subject's types.
 */
import { Type, type Static } from 'typebox';
import { AuxiBudgetFields } from './budget-voucher.js';
import { Envelope, NoParams, Nullable, SubjectCode } from './common.js';

/** Wire limits above the business rules' (auxiliary-rules.ts), which tell a too long code or name with their own messages (4003). */
const TEXT_MAX = 200;

/** A subject code that may be empty (getCodeAuxi with isAll). */
const OptionalCodeText = Type.String({
  pattern: '^\\d{0,20}$',
  description: '科目代码',
  'x-message': '科目代码只能是数字',
});

const TypeNoList = (description: string) =>
  Type.String({ maxLength: 2000, description: `${description}: typeNo values joined by commas` });

/** Spec Auxiliary option, as a tree node. */
export const AuxiInfoSchema = Type.Cyclic(
  {
    AuxiInfo: Type.Object({
      typeNo: Type.String({ description: '辅助核算类型编码' }),
      infoNo: Type.String({ description: '辅助项编码: a sub-item’s is its parent’s plus 3 digits' }),
      infoName: Type.String({ description: '辅助项名称' }),
      parentNo: Nullable(Type.String({ description: '上级辅助项编码, null at the top' })),
      isEnable: Type.Boolean(),
      isLeaf: Type.Boolean({ description: 'leaf items are the ones a voucher line or an opening row may choose' }),
      children: Type.Array(Type.Ref('AuxiInfo'), { description: 'sub-items, ordered by code' }),
      // An item that is a budget detail of the session's year carries its figures (typeInfo, getCodeAuxi).
      ...AuxiBudgetFields,
    }),
  },
  'AuxiInfo',
);
export type AuxiInfo = Static<typeof AuxiInfoSchema>;

const auxiTypeFields = {
  typeNo: Type.String({ description: '辅助核算类型编码 (custom types ZDY001, ZDY002, …)' }),
  typeName: Type.String({ description: '类型名称' }),
  builtInSystem: Type.Boolean({ description: 'built into the system (the spec’s codes): its name cannot change' }),
  enable: Type.Boolean(),
};

/** Spec Auxiliary type; `infoList` only where a call says so (typeInfo, getCodeAuxi). */
export const AuxiTypeSchema = Type.Object({
  ...auxiTypeFields,
  infoList: Type.Optional(Type.Array(AuxiInfoSchema, { description: 'the items as trees' })),
});
export type AuxiType = Static<typeof AuxiTypeSchema>;

export const CodeAuxiItemSchema = Type.Object({
  ...auxiTypeFields,
  linked: Type.Boolean({ description: 'whether the type is linked to the subject in the session year' }),
  infoList: Type.Array(AuxiInfoSchema, { description: 'the enabled items as trees' }),
});
export type CodeAuxiItem = Static<typeof CodeAuxiItemSchema>;

export const SaveAuxiTypeRequestSchema = Type.Object({
  typeNo: Type.Optional(Type.String({ maxLength: TEXT_MAX, description: 'a custom type to rename; absent or empty: add one' })),
  typeName: Type.String({ maxLength: TEXT_MAX, description: '类型名称' }),
});
export type SaveAuxiTypeRequest = Static<typeof SaveAuxiTypeRequestSchema>;

/** Add an item, or edit one (isEdit true: only the name and isEnable change). */
export const SaveAuxiInfoRequestSchema = Type.Object({
  typeNo: Type.String({ maxLength: TEXT_MAX, description: '辅助核算类型编码' }),
  infoNo: Type.String({
    maxLength: TEXT_MAX,
    description: '辅助项编码: letters and digits; a sub-item’s is the parent’s plus 3 digits',
  }),
  infoName: Type.String({ maxLength: TEXT_MAX, description: '辅助项名称' }),
  parentNo: Type.Optional(
    Nullable(Type.String({ maxLength: TEXT_MAX, description: '上级辅助项编码; absent, empty or null: a top item' })),
  ),
  isEnable: Type.Optional(Type.Boolean({ description: 'default true' })),
  isEdit: Type.Optional(Type.Boolean({ description: 'true: edit the item infoNo names' })),
});
export type SaveAuxiInfoRequest = Static<typeof SaveAuxiInfoRequestSchema>;

/** Disabling disables the subtree; enabling under a disabled parent is refused. */
export const AuxiInfoEnableRequestSchema = Type.Object({
  typeNo: Type.String({ maxLength: TEXT_MAX, description: '辅助核算类型编码' }),
  infoNo: Type.String({ maxLength: TEXT_MAX, description: '辅助项编码' }),
  isEnable: Type.Boolean(),
});
export type AuxiInfoEnableRequest = Static<typeof AuxiInfoEnableRequestSchema>;

export const TypeInfoQuerySchema = Type.Object({
  typeNoArray: Type.Optional(TypeNoList('the types; absent: every type')),
  onlyEnable: Type.Optional(Type.Boolean({ description: 'leave out disabled types and items (pickers); default false' })),
});
export type TypeInfoQuery = Static<typeof TypeInfoQuerySchema>;

export const CodeAuxiQuerySchema = Type.Object({
  code: Type.Optional(OptionalCodeText),
  isAll: Type.Optional(
    Type.Boolean({
      description: 'every enabled type, each marked linked or not, instead of the subject’s types only; default false',
    }),
  ),
  typeNoArray: Type.Optional(TypeNoList('only these types')),
});
export type CodeAuxiQuery = Static<typeof CodeAuxiQuerySchema>;

/** The complete list of types of a detail subject, replacing the one it has. */
export const SaveAuxiRealedSubRequestSchema = Type.Object({
  code: SubjectCode('科目代码 of a detail'),
  typeNoArray: Type.Array(Type.String({ maxLength: TEXT_MAX }), {
    maxItems: 100,
    description: 'the typeNo of each type; empty: none',
  }),
});
export type SaveAuxiRealedSubRequest = Static<typeof SaveAuxiRealedSubRequestSchema>;

const NullData = Type.Null({ description: 'nothing: the message says what was done' });

export const AuxiliarySchemas = {
  types: { querystring: NoParams, response: { 200: Envelope(Type.Array(AuxiTypeSchema)) } },
  saveType: {
    body: SaveAuxiTypeRequestSchema,
    response: { 200: Envelope(Type.Union([AuxiTypeSchema, Type.Null()], { description: 'the type as saved' })) },
  },
  saveInfo: { body: SaveAuxiInfoRequestSchema, response: { 200: Envelope(NullData) } },
  enableInfo: { body: AuxiInfoEnableRequestSchema, response: { 200: Envelope(NullData) } },
  typeInfo: { querystring: TypeInfoQuerySchema, response: { 200: Envelope(Type.Array(AuxiTypeSchema)) } },
  codeAuxi: { querystring: CodeAuxiQuerySchema, response: { 200: Envelope(Type.Array(CodeAuxiItemSchema)) } },
  saveSubjectTypes: { body: SaveAuxiRealedSubRequestSchema, response: { 200: Envelope(NullData) } },
} as const;
