/**
 * Schemas of the ledger-set (账套, zt) calls of the user center, registered under /userCenter and
 * /usercenter: the sets a user may open, the tree of sets and one set.
 */
import { Type, type Static } from 'typebox';
import { Envelope, NoParams, Nullable, Year, ZtId } from './common.js';

export const ACCOUNTING_SYSTEMS = ['union-grassroots', 'union-county', 'government'] as const;

export const AccountingSystemSchema = Type.Enum(ACCOUNTING_SYSTEMS, {
  type: 'string',
  description:
    'the accounting system of the set: union-grassroots 工会会计制度（基层）, union-county 工会会计制度（县级以上）, government 政府会计制度',
});
/** The accounting system a ledger set keeps its books in. */
export type AccountingSystem = Static<typeof AccountingSystemSchema>;

const ZT_FIELDS = {
  id: Type.Integer({ minimum: 1, description: '账套id' }),
  name: Type.String({ description: '账套名称（单位名称）' }),
  code: Type.String({ description: '账套编码；账套按编码排序' }),
  upperId: Nullable(Type.Integer({ description: '上级账套id；顶级账套为null' })),
  level: Type.Integer({ description: '账套层级，顶级为1' }),
  accountingSystem: AccountingSystemSchema,
};

export const ZtElectItemSchema = Type.Object({
  ...ZT_FIELDS,
  years: Type.Array(Year(), { description: 'the years the user may open in this set, newest first' }),
});
/** A set the user may open now (enabled, unexpired), with its years. */
export type ZtElectItem = Static<typeof ZtElectItemSchema>;

/** Ledger-set entity (spec ztInfo); in the tree, each set with the sets under it. */
export const ZtInfoSchema = Type.Cyclic(
  {
    ZtInfo: Type.Object({
      ...ZT_FIELDS,
      expireTime: Nullable(Type.String({ description: '到期日 yyyy-MM-dd（当日仍可使用）；null 为不到期' })),
      enable: Type.Boolean({ description: '是否启用' }),
      isImproveUnit: Type.Boolean({
        description: "the spec's isImproveUnit flag of the set (kept, not yet used by the accounting calls)",
      }),
      isAssetCheck: Type.Boolean({
        description: "the spec's isAssetCheck flag of the set (kept, not yet used by the accounting calls)",
      }),
      children: Type.Optional(Type.Array(Type.Ref('ZtInfo'), { description: 'the sets directly under this one (tree only)' })),
    }),
  },
  'ZtInfo',
);
export type ZtInfo = Static<typeof ZtInfoSchema>;

export const ZtIdParams = Type.Object({
  id: ZtId('账套id', '账套编号无效'),
});

export const ZtSchemas = {
  elect: { querystring: NoParams, response: { 200: Envelope(Type.Array(ZtElectItemSchema)) } },
  tree: {
    querystring: NoParams,
    response: { 200: Envelope(Type.Array(ZtInfoSchema, { description: 'the visible sets as a tree (roots first, by code)' })) },
  },
  info: { params: ZtIdParams, querystring: NoParams, response: { 200: Envelope(ZtInfoSchema) } },
} as const;
