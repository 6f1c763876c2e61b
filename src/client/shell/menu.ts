/** The side menu: platMenuList filtered by granted resources (hrefs); admins see everything. */
import { ADJUSTMENT_VOUCHER_PATH } from '../../shared/financial-state.js';
import type { MenuNode, PageRoute } from '../../shared/api/auth.js';
import { moduleAreaOf, normalisePath, USER_CENTER_BASE, USER_CENTER_CHILDREN } from '../app/route-table.js';

export function filterMenu(nodes: readonly MenuNode[], granted: ReadonlySet<string>, isAdmin: boolean): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    const children = filterMenu(node.children, granted, isAdmin);
    const own = isAdmin || (node.href !== '' && granted.has(normalisePath(node.href)));
    if (children.length > 0 || (own && node.children.length === 0)) out.push({ ...node, children });
  }
  return out;
}

export function findMenuTitle(nodes: readonly MenuNode[], path: string): string | null {
  for (const node of nodes) {
    if (node.href && normalisePath(node.href) === path) return node.titleName;
    const inner = findMenuTitle(node.children, path);
    if (inner) return inner;
  }
  return null;
}

/** A tab title for a path: the menu's name, the page route's title, or a name from the route table. */
/** Titles of pages without a menu entry of their own (shell/guards.ts GRANTED_THROUGH). */
const SUB_PAGE_TITLES: Readonly<Record<string, string>> = {
  [ADJUSTMENT_VOUCHER_PATH]: '调账凭证',
};

export function titleForPath(path: string, menu: readonly MenuNode[], pageRoutes: readonly PageRoute[] | null): string {
  const wanted = normalisePath(path);
  if (wanted === '/home') return '首页';
  const fromMenu = findMenuTitle(menu, wanted);
  if (fromMenu) return fromMenu;
  const route = pageRoutes?.find((r) => normalisePath(r.path) === wanted);
  if (route?.title) return route.title;
  const subPage = SUB_PAGE_TITLES[wanted];
  if (subPage) return subPage;
  if (wanted.startsWith(`${USER_CENTER_BASE}/`)) {
    const child = USER_CENTER_CHILDREN.find((c) => c.path === wanted.slice(USER_CENTER_BASE.length + 1));
    if (child) return child.name;
  }
  return moduleAreaOf(wanted)?.name ?? wanted;
}

/** Leaves of a menu tree, in order. */
export function menuLeaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (node.children.length ? menuLeaves(node.children) : node.href ? [node] : []));
}
