/**
 * The user center's people (issue 18 §2): users (用户管理, 操作员管理, 超级用户), user types and
 * departments. Session routes (they act on users and units named by id, not on the session's set);
 * each declares its right and the handler checks the scope (user-scope.ts, admin/scope.ts).
 */
import { Paths } from '../../shared/api/paths.js';
import { UserSchemas } from '../../shared/api/schemas/users.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { Page } from '../auth/pages.js';
import { Right } from '../auth/route-rights.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import {
  deleteDepartment,
  deleteUserType,
  departmentsOf,
  listDepartments,
  listUserTypes,
  saveDepartment,
  saveUserType,
} from './directory.js';
import { listUsers, userItem } from './user-list.js';
import { managedUser, USER_PAGES, userButtons, userScopeOf } from './user-scope.js';
import { deleteUser, enableUsers, resetPassword, saveUser } from './user-service.js';

const READ = { right: Right.pages(...USER_PAGES) };
const TYPE_BUTTONS = (b: string) => ({ right: Right.buttons([[Page.userTypeManagement, b]]) });
const DEPARTMENT_BUTTONS = { right: Right.buttons([[Page.departmentManagement, 'add']], [[Page.departmentManagement, 'edit']]) };

/** Registered under /userCenter and /usercenter: paths are given without the base. */
export function userRoutes(app: App, db: Db, config: ServerConfig, base = '/userCenter'): void {
  const local = (path: string) => path.slice(base.length);

  app.get(local(Paths.userPageList), { schema: UserSchemas.pageList, config: READ }, async (request) => {
    const { items, total } = await listUsers(db, await userScopeOf(db, request), request.query);
    return okEnvelope({ currentPageItems: items, totalItemCount: total });
  });

  app.get(
    local(Paths.userTypeSelect),
    { schema: UserSchemas.userTypeSelect, config: { right: Right.pages(...USER_PAGES, Page.userTypeManagement) } },
    async () => {
      const rows = await db.kysely.selectFrom('user_type').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
      return okEnvelope(rows.map((t) => ({ id: Number(t.id), name: t.name })));
    },
  );

  app.get(
    local(Paths.departmentSelect),
    { schema: UserSchemas.departmentSelect, config: { right: Right.pages(...USER_PAGES, Page.departmentManagement) } },
    async (request) => okEnvelope(await departmentsOf(db, request, request.query.ztId)),
  );

  // No hardware key is used here (the server config's is_start_secretKey is false): sign-in is the
  // password and the signed session, so every user's state is "not required, none bound".
  app.get(local(Paths.userSecretKeyState), { schema: UserSchemas.secretKeyState, config: READ }, async (request) => {
    if (request.query.id !== undefined) await managedUser(db, request, request.query.id);
    return okEnvelope({ enabled: false, bound: false, message: '本系统未启用硬件密钥登录，无需绑定密钥' });
  });

  app.get(`${local(Paths.user)}/:id`, { schema: UserSchemas.info, config: READ }, async (request) => {
    const target = await managedUser(db, request, request.params.id);
    const item = await userItem(db, target.id);
    if (!item) refuse('NotFound', '用户不存在或已被删除');
    return okEnvelope(item);
  });

  app.post(
    local(Paths.user),
    { schema: UserSchemas.save, config: { right: Right.buttons(userButtons('add'), userButtons('edit')) } },
    async (request) => {
      const id = await saveUser(db, request, request.body, config.scryptLogN);
      return okEnvelope({ id }, request.body.id === undefined ? '用户已新建，首次登录须修改初始密码' : '用户已保存');
    },
  );

  app.post(
    `${local(Paths.userResetPassword)}/:id`,
    { schema: UserSchemas.resetPassword, config: { right: Right.buttons(userButtons('resetPassword')) } },
    async (request) => {
      const password = await resetPassword(db, request, request.params.id, request.body.password, config.scryptLogN);
      return okEnvelope({ password }, '密码已重置，该用户须用新的初始密码登录并修改密码');
    },
  );

  app.post(
    local(Paths.userEnable),
    { schema: UserSchemas.enable, config: { right: Right.buttons(userButtons('enable')) } },
    async (request) => {
      await enableUsers(db, request, request.body.ids, request.body.enable);
      return okEnvelope(null, request.body.enable ? '已启用' : '已停用，其登录已结束');
    },
  );

  app.delete(
    local(Paths.user),
    { schema: UserSchemas.remove, config: { right: Right.buttons(userButtons('delete')) } },
    async (request) => {
      await deleteUser(db, request, request.query.id);
      return okEnvelope(null, '用户已删除');
    },
  );

  // ---- user types
  app.get(
    local(Paths.userTypePageList),
    { schema: UserSchemas.userTypePageList, config: { right: Right.pages(Page.userTypeManagement) } },
    async (request) => {
      const { items, total } = await listUserTypes(db, request.query);
      return okEnvelope({ currentPageItems: items, totalItemCount: total });
    },
  );
  app.post(
    local(Paths.userType),
    {
      schema: UserSchemas.userTypeSave,
      config: { right: Right.buttons([[Page.userTypeManagement, 'add']], [[Page.userTypeManagement, 'edit']]) },
    },
    async (request) => okEnvelope({ id: await saveUserType(db, request, request.body) }, '用户类型已保存'),
  );
  app.delete(local(Paths.userType), { schema: UserSchemas.userTypeRemove, config: TYPE_BUTTONS('delete') }, async (request) => {
    await deleteUserType(db, request, request.query.id);
    return okEnvelope(null, '用户类型已删除');
  });

  // ---- departments
  app.get(
    local(Paths.departmentPageList),
    { schema: UserSchemas.departmentPageList, config: { right: Right.pages(Page.departmentManagement) } },
    async (request) => {
      const { items, total } = await listDepartments(db, request, request.query);
      return okEnvelope({ currentPageItems: items, totalItemCount: total });
    },
  );
  app.post(local(Paths.department), { schema: UserSchemas.departmentSave, config: DEPARTMENT_BUTTONS }, async (request) =>
    okEnvelope({ id: await saveDepartment(db, request, request.body) }, '部门已保存'),
  );
  app.delete(
    local(Paths.department),
    { schema: UserSchemas.departmentRemove, config: { right: Right.buttons([[Page.departmentManagement, 'delete']]) } },
    async (request) => {
      await deleteDepartment(db, request, request.query.id);
      return okEnvelope(null, '部门已删除');
    },
  );
}
