/**
 * Who administers rights, and over what (issue 18 §3). Roles are of two kinds:
 * - roles of the whole installation (owner_zt_id null: the seeded 会计, 审核, 出纳, 管理员 and the
 *   ones the super administrator makes): every administrator sees and grants them, only the super
 *   administrator edits them; a county administrator changing a role used province-wide would
 *   change other units' rights;
 * - roles of a unit (owner_zt_id a set): made by the administrator of that unit's subtree, edited
 *   by any administrator whose scope holds the owner, granted only in the owner's subtree.
 * A subtree administrator gives a role only pages and buttons it holds itself (no escalation), and
 * never changes its own grants.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { AppUser, UserLevel } from '../db/schema.js';
import { authOf } from '../auth/guard.js';
import { grantsFor } from '../admin/menus.js';
import { requestScope, scopeHolds, subtreeOf, type ManagedScope } from '../admin/scope.js';
import { refuse } from '../http/app-error.js';

export interface Caller {
  user: AppUser;
  scope: ManagedScope;
  isSuper: boolean;
  /** The set a new role of this caller belongs to (its session's set); null for the super administrator. */
  ownerZtId: number | null;
}

export async function callerOf(db: Db, request: FastifyRequest): Promise<Caller> {
  const { user, zt } = authOf(request);
  const scope = await requestScope(db, request);
  const isSuper = !!user.is_admin;
  return { user, scope, isSuper, ownerZtId: isSuper ? null : (zt?.id ?? null) };
}

/** Whether the caller sees the role: installation roles and the roles of units in its scope. */
export function seesRole(caller: Caller, role: Pick<UserLevel, 'owner_zt_id'>): boolean {
  return role.owner_zt_id === null || scopeHolds(caller.scope, role.owner_zt_id);
}

/** Whether the caller may change the role (its name, pages, flags, order) or delete it. */
export function editsRole(caller: Caller, role: Pick<UserLevel, 'owner_zt_id'>): boolean {
  if (caller.isSuper) return true;
  return role.owner_zt_id !== null && scopeHolds(caller.scope, role.owner_zt_id);
}

export async function findRole(db: Db, id: number): Promise<UserLevel> {
  const role = await db.kysely.selectFrom('user_level').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) refuse('NotFound', '角色不存在');
  return role;
}

/** The role the caller may change, or a refusal that says why not. */
export async function editableRole(db: Db, caller: Caller, id: number): Promise<UserLevel> {
  const role = await findRole(db, id);
  if (!seesRole(caller, role)) refuse('NotFound', '角色不存在');
  if (!editsRole(caller, role)) refuse('Forbidden', `角色“${role.name}”为全系统角色，只有超级管理员可以修改`);
  return role;
}

/** The pages (leaves of the enabled menu) and buttons the caller may put in a role. */
export async function grantablePages(
  db: Db,
  request: FastifyRequest,
): Promise<Map<string, { title: string; buttons: string[] }>> {
  const { user, zt } = authOf(request);
  const rows = await db.kysely.selectFrom('menu').selectAll().where('enable', '=', 1).orderBy('sort').execute();
  const parents = new Set(rows.map((r) => r.parent_id).filter((id): id is number => id !== null));
  const held = user.is_admin ? null : new Map((await grantsFor(db, user, zt)).resources.map((r) => [r.href, r.resourceList]));
  const out = new Map<string, { title: string; buttons: string[] }>();
  for (const row of rows) {
    // A role never grants the super administrator's own pages.
    if (parents.has(row.id) || row.admin_only) continue;
    const known = JSON.parse(row.buttons) as string[];
    if (!held) {
      out.set(row.href, { title: row.title_name, buttons: known });
      continue;
    }
    const mine = held.get(row.href);
    if (mine) out.set(row.href, { title: row.title_name, buttons: known.filter((b) => mine.includes(b)) });
  }
  return out;
}

/** Whether the role may be granted in the set: an installation role anywhere, a unit's role in its subtree. */
export function roleReaches(role: Pick<UserLevel, 'owner_zt_id'>, ztId: number, sets: { id: number; upper_id: number | null }[]) {
  return role.owner_zt_id === null || subtreeOf(role.owner_zt_id, sets).has(ztId);
}
