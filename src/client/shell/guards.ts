/**
 * Route guards (spec doc 1 section 2 and 6): a logged-out user on a login-required route goes to
 * /; an unknown path goes to /404; a path the user has no right to (not granted, not /home) goes
 * to /403. Pure: the guard component feeds it the session and carries out the decision.
 */
import type { AuthInfo, FinancialMenuResponse, PageRoute } from '../../shared/api/auth.js';
import { ADJUSTMENT_VOUCHER_PATH, TRANSITION_PATH } from '../../shared/financial-state.js';
import { matchesPattern, normalisePath, routeKind } from '../app/route-table.js';

export interface GuardSession {
  token: string | null;
  isAdmin: boolean;
  authInfo: Pick<AuthInfo, 'ztId' | 'resources'> | null;
  pageRoutes: readonly Pick<PageRoute, 'path'>[] | null;
  menu: Pick<FinancialMenuResponse, 'resources'> | null;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'load-permissions' };

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Every path the user was granted: page routes, menu resources and the auth-info resources. */
export function grantedPaths(session: GuardSession): string[] {
  const paths = new Set<string>();
  for (const route of session.pageRoutes ?? []) paths.add(normalisePath(route.path));
  for (const item of session.menu?.resources ?? []) paths.add(normalisePath(item.href));
  for (const item of session.authInfo?.resources.financial ?? []) paths.add(normalisePath(item.href));
  for (const item of session.authInfo?.resources.usercenter ?? []) paths.add(normalisePath(item.href));
  return [...paths];
}

/**
 * Pages without a menu entry of their own, reached by the holders of another page (its sub-pages): the transition's
 * adjustment-voucher editor by the worksheet's.
 */
export const GRANTED_THROUGH: Readonly<Record<string, string>> = {
  [ADJUSTMENT_VOUCHER_PATH]: TRANSITION_PATH,
};

export function isGranted(session: GuardSession, path: string): boolean {
  if (session.isAdmin) return true;
  const wanted = normalisePath(path);
  const through = GRANTED_THROUGH[wanted];
  return grantedPaths(session).some((granted) => granted === wanted || granted === through || matchesPattern(granted, wanted));
}

export function guardRoute(rawPath: string, session: GuardSession): GuardDecision {
  const path = normalisePath(rawPath);
  const kind = routeKind(path);
  if (kind === 'unknown') return redirect('/404');
  if (kind === 'sign-in' || kind === 'public') return allow;
  if (!session.token) return redirect('/');
  if (kind === 'selecting') return allow;
  const hasLedgerSet = session.authInfo?.ztId != null;
  if (kind === 'user-center' && !hasLedgerSet) {
    // An administrator may need the user center before any ledger set exists.
    return session.isAdmin ? allow : redirect('/selecting');
  }
  if (!hasLedgerSet) return redirect('/selecting');
  if (session.pageRoutes === null || session.menu === null) return { kind: 'load-permissions' };
  if (kind === 'home') return allow;
  return isGranted(session, path) ? allow : redirect('/403');
}
