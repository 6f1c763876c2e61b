/**
 * Schemas of the ledger-set (账套, zt) calls of the user center, registered under /userCenter and
 * /usercenter: the sets a user may open, the tree of sets and one set.
 */
import { Type, type Static } from 'typebox';
import { ZT_CODE_MAX, ZT_LEVEL_MAX, ZT_NAME_MAX } from '../../zt/ledger-set-rules.js';
import { DateText, Envelope, NoParams, Nullable, Paged, Year, ZtId } from './common.js';

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
      saveLocalizationPrint: Type.Boolean({ description: '本地打印：凭证按用户本机的打印设置打印' }),
      children: Type.Optional(Type.Array(Type.Ref('ZtInfo'), { description: 'the sets directly under this one (tree only)' })),
      childCount: Type.Optional(
        Type.Integer({
          minimum: 0,
          description:
            'how many sets are directly under this one (the managed tree, read level by level: a unit whose children are not in the answer shows it can be opened)',
        }),
      ),
    }),
  },
  'ZtInfo',
);
export type ZtInfo = Static<typeof ZtInfoSchema>;

export const ZtIdParams = Type.Object({
  id: ZtId('账套id', '账套编号无效'),
});

/** A ledger-set id the user center acts on: any set in the caller's managed scope. */
const ManagedZtId = (description = '账套id（须在当前用户管理的范围内）') => ZtId(description, '账套编号无效');

const ZtIds = Type.Array(ManagedZtId(), {
  minItems: 1,
  maxItems: 10000,
  description: '账套id列表',
  'x-message': '请选择账套',
});

/** Create (no id) or edit (id) a ledger set. */
export const SaveZtInfoBody = Type.Object({
  id: Type.Optional(Nullable(ManagedZtId('编辑的账套id；不传为新建'))),
  name: Type.String({ maxLength: 200, description: `账套名称（单位名称），1-${ZT_NAME_MAX}个字` }),
  code: Type.String({
    maxLength: 200,
    description: `账套编码：数字，至多${ZT_CODE_MAX}位；下级单位以上级单位的编码开头（用友的习惯），如 001 下的 001003`,
  }),
  upperId: Nullable(ManagedZtId('上级单位（账套）id；顶级账套为null，只有超级管理员可建')),
  accountingSystem: AccountingSystemSchema,
  year: Year('启用年度（第一个会计年度）'),
  level: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: ZT_LEVEL_MAX,
        description: '层级；缺省为上级的层级加1（顶级为1）',
        'x-message': `层级须在1到${ZT_LEVEL_MAX}之间`,
      }),
    ),
  ),
  expireTime: Type.Optional(Nullable(DateText('到期日 yyyy-MM-dd（当日仍可使用）；null 为不到期'))),
  enable: Type.Optional(Type.Boolean({ description: '是否启用（缺省启用）' })),
  isImproveUnit: Type.Optional(Type.Boolean({ description: 'isImproveUnit 标志' })),
  isAssetCheck: Type.Optional(Type.Boolean({ description: 'isAssetCheck 标志' })),
  saveLocalizationPrint: Type.Optional(Type.Boolean({ description: '本地打印' })),
});
export type SaveZtInfoRequest = Static<typeof SaveZtInfoBody>;

export const ZtEnableBody = Type.Object({
  ids: ZtIds,
  enable: Type.Boolean({ description: 'true 启用，false 停用（其中的会话立即结束）' }),
});
export const ZtExpirationBody = Type.Object({
  ids: ZtIds,
  expireTime: Nullable(DateText('到期日 yyyy-MM-dd（当日仍可使用）；null 取消到期')),
});
export const ZtLevelBody = Type.Object({
  ids: ZtIds,
  level: Type.Integer({ minimum: 1, maximum: ZT_LEVEL_MAX, description: '层级', 'x-message': `层级须在1到${ZT_LEVEL_MAX}之间` }),
});
export const ZtFlagBody = Type.Object({
  ids: ZtIds,
  value: Type.Boolean({ description: '标志的新值' }),
});

export const ZT_PAGE_SIZES = [20, 30, 40, 50] as const;

export const ZtPageListQuery = Type.Object({
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000, default: 1, description: '页码，从1开始' })),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 20,
      maximum: 50,
      multipleOf: 10,
      default: 20,
      description: '每页条数：20、30、40或50',
      'x-message': '每页条数须为20、30、40或50',
    }),
  ),
  rootId: Type.Optional(ManagedZtId('只列该单位及其下级（缺省为管理范围内的全部）')),
  code: Type.Optional(Type.String({ maxLength: 64, description: '编码包含' })),
  name: Type.Optional(Type.String({ maxLength: 128, description: '名称包含' })),
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: ZT_LEVEL_MAX, description: '层级' })),
  accountingSystem: Type.Optional(AccountingSystemSchema),
  enable: Type.Optional(Type.Boolean({ description: 'true 只列启用的，false 只列停用的' })),
  expired: Type.Optional(Type.Boolean({ description: 'true 只列已到期的，false 只列未到期的' })),
});
export type ZtPageListParams = Static<typeof ZtPageListQuery>;

