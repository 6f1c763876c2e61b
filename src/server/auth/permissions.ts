/**
 * Button rights on the server: a write is refused (4005) unless the user holds the page's button,
 * read from the same grants that drive the client's menus and buttons (admin: every button the
 * page knows). The client hiding a button is a convenience; this is the rule.
 *
 * holdsAnyButton answers exactly what grantsFor (admin/menus.ts) would list among the user's
 * resources, but reads only the named pages' menu rows instead of the whole menu, and parses a
 * level's grants once while their stored text stays the same: a voucher save asks it every time.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { cachedRead } from '../db/read-cache.js';
import type { AppUser } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { authOf, type SessionZt } from './guard.js';

export const Pages = {
  subject: '/accounting-management/initialization/subject',
  subjectStart: '/accounting-management/initialization/subjectstart',
  auxiliary: '/accounting-management/initialization/auxiliary',
} as const;

/** A page's href and one of its buttons. */
export type PageButton = readonly [page: string, button: string];

function parseList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

type LevelGrants = Map<string, string[]>;

/** Parsed grants by level id, with the text they were parsed from (a changed text is parsed again). */
const parsedLevels = new Map<number, { text: string; grants: LevelGrants }>();
const PARSED_LEVELS_MAX = 1000;

async function levelGrants(db: Db, levelId: number | null): Promise<LevelGrants> {
  if (levelId === null) return new Map();
  const level = await db.kysely
    .selectFrom('user_level')
    .select(['resources', 'enable'])
    .where('id', '=', levelId)
    .executeTakeFirst();
  if (!level?.enable) return new Map();
  const known = parsedLevels.get(levelId);
  if (known?.text === level.resources) return known.grants;
  const parsed = JSON.parse(level.resources) as { href: string; resourceList: string[] }[];
  const grants: LevelGrants = new Map(parsed.map((r) => [r.href, r.resourceList]));
  if (parsedLevels.size >= PARSED_LEVELS_MAX) parsedLevels.clear();
  parsedLevels.set(levelId, { text: level.resources, grants });
  return grants;
}

/**
 * Whether the user holds at least one of the buttons in the session's set; on SQLite from the
 * cache while no menu, level, user or session row has been written since (db/read-cache.ts).
 */
export function holdsAnyButton(db: Db, user: AppUser, zt: SessionZt | null, buttons: readonly PageButton[]): Promise<boolean> {
  const key = `buttons:${user.is_admin}:${zt?.levelId ?? ''}:${buttons.map(([page, button]) => `${page}#${button}`).join('|')}`;
  return cachedRead(db, 'access', key, () => readHoldsAnyButton(db, user, zt, buttons));
}

async function readHoldsAnyButton(db: Db, user: AppUser, zt: SessionZt | null, buttons: readonly PageButton[]): Promise<boolean> {
  const hrefs = [...new Set(buttons.map(([page]) => page))];
  if (hrefs.length === 0) return false;
  // The named pages, enabled, and leaves among the enabled rows (a parent is a menu, not a page).
  const rows = await db.kysely
    .selectFrom('menu as m')
    .select(['m.href', 'm.buttons', 'm.admin_only'])
    .where('m.enable', '=', 1)
    .where('m.href', 'in', hrefs)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('menu as c').select('c.id').whereRef('c.parent_id', '=', 'm.id').where('c.enable', '=', 1))),
    )
    .execute();
  const pages = rows.filter((row) => !row.admin_only || user.is_admin);
  if (pages.length === 0) return false;
  const granted = user.is_admin ? null : await levelGrants(db, zt?.levelId ?? null);
  return buttons.some(([page, button]) =>
    pages.some((row) => {
      if (row.href !== page) return false;
      const list = granted ? granted.get(row.href) : parseList(row.buttons);
      return !!list && [...list].includes(button);
    }),
  );
}

export async function hasButton(db: Db, request: FastifyRequest, href: string, button: string): Promise<boolean> {
  const { user, zt } = authOf(request);
  return holdsAnyButton(db, user, zt, [[href, button]]);
}

export async function requireButton(db: Db, request: FastifyRequest, href: string, button: string): Promise<void> {
  if (!(await hasButton(db, request, href, button))) refuse('Forbidden', '没有该操作的权限');
}
