/**
 * Schemas of 平台管理 (issue 18 §3): platforms (business modules holding top-level menu groups),
 * their order, enable and recommended flags, and the platforms of each ledger set (listByZtId).
 */
import { Type, type Static } from 'typebox';
import { PLATFORM_CODE, PLATFORM_CODE_MESSAGE, PLATFORM_NAME_MAX } from '../../platform/platform-rules.js';
import { Envelope, NoParams, Nullable, Paged, ZtId, PageQueryFields, RecordId } from './common.js';

export const PlatformPageQuery = Type.Object({
  ...PageQueryFields,
  keyword: Type.Optional(Type.String({ maxLength: 50, description: '按编码或名称筛选' })),
});

export const PlatformMenuGroupSchema = Type.Object({
  href: Type.String({ description: '一级菜单（菜单组）地址' }),
  titleName: Type.String({ description: '菜单组名称' }),
});

export const PlatformItemSchema = Type.Object({
  id: Type.Integer({ description: '平台id' }),
  code: Type.String({ description: '平台编码' }),
  name: Type.String({ description: '平台名称' }),
  sort: Type.Integer({ description: '排序' }),
  enable: Type.Boolean({ description: '停用的平台在任何账套都不出现，其页面的接口也拒绝' }),
  isRecommend: Type.Boolean({ description: '推荐平台：新建的账套默认开通' }),
  menus: Type.Array(PlatformMenuGroupSchema, { description: '平台包含的菜单组' }),
  ztCount: Type.Integer({ minimum: 0, description: '开通此平台的账套数' }),
});
export type PlatformItem = Static<typeof PlatformItemSchema>;

/** A top-level menu group a platform may hold, with the platform holding it now. */
export const MenuGroupOptionSchema = Type.Object({
  href: Type.String(),
  titleName: Type.String(),
  platformId: Nullable(Type.Integer({ description: '当前所属平台；null 为不属于任何平台' })),
  platformName: Nullable(Type.String({ description: '当前所属平台的名称' })),
});
export type MenuGroupOption = Static<typeof MenuGroupOptionSchema>;

export const SavePlatformRequestSchema = Type.Object({
  id: Type.Optional(RecordId('平台id；缺省为新建')),
  // Trimmed and checked by the service (platform-rules.ts), which names the problem.
  code: Type.String({
    maxLength: 64,
    description: `平台编码：${PLATFORM_CODE.source}，不分大小写唯一`,
    'x-message': PLATFORM_CODE_MESSAGE,
  }),
  name: Type.String({ maxLength: 100, description: `平台名称：1至${PLATFORM_NAME_MAX}个字`, 'x-message': '平台名称过长' }),
  menuHrefs: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
    maxItems: 50,
    description: '平台包含的一级菜单组（替换原有）；用户中心不属于任何平台',
  }),
});
export type SavePlatformRequest = Static<typeof SavePlatformRequestSchema>;

export const PlatformEnableRequest = Type.Object({ id: RecordId('平台id'), enable: Type.Boolean({ description: '启用或停用' }) });
export const PlatformRecommendRequest = Type.Object({ isRecommend: Type.Boolean({ description: '是否推荐' }) });
export const PlatformSortRequest = Type.Object({
  ids: Type.Array(RecordId('平台id'), { minItems: 1, maxItems: 200, description: '按新顺序排列的平台id' }),
});
export const SaveZtPlatformsRequestSchema = Type.Object({
  ztId: ZtId('账套id'),
  platformIds: Type.Array(RecordId('平台id'), { maxItems: 200, description: '账套开通的平台（替换原有）' }),
});
export type SaveZtPlatformsRequest = Static<typeof SaveZtPlatformsRequestSchema>;

const IdParams = Type.Object({ id: RecordId('id') });
const Done = Envelope(Type.Null());

export const PlatformSchemas = {
  pageList: { querystring: PlatformPageQuery, response: { 200: Envelope(Paged(PlatformItemSchema)) } },
  list: { querystring: NoParams, response: { 200: Envelope(Type.Array(PlatformItemSchema)) } },
  menuGroups: { querystring: NoParams, response: { 200: Envelope(Type.Array(MenuGroupOptionSchema)) } },
  save: { body: SavePlatformRequestSchema, response: { 200: Envelope(Type.Object({ id: Type.Integer() })) } },
  enable: { body: PlatformEnableRequest, response: { 200: Done } },
  recommend: { params: IdParams, body: PlatformRecommendRequest, response: { 200: Done } },
  saveSort: { body: PlatformSortRequest, response: { 200: Done } },
  remove: { querystring: Type.Object({ id: RecordId('平台id') }), response: { 200: Done } },
  byZt: { params: IdParams, querystring: NoParams, response: { 200: Envelope(Type.Array(PlatformItemSchema)) } },
  saveByZt: { body: SaveZtPlatformsRequestSchema, response: { 200: Done } },
} as const;
