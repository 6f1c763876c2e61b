/**
 * Schemas of 权限管理, 权限组 and 全局按钮权限 (issue 18 §3, the super administrator's pages):
 * permissions (the button keys with their names), permission groups (named bundles of pages and
 * buttons applied to roles) and the buttons switched off per page in the whole installation.
 */
import { Type, type Static } from 'typebox';
import { Envelope, NoParams, Paged, PageQueryFields, RecordId } from './common.js';
import { ResourceGrantSchema } from './rights.js';

export const PermissionPageQuery = Type.Object({
  ...PageQueryFields,
  code: Type.Optional(Type.String({ maxLength: 50, description: '编码包含' })),
  name: Type.Optional(Type.String({ maxLength: 50, description: '名称包含' })),
});

export const PermissionItemSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: '权限编码（按钮键，如 add、delete）' }),
  name: Type.String({ description: '权限名称' }),
  remark: Type.String(),
  enable: Type.Boolean({ description: '停用的权限在所有页面上都不被任何人持有（含超级管理员）' }),
  sort: Type.Integer(),
  menuCount: Type.Integer({ description: '使用此按钮的菜单页面数' }),
  roleCount: Type.Integer({ description: '授予此按钮的角色数' }),
  groupCount: Type.Integer({ description: '包含此按钮的权限组数' }),
});
export type PermissionItem = Static<typeof PermissionItemSchema>;

export const SavePermissionRequestSchema = Type.Object({
  id: Type.Optional(RecordId('权限id；缺省为新建')),
  code: Type.String({ maxLength: 64, description: '权限编码：字母和数字，字母开头，至多32位；使用中的编码不能修改' }),
  name: Type.String({ maxLength: 64, description: '权限名称，1至30个字' }),
  remark: Type.Optional(Type.String({ maxLength: 200, description: '备注', 'x-message': '备注最多200个字' })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999, description: '排序', 'x-message': '排序须为0至99999的整数' })),
});
export type SavePermissionRequest = Static<typeof SavePermissionRequestSchema>;

export const EnableRequest = Type.Object({ id: RecordId('id'), enable: Type.Boolean({ description: '启用或停用' }) });
const IdQuery = Type.Object({ id: RecordId('id') });

export const PermissionOptionSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  enable: Type.Boolean(),
});
export type PermissionOption = Static<typeof PermissionOptionSchema>;

export const GroupPageQuery = Type.Object({
  ...PageQueryFields,
  name: Type.Optional(Type.String({ maxLength: 50, description: '名称包含' })),
});

export const PermissionGroupSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: '权限组名称' }),
  remark: Type.String(),
  enable: Type.Boolean(),
  sort: Type.Integer(),
  resources: Type.Array(ResourceGrantSchema, { description: '包含的页面及按钮' }),
});
export type PermissionGroup = Static<typeof PermissionGroupSchema>;

export const SaveGroupRequestSchema = Type.Object({
  id: Type.Optional(RecordId('权限组id；缺省为新建')),
  name: Type.String({ maxLength: 64, description: '权限组名称，1至30个字，不重复' }),
  remark: Type.Optional(Type.String({ maxLength: 200, description: '备注', 'x-message': '备注最多200个字' })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999, description: '排序', 'x-message': '排序须为0至99999的整数' })),
  resources: Type.Array(ResourceGrantSchema, {
    maxItems: 500,
    description: '页面及按钮（菜单目录中可授予角色的页面）',
  }),
});
export type SaveGroupRequest = Static<typeof SaveGroupRequestSchema>;

export const ApplyGroupRequestSchema = Type.Object({
  groupId: RecordId('权限组id'),
  roleId: RecordId('角色id'),
});
export type ApplyGroupRequest = Static<typeof ApplyGroupRequestSchema>;

export const GlobalButtonPageSchema = Type.Object({
  href: Type.String(),
  titleName: Type.String(),
  /** The page's buttons in the catalogue's order with their state. */
  buttons: Type.Array(
    Type.Object({
      code: Type.String(),
      name: Type.String({ description: '权限名称' }),
      on: Type.Boolean({ description: '本系统中该页面是否有此按钮' }),
      permissionEnabled: Type.Boolean({ description: '权限（按钮键）本身是否启用；停用时该按钮在所有页面都不存在' }),
      locked: Type.Boolean({ description: '不能关闭：关闭后将无法再打开按钮' }),
    }),
  ),
});
export const GlobalButtonGroupSchema = Type.Object({
  href: Type.String(),
  titleName: Type.String(),
  pages: Type.Array(GlobalButtonPageSchema),
});
export type GlobalButtonGroup = Static<typeof GlobalButtonGroupSchema>;

export const SaveGlobalButtonsRequestSchema = Type.Object({
  off: Type.Array(
    Type.Object({
      href: Type.String({ minLength: 1, maxLength: 200 }),
      buttons: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 64 }),
    }),
    { maxItems: 500, description: '关闭的按钮（按页面）；替换原有的全部设置' },
  ),
});
export type SaveGlobalButtonsRequest = Static<typeof SaveGlobalButtonsRequestSchema>;

const Saved = Envelope(Type.Object({ id: Type.Integer() }));
const Done = Envelope(Type.Null());

export const PermissionSchemas = {
  pageList: { querystring: PermissionPageQuery, response: { 200: Envelope(Paged(PermissionItemSchema)) } },
  list: { querystring: NoParams, response: { 200: Envelope(Type.Array(PermissionOptionSchema)) } },
  save: { body: SavePermissionRequestSchema, response: { 200: Saved } },
  enable: { body: EnableRequest, response: { 200: Done } },
  remove: { querystring: IdQuery, response: { 200: Done } },
  groupPageList: { querystring: GroupPageQuery, response: { 200: Envelope(Paged(PermissionGroupSchema)) } },
  groupList: { querystring: NoParams, response: { 200: Envelope(Type.Array(PermissionGroupSchema)) } },
  groupSave: { body: SaveGroupRequestSchema, response: { 200: Saved } },
  groupEnable: { body: EnableRequest, response: { 200: Done } },
  groupRemove: { querystring: IdQuery, response: { 200: Done } },
  applyGroup: { body: ApplyGroupRequestSchema, response: { 200: Envelope(Type.Object({ added: Type.Integer() })) } },
  globalButtons: { querystring: NoParams, response: { 200: Envelope(Type.Array(GlobalButtonGroupSchema)) } },
  saveGlobalButtons: { body: SaveGlobalButtonsRequestSchema, response: { 200: Done } },
} as const;
