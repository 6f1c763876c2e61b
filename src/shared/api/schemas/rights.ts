/**
 * Schemas of the rights of the user center (issue 18 §3): roles (the spec's roles and user levels
 * are one record, user_level), the pages and buttons a role grants, the role a user holds in each
 * ledger set, and the voucher categories a user may use in a set.
 */
import { Type, type Static } from 'typebox';
import { INT_COLUMN_MAX } from '../../vouchers/rules.js';
import { Envelope, NoParams, Nullable, Paged, ZtId, PageQueryFields, RecordId } from './common.js';

export const RolePageQuery = Type.Object({
  ...PageQueryFields,
  keyword: Type.Optional(Type.String({ maxLength: 50, description: '按编码或名称筛选' })),
});

export const ResourceGrantSchema = Type.Object({
  href: Type.String({ minLength: 1, maxLength: 200, description: '页面（菜单目录中的页面地址）' }),
  resourceList: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: 64,
    description: '该页面授予的按钮',
  }),
});
export type ResourceGrant = Static<typeof ResourceGrantSchema>;

export const RoleItemSchema = Type.Object({
  id: Type.Integer({ description: '角色id' }),
  code: Type.String({ description: '角色编码' }),
  name: Type.String({ description: '角色名称' }),
  sort: Type.Integer({ description: '排序' }),
  enable: Type.Boolean({ description: '是否启用' }),
  isRecommend: Type.Boolean({ description: '推荐角色（授权时排在前面）' }),
  remark: Type.String({ description: '备注' }),
  ownerZtId: Nullable(Type.Integer({ description: '所属单位（账套）id；null 为全系统角色，仅超级管理员可修改' })),
  ownerZtName: Nullable(Type.String({ description: '所属单位名称' })),
  editable: Type.Boolean({ description: '调用者能否修改此角色' }),
  pageCount: Type.Integer({ description: '授予的页面数' }),
  grantedCount: Type.Integer({ description: '持有此角色的授权数（用户×账套）' }),
});
export type RoleItem = Static<typeof RoleItemSchema>;

export const RoleDetailSchema = Type.Object({
  ...RoleItemSchema.properties,
  resources: Type.Array(ResourceGrantSchema, { description: '授予的页面及按钮' }),
});
export type RoleDetail = Static<typeof RoleDetailSchema>;

export const RoleOptionSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  isRecommend: Type.Boolean(),
  ownerZtId: Nullable(Type.Integer()),
});
export type RoleOption = Static<typeof RoleOptionSchema>;

export const SaveRoleRequestSchema = Type.Object({
  id: Type.Optional(RecordId('角色id；缺省为新建')),
  code: Type.String({
    pattern: '^[A-Za-z0-9_-]{1,32}$',
    description: '角色编码：字母、数字、下划线或短横线，1至32位',
    'x-message': '角色编码须为1至32位字母、数字、下划线或短横线',
  }),
  name: Type.String({ minLength: 1, maxLength: 32, description: '角色名称', 'x-message': '角色名称须为1至32个字' }),
  remark: Type.Optional(Type.String({ maxLength: 200, description: '备注', 'x-message': '备注最多200个字' })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999, description: '排序' })),
  ownerZtId: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: INT_COLUMN_MAX,
        description: '新角色所属单位：超级管理员可指定（缺省全系统）；其他管理员的角色总属于其所在单位',
      }),
    ),
  ),
});
export type SaveRoleRequest = Static<typeof SaveRoleRequestSchema>;

export const IdParams = Type.Object({ id: RecordId('id') });
export const IdQuery = Type.Object({ id: RecordId('id') });

export const RoleEnableRequest = Type.Object({ id: RecordId('角色id'), enable: Type.Boolean({ description: '启用或停用' }) });
export const RoleRecommendRequest = Type.Object({ isRecommend: Type.Boolean({ description: '是否推荐' }) });
export const SaveResRoleRequestSchema = Type.Object({
  id: RecordId('角色id'),
  resources: Type.Array(ResourceGrantSchema, { maxItems: 500, description: '授予的页面及按钮（替换原有）' }),
});
export type SaveResRoleRequest = Static<typeof SaveResRoleRequestSchema>;
export const SaveSortRequest = Type.Object({
  ids: Type.Array(RecordId('id'), { minItems: 1, maxItems: 1000, description: '按新顺序排列的角色或菜单id' }),
});

export interface CatalogueNode {
  href: string;
  titleName: string;
  buttons: string[];
  /** The page's buttons switched off in the installation (a disabled permission or 全局按钮权限): shown greyed, kept as granted. */
  offButtons: string[];
  children: CatalogueNode[];
}
export const CatalogueNodeSchema = Type.Cyclic(
  {
    CatalogueNode: Type.Object({
      href: Type.String(),
      titleName: Type.String(),
      buttons: Type.Array(Type.String(), { description: '该页面可授予的按钮' }),
      offButtons: Type.Array(Type.String(), {
        description: '本系统中已关闭的按钮（权限停用或全局按钮权限关闭）：不能授予或收回',
      }),
      children: Type.Array(Type.Ref('CatalogueNode')),
    }),
  },
  'CatalogueNode',
);

export const ZtLevelSchema = Type.Object({
  ztId: ZtId('账套id'),
  userLevelId: RecordId('角色id'),
});

