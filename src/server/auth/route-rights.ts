/**
 * Rights on every call. Besides its access level (auth/guard.ts), every API route declares in its
 * config the right it needs, and this hook (registered after the guard) refuses a call without it
 * (4005) before its parameters are validated and the handler runs:
 *   right: 'none'                       nothing beyond the access level (sign-in, the menu, the set)
 *   right: { pages: [href, ...] }       a read: any of the pages whose screens make the call
 *   right: { buttons: [[href, b], ...] } a write: any of the buttons (the union where the body
 *                                        decides; the handler then refines with requireAnyButton,
 *                                        answered from what this hook read)
 * A route that declares nothing is refused: a call added without thinking of its right stays
 * closed (and the route-rights test names it). Pages and buttons are the menu catalogue's
 * (admin/menu-catalogue.ts), held as the client's menus and buttons are (auth/permissions.ts).
 */
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../../shared/api/paths.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { authOf, type Access } from './guard.js';
import { heldButtons, holdsAnyPage, requireOpenPlatform, type PageButton } from './permissions.js';

export type RouteRight = 'none' | { readonly pages: readonly string[] } | { readonly buttons: readonly PageButton[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    right?: RouteRight;
  }
}

/** The declared forms of a page or a button right ('none' is written as it is). */
export const Right = {
  pages: (...pages: readonly string[]): RouteRight => ({ pages }),
  buttons: (...buttons: readonly (readonly PageButton[])[]): RouteRight => ({ buttons: buttons.flat() }),
} as const;

/** The options of a route on the session's ledger set that needs the right. */
export function onLedger(right: RouteRight): { config: { access: 'zt'; right: RouteRight } } {
  return { config: { access: 'zt', right } };
}

export function installRouteRights(app: FastifyInstance, db: Db): void {
  app.decorateRequest('routeButtons', null);

  app.addHook('preValidation', async (request) => {
    if (request.is404 || !isApiPath(request.routeOptions.url ?? '')) return;
    const { access = 'session', right }: { access?: Access; right?: RouteRight } = request.routeOptions.config;
    if (access === 'public') return;
    if (right === undefined) refuse('Forbidden', '该接口未声明所需权限，已拒绝');
    if (right === 'none') return;
    const { user, zt } = authOf(request);
    if ('pages' in right) {
      if (await holdsAnyPage(db, user, zt, right.pages)) return;
      await requireOpenPlatform(db, zt, right.pages);
      refuse('Forbidden', '没有该页面的权限');
    }
    const held = await heldButtons(db, user, zt, right.buttons);
    if (held.length === 0) {
      await requireOpenPlatform(
        db,
        zt,
        right.buttons.map(([page]) => page),
      );
      refuse('Forbidden', '没有该操作的权限');
    }
    request.routeButtons = { declared: right.buttons, held };
  });
}
