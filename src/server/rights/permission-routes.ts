/**
 * Calls of 权限管理, 权限组 and 全局按钮权限 (issue 18 §3; spec: GET /api/permission/pageList, POST
 * /api/permission/enable, POST and DELETE /api/permission; GET /api/permissionGroup/list and
 * pageList, POST enable, POST and DELETE /api/permissionGroup; the global list read from the
 * global-btn-permission route), registered under /userCenter and /usercenter. The pages are the
 * super administrator's (adminOnly in the catalogue); applying a group to a role is 角色管理's
 * 修改, and the vocabulary of keys and the enabled groups are read by its rights dialog too.
 */
import { Paths } from '../../shared/api/paths.js';
import { PermissionSchemas } from '../../shared/api/schemas/permissions.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { Page } from '../auth/pages.js';
import { requireButton } from '../auth/permissions.js';
import { Right } from '../auth/route-rights.js';
import { callerOf } from './caller.js';
import { globalButtons, saveGlobalButtons } from './global-buttons.js';
import { deletePermission, enablePermission, pagePermissions, permissionOptions, savePermission } from './permission-admin.js';
import { applyGroup, deleteGroup, enableGroup, listGroups, pageGroups, saveGroup } from './permission-groups.js';

const local = (path: string) => path.slice('/userCenter'.length);
const PERMISSIONS = Page.permission;
const GROUPS = Page.permissionGroup;
const GLOBAL = Page.globalButtonPermission;

export function permissionRoutes(app: App, db: Db): void {
  app.get(
    local(Paths.permissionPageList),
    { schema: PermissionSchemas.pageList, config: { right: Right.pages(PERMISSIONS) } },
    async (request) => okEnvelope(await pagePermissions(db, request.query)),
  );

  // The names of the keys, for every page that shows buttons by name.
  app.get(
    local(Paths.permissionList),
    {
      schema: PermissionSchemas.list,
      config: { right: Right.pages(PERMISSIONS, GROUPS, GLOBAL, Page.roleManagement, Page.menuManagement) },
    },
    async () => okEnvelope(await permissionOptions(db)),
  );

  app.post(
    local(Paths.permission),
    {
      schema: PermissionSchemas.save,
      config: {
        right: Right.buttons([
          [PERMISSIONS, 'add'],
          [PERMISSIONS, 'edit'],
        ]),
      },
    },
    async (request) => {
      await requireButton(db, request, PERMISSIONS, request.body.id === undefined ? 'add' : 'edit');
      const id = await savePermission(db, request, request.body);
      return okEnvelope({ id }, request.body.id === undefined ? '权限已新建' : '权限已保存');
    },
  );

  app.post(
    local(Paths.permissionEnable),
    { schema: PermissionSchemas.enable, config: { right: Right.buttons([[PERMISSIONS, 'enable']]) } },
    async (request) => {
      await enablePermission(db, request, request.body.id, request.body.enable);
      return okEnvelope(null, request.body.enable ? '权限已启用' : '权限已停用');
    },
  );

  app.delete(
    local(Paths.permission),
    { schema: PermissionSchemas.remove, config: { right: Right.buttons([[PERMISSIONS, 'delete']]) } },
    async (request) => {
      await deletePermission(db, request, request.query.id);
      return okEnvelope(null, '权限已删除');
    },
  );

  app.get(
    local(Paths.permissionGroupPageList),
    { schema: PermissionSchemas.groupPageList, config: { right: Right.pages(GROUPS) } },
    async (request) => okEnvelope(await pageGroups(db, request.query)),
  );

  // Also 角色管理's: its rights dialog offers the enabled groups.
  app.get(
    local(Paths.permissionGroupList),
    { schema: PermissionSchemas.groupList, config: { right: Right.pages(GROUPS, Page.roleManagement) } },
    async () => okEnvelope(await listGroups(db)),
  );

  app.post(
    local(Paths.permissionGroup),
    {
      schema: PermissionSchemas.groupSave,
      config: {
        right: Right.buttons([
          [GROUPS, 'add'],
          [GROUPS, 'edit'],
        ]),
      },
    },
    async (request) => {
      await requireButton(db, request, GROUPS, request.body.id === undefined ? 'add' : 'edit');
      const id = await saveGroup(db, request, request.body);
      return okEnvelope({ id }, request.body.id === undefined ? '权限组已新建' : '权限组已保存');
    },
  );

  app.post(
    local(Paths.permissionGroupEnable),
    { schema: PermissionSchemas.groupEnable, config: { right: Right.buttons([[GROUPS, 'enable']]) } },
    async (request) => {
      await enableGroup(db, request, request.body.id, request.body.enable);
      return okEnvelope(null, request.body.enable ? '权限组已启用' : '权限组已停用');
    },
  );

  app.delete(
    local(Paths.permissionGroup),
    { schema: PermissionSchemas.groupRemove, config: { right: Right.buttons([[GROUPS, 'delete']]) } },
    async (request) => {
      await deleteGroup(db, request, request.query.id);
      return okEnvelope(null, '权限组已删除');
    },
  );

  app.post(
    local(Paths.permissionGroupApply),
    { schema: PermissionSchemas.applyGroup, config: { right: Right.buttons([[Page.roleManagement, 'edit']]) } },
    async (request) => {
      const added = await applyGroup(db, request, await callerOf(db, request), request.body);
      return okEnvelope({ added }, added ? `已应用权限组，新增${added}项权限` : '已应用权限组，角色已包含其全部权限');
    },
  );

  app.get(
    local(Paths.globalBtnPermission),
    { schema: PermissionSchemas.globalButtons, config: { right: Right.pages(GLOBAL) } },
    async () => okEnvelope(await globalButtons(db)),
  );

  app.post(
    local(Paths.globalBtnPermission),
    { schema: PermissionSchemas.saveGlobalButtons, config: { right: Right.buttons([[GLOBAL, 'edit']]) } },
    async (request) => {
      await saveGlobalButtons(db, request, request.body);
      return okEnvelope(null, '全局按钮权限已保存');
    },
  );
}
