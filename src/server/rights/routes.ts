/**
 * Rights calls of the user center (registered under /userCenter and /usercenter): roles and their
 * pages and buttons (角色管理), the role each user holds per ledger set and the voucher categories
 * there (角色管理 and 用户管理's 授权). Session routes: they act on roles, users and sets named by
 * id, each checked against the caller's scope (admin/scope.ts, rights/caller.ts).
 */
import { Paths } from '../../shared/api/paths.js';
import { RightsSchemas, type CatalogueNode } from '../../shared/api/schemas/rights.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { Page } from '../auth/pages.js';
import { requireButton } from '../auth/permissions.js';
import { Right } from '../auth/route-rights.js';
import { MENU_CATALOGUE } from '../admin/menu-catalogue.js';
import { buttonIsOn, buttonSwitches } from './button-switches.js';
import { callerOf, grantablePages } from './caller.js';
import { enableMenu, liftMenu, menuTree, sortMenus } from './menu-admin.js';
import { saveUserGrants, saveUserPzTypes, userGrants, userIdOfLogin, userPzTypes } from './grants.js';
import {
  deleteRole,
  enableRole,
  listRoles,
  pageRoles,
  recommendRole,
  roleDetail,
  saveRole,
  saveRoleResources,
  sortRoles,
} from './roles.js';

const local = (path: string) => path.slice('/userCenter'.length);
const ROLES = Page.roleManagement;
/** The pages whose screens grant roles to users: 角色管理 and 用户管理. */
const GRANTING = [Page.roleManagement, Page.userManagement] as const;

