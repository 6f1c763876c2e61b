/**
 * Whose administration reaches where (issue 18 §3): the super administrator (is_admin) manages
 * every ledger set; anyone else manages the subtree of the set the session is in (the set and
 * every set under it by upper unit), when the role held there grants a user-center page that is
 * not the super administrator's alone. A county federation's administrator signs in to the
 * county's set and manages its unions, and nothing beside or above it.
 *
 * Every user-center route checks each set id it is given with requireManagedSet (and lists only
 * sets in the scope); the route's declared right (auth/route-rights.ts) says which page or button.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { AppUser } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { authOf, type SessionZt } from '../auth/guard.js';
import { holdsAnyPage } from '../auth/permissions.js';
import { USER_CENTER_PAGES } from './menu-catalogue.js';

export type ManagedScope =
  { readonly all: true } | { readonly all: false; readonly rootId: number | null; readonly ids: ReadonlySet<number> };

const GRANTABLE_PAGES = USER_CENTER_PAGES.filter((p) => !p.adminOnly).map((p) => p.href);

/** A set and every set under it, from (id, upper id) pairs. */
export function subtreeOf(rootId: number, sets: readonly { id: number; upper_id: number | null }[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const set of sets) {
    if (set.upper_id === null) continue;
    const list = children.get(set.upper_id) ?? [];
    list.push(set.id);
    children.set(set.upper_id, list);
  }
  const out = new Set<number>([rootId]);
  const queue = [rootId];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const child of children.get(next) ?? []) {
      // A cycle in the stored tree must not loop forever (the tree's own checks prevent one).
      if (out.has(child)) continue;
      out.add(child);
      queue.push(child);
    }
  }
  return out;
}

export async function managedScope(db: Db, user: AppUser, zt: SessionZt | null): Promise<ManagedScope> {
  if (user.is_admin) return { all: true };
  if (!zt || !(await holdsAnyPage(db, user, zt, GRANTABLE_PAGES))) return { all: false, rootId: null, ids: new Set() };
  const sets = await db.kysely.selectFrom('zt_info').select(['id', 'upper_id']).execute();
  return { all: false, rootId: zt.id, ids: subtreeOf(zt.id, sets) };
}

export function scopeHolds(scope: ManagedScope, ztId: number): boolean {
  return scope.all || scope.ids.has(ztId);
}

/** The scope of the request's user (read once per request). */
export function requestScope(db: Db, request: FastifyRequest): Promise<ManagedScope> {
  const cached = scopes.get(request);
  if (cached) return cached;
  const { user, zt } = authOf(request);
  const scope = managedScope(db, user, zt);
  scopes.set(request, scope);
  return scope;
}
const scopes = new WeakMap<FastifyRequest, Promise<ManagedScope>>();

/** Refuses (4005) unless every set named is in the user's scope. */
export async function requireManagedSets(db: Db, request: FastifyRequest, ztIds: readonly number[]): Promise<void> {
  const scope = await requestScope(db, request);
  if (!ztIds.every((id) => scopeHolds(scope, id))) refuse('Forbidden', '无权管理该账套');
}
