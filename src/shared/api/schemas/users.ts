/**
 * Schemas of the user center's people (issue 18 §2): users (ordinary-user-management,
 * operator-management, super-user), user types and departments. The rules a dialog checks are in
 * src/shared/user-rules.ts, which the server applies again.
 */
import { Type, type Static } from 'typebox';
import { INT_COLUMN_MAX } from '../../vouchers/rules.js';
import { Envelope, NoParams, Nullable, Paged } from './common.js';

const RowId = (description: string, message = 'id无效') =>
  Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, description, 'x-message': message });

const PageQuery = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, default: 1, description: '页码，从1起' })),
  pageSize: Type.Optional(
    Type.Union([Type.Literal(20), Type.Literal(30), Type.Literal(40), Type.Literal(50)], {
      default: 20,
      description: '每页条数：20、30、40、50',
      'x-message': '每页条数须为20、30、40或50',
    }),
  ),
};

export const UserItemSchema = Type.Object({
  id: RowId('用户id'),
  loginName: Type.String({ description: '登录名' }),
  name: Type.String({ description: '姓名' }),
  phone: Type.String({ description: '联系电话，可为空' }),
  enable: Type.Boolean({ description: 'false: disabled, cannot sign in' }),
  isAdmin: Type.Boolean({ description: '超级管理员' }),
  mustChangePassword: Type.Boolean({ description: 'true until the user changes the initial or reset password' }),
  homeZtId: Nullable(Type.Integer({ description: '所属单位（账套）id；超级管理员可为空' })),
  homeZtName: Type.String({ description: '所属单位名称' }),
  userTypeId: Nullable(Type.Integer({ description: '用户类型id' })),
  userTypeName: Type.String({ description: '用户类型名称' }),
  departmentId: Nullable(Type.Integer({ description: '部门id' })),
  departmentName: Type.String({ description: '部门名称' }),
  createdAt: Type.Integer({ description: 'epoch milliseconds' }),
});
export type UserItem = Static<typeof UserItemSchema>;

export const UserListQuerySchema = Type.Object({
  loginName: Type.Optional(Type.String({ maxLength: 64, description: '登录名包含的文字' })),
  name: Type.Optional(Type.String({ maxLength: 64, description: '姓名包含的文字' })),
  enable: Type.Optional(Type.Boolean({ description: 'true 启用的, false 停用的；不传为全部' })),
  userTypeId: Type.Optional(RowId('用户类型')),
  departmentId: Type.Optional(RowId('部门')),
  homeZtId: Type.Optional(RowId('所属单位：该单位及其下级单位的用户', '单位id无效')),
  admins: Type.Optional(
    Type.Boolean({ description: 'true: the super administrators (super-user page, super administrator only)' }),
  ),
  ...PageQuery,
});
export type UserListQuery = Static<typeof UserListQuerySchema>;

export const SaveUserRequestSchema = Type.Object({
  id: Type.Optional(RowId('用户id：有则修改，无则新建')),
  loginName: Type.String({ maxLength: 64, description: '登录名，忽略大小写和全半角后唯一' }),
  name: Type.String({ maxLength: 64, description: '姓名' }),
  password: Type.Optional(
    Type.String({ maxLength: 64, description: '初始密码，新建时必填（首次登录须修改）；修改时忽略，改密码用重置密码' }),
  ),
  homeZtId: Type.Optional(Nullable(RowId('所属单位（账套）id；普通用户必填', '所属单位无效'))),
  phone: Type.Optional(Type.String({ maxLength: 32, description: '联系电话：手机号或带区号的固定电话' })),
  userTypeId: Type.Optional(Nullable(RowId('用户类型id', '用户类型无效'))),
  departmentId: Type.Optional(Nullable(RowId('部门id，须为所属单位的部门', '部门无效'))),
  isAdmin: Type.Optional(
    Type.Boolean({ description: 'true: a super administrator (super-user page, super administrator only)' }),
  ),
});
export type SaveUserRequest = Static<typeof SaveUserRequestSchema>;

export const UserIdParams = Type.Object({ id: RowId('用户id', '用户id无效') });

export const ResetPasswordRequestSchema = Type.Object({
  password: Type.Optional(
    Type.String({ maxLength: 64, description: '新的初始密码；不传或为空则由系统生成，并只在本次回答中给出' }),
  ),
});
export const ResetPasswordAnswerSchema = Type.Object({
  password: Nullable(Type.String({ description: '系统生成的初始密码（只给这一次）；管理员自己输入时为null' })),
});
export type ResetPasswordAnswer = Static<typeof ResetPasswordAnswerSchema>;