export function rightsRoutes(app: App, db: Db): void {
  app.get(local(Paths.rolePageList), { schema: RightsSchemas.pageList, config: { right: Right.pages(ROLES) } }, async (request) =>
    okEnvelope(await pageRoles(db, await callerOf(db, request), request.query)),
  );

  app.get(local(Paths.userLevelList), { schema: RightsSchemas.list, config: { right: Right.pages(ROLES) } }, async (request) =>
    okEnvelope(await listRoles(db, await callerOf(db, request))),
  );

  app.get(`${local(Paths.role)}/:id`, { schema: RightsSchemas.role, config: { right: Right.pages(ROLES) } }, async (request) =>
    okEnvelope(await roleDetail(db, await callerOf(db, request), request.params.id)),
  );

  app.post(
    local(Paths.role),
    {
      schema: RightsSchemas.save,
      config: {
        right: Right.buttons([
          [ROLES, 'add'],
          [ROLES, 'edit'],
        ]),
      },
    },
    async (request) => {
      await requireButton(db, request, ROLES, request.body.id === undefined ? 'add' : 'edit');
      const id = await saveRole(db, request, await callerOf(db, request), request.body);
      return okEnvelope({ id }, request.body.id === undefined ? '角色已新建' : '角色已保存');
    },
  );

  app.post(
    local(Paths.roleEnable),
    { schema: RightsSchemas.enable, config: { right: Right.buttons([[ROLES, 'enable']]) } },
    async (request) => {
      await enableRole(db, request, await callerOf(db, request), request.body.id, request.body.enable);
      return okEnvelope(null, request.body.enable ? '角色已启用' : '角色已停用');
    },
  );

  app.post(
    `${local(Paths.roleSaveRecommend)}/:id`,
    { schema: RightsSchemas.recommend, config: { right: Right.buttons([[ROLES, 'edit']]) } },
    async (request) => {
      await recommendRole(db, request, await callerOf(db, request), request.params.id, request.body.isRecommend);
      return okEnvelope(null, request.body.isRecommend ? '已设为推荐角色' : '已取消推荐');
    },
  );

  app.delete(
    local(Paths.role),
    { schema: RightsSchemas.remove, config: { right: Right.buttons([[ROLES, 'delete']]) } },
    async (request) => {
      await deleteRole(db, request, await callerOf(db, request), request.query.id);
      return okEnvelope(null, '角色已删除');
    },
  );

  app.post(
    local(Paths.roleSaveResources),
    { schema: RightsSchemas.saveResources, config: { right: Right.buttons([[ROLES, 'edit']]) } },
    async (request) => {
      await saveRoleResources(db, request, await callerOf(db, request), request.body);
      return okEnvelope(null, '角色权限已保存');
    },
  );

  app.post(
    local(Paths.userLevelSaveSort),
    { schema: RightsSchemas.saveSort, config: { right: Right.buttons([[ROLES, 'edit']]) } },
    async (request) => {
      await sortRoles(db, request, await callerOf(db, request), request.body.ids);
      return okEnvelope(null, '顺序已保存');
    },
  );

  app.get(
    local(Paths.roleCatalogue),
    { schema: RightsSchemas.catalogue, config: { right: Right.pages(ROLES) } },
    async (request) => {
      const grantable = await grantablePages(db, request);
      const switches = await buttonSwitches(db);
      const node = (seed: (typeof MENU_CATALOGUE)[number]): CatalogueNode | null => {
        const children = (seed.children ?? []).map(node).filter((n): n is CatalogueNode => n !== null);
        const page = grantable.get(seed.href);
        if (children.length === 0 && !page) return null;
        const offButtons = page ? (seed.buttons ?? []).filter((b) => !buttonIsOn(switches, seed.href, b)) : [];
        return { href: seed.href, titleName: page?.title ?? seed.titleName, buttons: page?.buttons ?? [], offButtons, children };
      };
      return okEnvelope(MENU_CATALOGUE.map(node).filter((n): n is CatalogueNode => n !== null));
    },
  );

  app.get(
    local(Paths.userLevelSelect),
    { schema: RightsSchemas.select, config: { right: Right.pages(...GRANTING) } },
    async (request) => {
      const roles = (await listRoles(db, await callerOf(db, request))).filter((r) => r.enable);
      // Recommended roles first, then in the roles' order.
      roles.sort((a, b) => Number(b.isRecommend) - Number(a.isRecommend));
      return okEnvelope(roles.map(({ id, code, name, isRecommend, ownerZtId }) => ({ id, code, name, isRecommend, ownerZtId })));
    },
  );

  app.get(
    `${local(Paths.userZtLevelInfo)}/:id`,
    { schema: RightsSchemas.grants, config: { right: Right.pages(...GRANTING) } },
    async (request) => okEnvelope(await userGrants(db, await callerOf(db, request), request.params.id)),
  );

  app.get(
    local(Paths.userZtLevelInfo),
    { schema: RightsSchemas.grantsByLogin, config: { right: Right.pages(...GRANTING) } },
    async (request) => {
      const caller = await callerOf(db, request);
      return okEnvelope(await userGrants(db, caller, await userIdOfLogin(db, request.query.loginName)));
    },
  );

  app.post(
    local(Paths.userZtLevelInfo),
    { schema: RightsSchemas.saveGrants, config: { right: Right.buttons(GRANTING.map((p) => [p, 'grant'] as const)) } },
    async (request) => {
      await saveUserGrants(db, request, await callerOf(db, request), request.body);
      return okEnvelope(null, '授权已保存');
    },
  );

  app.get(
    `${local(Paths.userZtLevelInfoForPzType)}/:id`,
    { schema: RightsSchemas.pzTypes, config: { right: Right.pages(...GRANTING) } },
    async (request) => okEnvelope(await userPzTypes(db, await callerOf(db, request), request.params.id, request.query.ztId)),
  );

  app.post(
    local(Paths.saveUserZtLevelInfoForPzType),
    { schema: RightsSchemas.savePzTypes, config: { right: Right.buttons(GRANTING.map((p) => [p, 'grant'] as const)) } },
    async (request) => {
      await saveUserPzTypes(db, request, await callerOf(db, request), request.body);
      return okEnvelope(null, '凭证类别权限已保存');
    },
  );

  const MENUS = Page.menuManagement;
  app.get(local(Paths.menuTreeList), { schema: RightsSchemas.menuTree, config: { right: Right.pages(MENUS) } }, async () =>
    okEnvelope(await menuTree(db)),
  );

  app.post(
    local(Paths.menuEnable),
    { schema: RightsSchemas.menuEnable, config: { right: Right.buttons([[MENUS, 'enable']]) } },
    async (request) => {
      await enableMenu(db, request, request.body.id, request.body.enable);
      return okEnvelope(null, request.body.enable ? '菜单已启用' : '菜单已停用');
    },
  );

  app.post(
    local(Paths.menuSaveSort),
    { schema: RightsSchemas.menuSaveSort, config: { right: Right.buttons([[MENUS, 'sort']]) } },
    async (request) => {
      await sortMenus(db, request, request.body.ids);
      return okEnvelope(null, '顺序已保存');
    },
  );

  app.post(
    local(Paths.menuLift),
    { schema: RightsSchemas.menuLift, config: { right: Right.buttons([[MENUS, 'sort']]) } },
    async (request) => {
      await liftMenu(db, request, request.body.id);
      return okEnvelope(null, '已上移');
    },
  );
}