export const SaveUserGrantsRequestSchema = Type.Object({
  userId: RecordId('用户id'),
  ztLevels: Type.Array(ZtLevelSchema, { maxItems: 20000, description: '调用者管辖范围内该用户的全部授权（替换原有）' }),
});
export type SaveUserGrantsRequest = Static<typeof SaveUserGrantsRequestSchema>;

export const UserGrantRowSchema = Type.Object({
  ztId: Type.Integer(),
  ztCode: Type.String(),
  ztName: Type.String(),
  upperId: Nullable(Type.Integer()),
  userLevelId: Nullable(Type.Integer({ description: '该账套中的角色；null 为未授权' })),
  userLevelName: Nullable(Type.String()),
});
export const UserGrantsSchema = Type.Object({
  userId: Type.Integer(),
  loginName: Type.String(),
  name: Type.String(),
  ztLevels: Type.Array(UserGrantRowSchema, { description: '调用者管辖的每个账套及该用户在其中的角色' }),
});
export type UserGrants = Static<typeof UserGrantsSchema>;

export const PzTypeQuery = Type.Object({ ztId: ZtId('账套id') });
export const UserPzTypesSchema = Type.Object({
  userId: Type.Integer(),
  ztId: Type.Integer(),
  all: Type.Boolean({ description: 'true：未限制，可使用全部凭证类别' }),
  types: Type.Array(
    Type.Object({
      value: Type.Integer({ description: '凭证类别值' }),
      name: Type.String(),
      entry: Type.String({ description: '凭证字' }),
      allowed: Type.Boolean(),
    }),
  ),
});
export type UserPzTypes = Static<typeof UserPzTypesSchema>;
export const SaveUserPzTypesRequestSchema = Type.Object({
  userId: RecordId('用户id'),
  ztId: ZtId('账套id'),
  certificateTypes: Nullable(
    Type.Array(Type.Integer({ minimum: 0, maximum: INT_COLUMN_MAX }), {
      maxItems: 100,
      description: '允许使用的凭证类别值；null 为全部',
    }),
  ),
});
export type SaveUserPzTypesRequest = Static<typeof SaveUserPzTypesRequestSchema>;

/** A menu row of 菜单管理: a menu group or a page, with its children. */
export interface MenuTreeNode {
  id: number;
  href: string;
  titleName: string;
  sort: number;
  enable: boolean;
  adminOnly: boolean;
  buttons: string[];
  /** The buttons switched off in the installation (a disabled permission or 全局按钮权限). */
  offButtons: string[];
  children: MenuTreeNode[];
}
export const MenuTreeNodeSchema = Type.Cyclic(
  {
    MenuTreeNode: Type.Object({
      id: Type.Integer(),
      href: Type.String(),
      titleName: Type.String(),
      sort: Type.Integer(),
      enable: Type.Boolean({ description: '停用的菜单不出现在任何人的菜单里，其页面的接口也拒绝' }),
      adminOnly: Type.Boolean({ description: '只属于超级管理员的页面' }),
      buttons: Type.Array(Type.String()),
      offButtons: Type.Array(Type.String(), { description: '本系统中已关闭的按钮' }),
      children: Type.Array(Type.Ref('MenuTreeNode')),
    }),
  },
  'MenuTreeNode',
);
export const MenuEnableRequest = Type.Object({ id: RecordId('菜单id'), enable: Type.Boolean() });
export const MenuLiftRequest = Type.Object({ id: RecordId('菜单id') });

const Saved = Envelope(Type.Object({ id: Type.Integer() }));
const Done = Envelope(Type.Null());

export const RightsSchemas = {
  pageList: { querystring: RolePageQuery, response: { 200: Envelope(Paged(RoleItemSchema)) } },
  role: { params: IdParams, querystring: NoParams, response: { 200: Envelope(RoleDetailSchema) } },
  save: { body: SaveRoleRequestSchema, response: { 200: Saved } },
  enable: { body: RoleEnableRequest, response: { 200: Done } },
  recommend: { params: IdParams, body: RoleRecommendRequest, response: { 200: Done } },
  remove: { querystring: IdQuery, response: { 200: Done } },
  saveResources: { body: SaveResRoleRequestSchema, response: { 200: Done } },
  select: { querystring: NoParams, response: { 200: Envelope(Type.Array(RoleOptionSchema)) } },
  list: { querystring: NoParams, response: { 200: Envelope(Type.Array(RoleItemSchema)) } },
  saveSort: { body: SaveSortRequest, response: { 200: Done } },
  catalogue: { querystring: NoParams, response: { 200: Envelope(Type.Array(CatalogueNodeSchema)) } },
  grantsByLogin: {
    querystring: Type.Object({ loginName: Type.String({ minLength: 1, maxLength: 64, description: '登录名' }) }),
    response: { 200: Envelope(UserGrantsSchema) },
  },
  grants: { params: IdParams, querystring: NoParams, response: { 200: Envelope(UserGrantsSchema) } },
  saveGrants: { body: SaveUserGrantsRequestSchema, response: { 200: Done } },
  pzTypes: { params: IdParams, querystring: PzTypeQuery, response: { 200: Envelope(UserPzTypesSchema) } },
  savePzTypes: { body: SaveUserPzTypesRequestSchema, response: { 200: Done } },
  menuTree: { querystring: NoParams, response: { 200: Envelope(Type.Array(MenuTreeNodeSchema)) } },
  menuEnable: { body: MenuEnableRequest, response: { 200: Done } },
  menuSaveSort: { body: SaveSortRequest, response: { 200: Done } },
  menuLift: { body: MenuLiftRequest, response: { 200: Done } },
} as const;
