/**
 * Which menus a ledger set cannot use for want of a platform (平台管理): every menu row under a
 * group that belongs to a platform the set lacks or that is disabled. The menu (admin/menus.ts)
 * leaves them out and the server's rights (auth/permissions.ts) hold none of them, from this one
 * answer. Groups of no platform (the user center) are never closed.
 */
import type { Db } from '../db/database.js';
import { cachedRead } from '../db/read-cache.js';

export interface ClosedPlatform {
  name: string;
  /** True when the platform is disabled (for every set); false when the set lacks it. */
  disabled: boolean;
}

const NONE: ReadonlyMap<string, ClosedPlatform> = new Map();

/** Closed menu hrefs (groups and every page under them) of the set, with the platform closing each. */
export function closedPages(db: Db, ztId: number): Promise<ReadonlyMap<string, ClosedPlatform>> {
  return cachedRead(db, 'access', `platforms:${ztId}`, async (q) => {
    // One query (on PostgreSQL every call asks): a menu row with the closed platform holding it or
    // its group. The menu has two levels, groups and their pages (admin/menu-catalogue.ts).
    const held = q.selectFrom('zt_platform as zp').select('zp.platform_id').where('zp.zt_id', '=', ztId);
    const rows = await q
      .selectFrom('menu as m')
      .leftJoin('menu as g', 'g.id', 'm.parent_id')
      .innerJoin('platform_menu as pm', (j) =>
        j.on((eb) => eb.or([eb('pm.menu_href', '=', eb.ref('m.href')), eb('pm.menu_href', '=', eb.ref('g.href'))])),
      )
      .innerJoin('platform as p', 'p.id', 'pm.platform_id')
      .select(['m.href', 'p.name', 'p.enable'])
      .where((eb) => eb.or([eb('p.enable', '=', 0), eb('p.id', 'not in', held)]))
      .execute();
    if (rows.length === 0) return NONE;
    return new Map(rows.map((r) => [r.href, { name: r.name, disabled: !r.enable }]));
  });
}

/** The refusal's words for a page of a closed platform. */
export function closedMessage(platform: ClosedPlatform): string {
  return platform.disabled ? `${platform.name}平台已停用` : `本账套未开通${platform.name}平台`;
}
