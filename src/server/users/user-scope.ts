/**
 * Which users an administrator manages (issue 18 §2): the super administrator every user; an
 * administrator of a subtree (admin/scope.ts) the users whose home unit is in that subtree. A super
 * administrator (is_admin) is managed by a super administrator only, on the super-user page. The
 * buttons a write needs follow the target: an ordinary user's on 用户管理 or 操作员管理, a super
 * administrator's on 超级用户.
 */
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { requireAnyButton, type PageButton } from '../auth/permissions.js';
import { requestScope, scopeHolds, type ManagedScope } from '../admin/scope.js';
import type { Db } from '../db/database.js';
import type { AppUserRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';

export const USER_PAGES = [Page.userManagement, Page.operatorManagement, Page.superUser] as const;

export type UserButton = 'add' | 'edit' | 'delete' | 'enable' | 'resetPassword';

/** The buttons a route declares: the union of the pages' (the handler refines by its target). */
export function userButtons(button: UserButton): PageButton[] {
  const ordinary: PageButton[] = [
    [Page.userManagement, button],
    [Page.operatorManagement, button],
  ];
  const superButton = superUserButton(button);
  return superButton ? [...ordinary, [Page.superUser, superButton]] : ordinary;
}

/** The super-user page knows add, edit and resetPassword; enabling a super administrator is an edit; none is deleted. */
function superUserButton(button: UserButton): string | null {
  if (button === 'delete') return null;
  return button === 'enable' ? 'edit' : button;
}

export interface UserScope {
  scope: ManagedScope;
  isSuper: boolean;
  selfId: number;
}

export async function userScopeOf(db: Db, request: FastifyRequest): Promise<UserScope> {
  const { user } = authOf(request);
  return { scope: await requestScope(db, request), isSuper: !!user.is_admin, selfId: user.id };
}

export function managesUser(ctx: UserScope, target: Pick<AppUserRow, 'is_admin' | 'home_zt_id'>): boolean {
  if (target.is_admin) return ctx.isSuper;
  if (ctx.scope.all) return true;
  return target.home_zt_id !== null && scopeHolds(ctx.scope, target.home_zt_id);
}

/** The user with that id when the request's user manages it: else 4005 (4015 when there is none). */
export async function managedUser(db: Db, request: FastifyRequest, id: number): Promise<AppUserRow> {
  const target = await db.kysely.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
  if (!target) refuse('NotFound', '用户不存在或已被删除');
  if (!managesUser(await userScopeOf(db, request), target)) refuse('Forbidden', '无权管理该用户');
  return target;
}

/** The button the write needs on the target's own page. */
export async function requireUserButton(db: Db, request: FastifyRequest, isAdmin: boolean, button: UserButton): Promise<void> {
  if (!isAdmin)
    return requireAnyButton(
      db,
      request,
      userButtons(button).filter(([page]) => page !== Page.superUser),
    );
  const superButton = superUserButton(button);
  if (!superButton) refuse('BusinessRule', '超级管理员不能删除；如不再使用，请停用');
  await requireAnyButton(db, request, [[Page.superUser, superButton]]);
}
