/** Which pages, menus and buttons a user has in the session's ledger set. */
import type { MenuNode, PageRoute, ResourceItem } from '../../shared/api/auth.js';
import type { Db } from '../db/database.js';
import type { AppUser, MenuRow } from '../db/schema.js';
import type { SessionZt } from '../auth/guard.js';
import { buttonsOn, buttonSwitches } from '../rights/button-switches.js';
import { closedPages } from '../platform/closed-pages.js';

export interface Grants {
  resources: ResourceItem[];
  menus: MenuNode[];
}

function parseList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

async function levelGrants(db: Db, levelId: number | null): Promise<Map<string, string[]>> {
  if (levelId === null) return new Map();
  const level = await db.kysely
    .selectFrom('user_level')
    .select(['resources', 'enable'])
    .where('id', '=', levelId)
    .executeTakeFirst();
  if (!level?.enable) return new Map();
  const parsed = JSON.parse(level.resources) as { href: string; resourceList: string[] }[];
  return new Map(parsed.map((r) => [r.href, r.resourceList]));
}

export async function grantsFor(db: Db, user: AppUser, zt: SessionZt | null): Promise<Grants> {
  const enabled: MenuRow[] = await db.kysely.selectFrom('menu').selectAll().where('enable', '=', 1).orderBy('sort').execute();
  // Groups of a platform the set lacks (or a disabled one) leave the menu, as the server refuses their pages.
  const closed = zt ? await closedPages(db, zt.id) : null;
  const rows = closed ? enabled.filter((r) => !closed.has(r.href)) : enabled;
  const granted = user.is_admin ? null : await levelGrants(db, zt?.levelId ?? null);
  const switches = await buttonSwitches(db);
  const parentIds = new Set(rows.map((r) => r.parent_id).filter((id): id is number => id !== null));
  const resources: ResourceItem[] = [];
  const grantedIds = new Set<number>();
  for (const row of rows) {
    if (parentIds.has(row.id)) continue;
    const buttons = granted ? granted.get(row.href) : parseList(row.buttons);
    if (!buttons || (row.admin_only && !user.is_admin)) continue;
    resources.push({ href: row.href, titleName: row.title_name, resourceList: buttonsOn(switches, row.href, buttons) });
    grantedIds.add(row.id);
  }
  const node = (row: MenuRow): MenuNode => ({
    id: row.id,
    href: row.href,
    titleName: row.title_name,
    icon: row.icon,
    children: rows.filter((c) => c.parent_id === row.id && (grantedIds.has(c.id) || parentIds.has(c.id))).map(node),
  });
  const menus = rows
    .filter((r) => r.parent_id === null)
    .map(node)
    .filter((m) => m.children.length > 0 || grantedIds.has(m.id));
  return { resources, menus };
}

export function pageRoutes(resources: readonly ResourceItem[]): PageRoute[] {
  return resources.map((r) => ({
    path: r.href,
    name: r.href.split('/').pop() ?? r.href,
    title: r.titleName,
    resourceList: r.resourceList,
  }));
}

export function isUserCenter(href: string): boolean {
  return href.startsWith('/user-center');
}