export const EnableUsersRequestSchema = Type.Object({
  ids: Type.Array(RowId('用户id'), { minItems: 1, maxItems: 500, description: '用户id' }),
  enable: Type.Boolean({ description: 'true 启用, false 停用（其会话立即结束）' }),
});
export type EnableUsersRequest = Static<typeof EnableUsersRequestSchema>;

export const DeleteUserQuerySchema = Type.Object({ id: RowId('用户id', '用户id无效') });

export const SecretKeyStateSchema = Type.Object({
  enabled: Type.Boolean({ description: 'whether this installation requires a hardware key at sign-in (always false)' }),
  bound: Type.Boolean({ description: 'whether a key is bound to the user (always false: no key is bound)' }),
  message: Type.String({ description: '给用户看的说明' }),
});
export type SecretKeyState = Static<typeof SecretKeyStateSchema>;

export const SelectOptionSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type SelectOption = Static<typeof SelectOptionSchema>;

// ---- user types and departments

export const UserTypeItemSchema = Type.Object({
  id: RowId('用户类型id'),
  name: Type.String(),
  remark: Type.String(),
  sort: Type.Integer(),
  userCount: Type.Integer({ minimum: 0, description: 'users of this type' }),
});
export type UserTypeItem = Static<typeof UserTypeItemSchema>;

export const SaveUserTypeRequestSchema = Type.Object({
  id: Type.Optional(RowId('用户类型id：有则修改')),
  name: Type.String({ maxLength: 64, description: '名称，唯一' }),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, description: '排序' })),
});
export type SaveUserTypeRequest = Static<typeof SaveUserTypeRequestSchema>;

export const DepartmentItemSchema = Type.Object({
  id: RowId('部门id'),
  ztId: Type.Integer({ description: '所属单位（账套）id' }),
  ztName: Type.String(),
  name: Type.String(),
  remark: Type.String(),
  sort: Type.Integer(),
  userCount: Type.Integer({ minimum: 0 }),
});
export type DepartmentItem = Static<typeof DepartmentItemSchema>;

export const DepartmentListQuerySchema = Type.Object({
  ztId: Type.Optional(RowId('所属单位：只列该单位的部门', '单位id无效')),
  name: Type.Optional(Type.String({ maxLength: 64 })),
  ...PageQuery,
});
export type DepartmentListQuery = Static<typeof DepartmentListQuerySchema>;

export const SaveDepartmentRequestSchema = Type.Object({
  id: Type.Optional(RowId('部门id：有则修改')),
  ztId: RowId('所属单位（账套）id', '所属单位无效'),
  name: Type.String({ maxLength: 64, description: '名称，在单位内唯一' }),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
});
export type SaveDepartmentRequest = Static<typeof SaveDepartmentRequestSchema>;

const IdAnswer = Envelope(Type.Object({ id: Type.Integer() }));
const Done = Envelope(Type.Null());

export const UserSchemas = {
  pageList: { querystring: UserListQuerySchema, response: { 200: Envelope(Paged(UserItemSchema)) } },
  info: { params: UserIdParams, querystring: NoParams, response: { 200: Envelope(UserItemSchema) } },
  save: { body: SaveUserRequestSchema, response: { 200: IdAnswer } },
  resetPassword: {
    params: UserIdParams,
    body: ResetPasswordRequestSchema,
    response: { 200: Envelope(ResetPasswordAnswerSchema) },
  },
  enable: { body: EnableUsersRequestSchema, response: { 200: Done } },
  remove: { querystring: DeleteUserQuerySchema, response: { 200: Done } },
  secretKeyState: {
    querystring: Type.Object({ id: Type.Optional(RowId('用户id')) }),
    response: { 200: Envelope(SecretKeyStateSchema) },
  },
  userTypeSelect: { querystring: NoParams, response: { 200: Envelope(Type.Array(SelectOptionSchema)) } },
  departmentSelect: {
    querystring: Type.Object({ ztId: RowId('单位id', '单位id无效') }),
    response: { 200: Envelope(Type.Array(SelectOptionSchema)) },
  },
  userTypePageList: { querystring: Type.Object({ ...PageQuery }), response: { 200: Envelope(Paged(UserTypeItemSchema)) } },
  userTypeSave: { body: SaveUserTypeRequestSchema, response: { 200: IdAnswer } },
  userTypeRemove: { querystring: Type.Object({ id: RowId('用户类型id') }), response: { 200: Done } },
  departmentPageList: { querystring: DepartmentListQuerySchema, response: { 200: Envelope(Paged(DepartmentItemSchema)) } },
  departmentSave: { body: SaveDepartmentRequestSchema, response: { 200: IdAnswer } },
  departmentRemove: { querystring: Type.Object({ id: RowId('部门id') }), response: { 200: Done } },
} as const;