/** 账套管理's tree, level by level: at most one of parentId, revealId and whole. */
export const ZtManagedTreeQuery = Type.Object({
  parentId: Type.Optional(ManagedZtId('只答该单位的直接下级（每个带 childCount）')),
  revealId: Type.Optional(
    ManagedZtId('答管理范围的顶级单位，以及从顶级到该账套的上级单位一路上每个单位的直接下级，使该账套在树中可见'),
  ),
  levels: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: ZT_LEVEL_MAX,
      default: 2,
      description: '不给 parentId、revealId 时：从管理范围的顶级单位起答几层（缺省2层：顶级单位及其直接下级）',
      'x-message': `层数须在1到${ZT_LEVEL_MAX}之间`,
    }),
  ),
  whole: Type.Optional(Type.Boolean({ description: 'true：一次答整个管理范围（页面用 search 查找单位）' })),
});
export type ZtManagedTreeParams = Static<typeof ZtManagedTreeQuery>;

export const ZT_TREE_SEARCH_LIMIT = 50;

/** 账套管理's search of the whole managed tree. */
export const ZtTreeSearchQuery = Type.Object({
  text: Type.String({
    minLength: 1,
    maxLength: 60,
    description: '编码或名称包含的文字',
    'x-message': '请输入要查找的编码或名称（至多60个字）',
  }),
});

const ZtPathStep = Type.Object({
  id: Type.Integer({ description: '账套id' }),
  code: Type.String({ description: '编码' }),
  name: Type.String({ description: '名称' }),
});

export const ZtTreeSearchItemSchema = Type.Object({
  ...ZtPathStep.properties,
  enable: Type.Boolean({ description: '是否启用' }),
  path: Type.Array(ZtPathStep, { description: '从管理范围的顶级单位到它的上级单位，自上而下' }),
});
export type ZtTreeSearchItem = Static<typeof ZtTreeSearchItemSchema>;

export const ZtTreeSearchAnswer = Type.Object({
  items: Type.Array(ZtTreeSearchItemSchema, {
    description: `the matching managed sets by code, at most ${ZT_TREE_SEARCH_LIMIT}`,
  }),
  more: Type.Boolean({ description: `more than ${ZT_TREE_SEARCH_LIMIT} sets match` }),
});
export type ZtTreeSearchResult = Static<typeof ZtTreeSearchAnswer>;

/** A set in the management list. */
export const ZtListItemSchema = Type.Object({
  ...ZT_FIELDS,
  expireTime: Nullable(Type.String({ description: '到期日 yyyy-MM-dd；null 为不到期' })),
  enable: Type.Boolean({ description: '是否启用' }),
  isImproveUnit: Type.Boolean(),
  isAssetCheck: Type.Boolean(),
  saveLocalizationPrint: Type.Boolean({ description: '本地打印' }),
  upperName: Nullable(Type.String({ description: '上级单位名称' })),
  firstYear: Nullable(Type.Integer({ description: '启用年度（最早的会计年度）' })),
  expired: Type.Boolean({ description: '已过到期日' }),
  hasVouchers: Type.Boolean({ description: '已有凭证（不能删除，可停用）' }),
  hasChildren: Type.Boolean({ description: '有下级单位（不能删除）' }),
});
export type ZtListItem = Static<typeof ZtListItemSchema>;

const IdAnswer = Envelope(Type.Object({ id: Type.Integer({ description: '账套id' }) }));
const CountAnswer = Envelope(Type.Object({ count: Type.Integer({ minimum: 0, description: '改动的账套数' }) }));

export const ZtSchemas = {
  elect: { querystring: NoParams, response: { 200: Envelope(Type.Array(ZtElectItemSchema)) } },
  tree: {
    querystring: NoParams,
    response: { 200: Envelope(Type.Array(ZtInfoSchema, { description: 'the visible sets as a tree (roots first, by code)' })) },
  },
  info: { params: ZtIdParams, querystring: NoParams, response: { 200: Envelope(ZtInfoSchema) } },
  managedTree: {
    querystring: ZtManagedTreeQuery,
    response: {
      200: Envelope(
        Type.Array(ZtInfoSchema, {
          description:
            "the sets the caller manages as a tree, by code: its top units with `levels` levels; with parentId that unit's direct children; with revealId the top units and every unit's children on the way to that set; with whole every set. Every node has childCount; children is given where that level was read",
        }),
      ),
    },
  },
  treeSearch: { querystring: ZtTreeSearchQuery, response: { 200: Envelope(ZtTreeSearchAnswer) } },
  childrenTile: {
    querystring: Type.Object({ id: ManagedZtId('账套id') }),
    response: { 200: Envelope(Type.Array(ZtListItemSchema, { description: 'the set and every set under it, flat, by code' })) },
  },
  pageList: { querystring: ZtPageListQuery, response: { 200: Envelope(Paged(ZtListItemSchema)) } },
  save: { body: SaveZtInfoBody, response: { 200: IdAnswer } },
  remove: { params: ZtIdParams, querystring: NoParams, response: { 200: IdAnswer } },
  enable: { body: ZtEnableBody, response: { 200: CountAnswer } },
  expiration: { body: ZtExpirationBody, response: { 200: CountAnswer } },
  level: { body: ZtLevelBody, response: { 200: CountAnswer } },
  flag: { body: ZtFlagBody, response: { 200: CountAnswer } },
} as const;
