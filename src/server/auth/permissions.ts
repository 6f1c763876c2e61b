/**
 * Page and button rights on the server, read from the same grants that drive the client's menus
 * and buttons (admin: every page, and every button the page knows). A page is held when the
 * user's level grants it (with any buttons, or none); a button when the level grants it on its
 * page. The client hiding a button is a convenience; this is the rule. Every route declares the
 * right it needs (auth/route-rights.ts), checked once per request before its handler.
 *
 * The answers equal what grantsFor (admin/menus.ts) lists among the user's resources, but read only
 * the named pages' menu rows instead of the whole menu, and parse a level's grants once while
 * their stored text stays the same: a voucher save asks every time.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { cachedRead } from '../db/read-cache.js';
import type { AppUser } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { buttonIsOn, buttonSwitches } from '../rights/button-switches.js';
import { closedMessage, closedPages } from '../platform/closed-pages.js';
import { authOf, type SessionZt } from './guard.js';
import { Page } from './pages.js';

/** The pages the subject, opening and auxiliary routes name (auth/pages.ts has them all). */
export const Pages = {
  subject: Page.subject,
  subjectStart: Page.subjectStart,
  auxiliary: Page.auxiliary,
} as const;

/** A page's href and one of its buttons. */
export type PageButton = readonly [page: string, button: string];

/** The buttons a route declared and those of them the user holds, answered once per request. */
export interface RouteButtons {
  declared: readonly PageButton[];
  held: readonly PageButton[];
}

declare module 'fastify' {
  interface FastifyRequest {
    routeButtons: RouteButtons | null;
  }
}

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

/** The named pages the user holds, each with the buttons held there. */
async function readHeldPages(
  db: Db,
  user: AppUser,
  zt: SessionZt | null,
  hrefs: readonly string[],
): Promise<Map<string, readonly string[]>> {
  const held = new Map<string, readonly string[]>();
  if (hrefs.length === 0) return held;
  // The named pages, enabled, and leaves among the enabled rows (a parent is a menu, not a page).
  const rows = await db.kysely
    .selectFrom('menu as m')
    .select(['m.href', 'm.buttons', 'm.admin_only'])
    .where('m.enable', '=', 1)
    .where('m.href', 'in', [...new Set(hrefs)])
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('menu as c').select('c.id').whereRef('c.parent_id', '=', 'm.id').where('c.enable', '=', 1))),
    )
    .execute();
  // A page of a platform the set lacks (or a disabled one) is held by nobody there (platform/closed-pages.ts).
  const closed = zt ? await closedPages(db, zt.id) : null;
  const pages = rows.filter((row) => (!row.admin_only || user.is_admin) && !closed?.has(row.href));
  if (pages.length === 0) return held;
  const granted = user.is_admin ? null : await levelGrants(db, zt?.levelId ?? null);
  for (const row of pages) {
    const list = granted ? granted.get(row.href) : parseList(row.buttons);
    if (list) held.set(row.href, [...(held.get(row.href) ?? []), ...list]);
  }
  return held;
}

/** The text of a list of pages or buttons, kept per list: a route asks with the same list on every call. */
const listTexts = new WeakMap<readonly unknown[], string>();
function listText(list: readonly string[] | readonly PageButton[]): string {
  let text = listTexts.get(list);
  if (text === undefined) {
    text = list.map((item) => (typeof item === 'string' ? item : `${item[0]}#${item[1]}`)).join('|');
    listTexts.set(list, text);
  }
  return text;
}

const keyOf = (user: AppUser, zt: SessionZt | null, list: readonly string[] | readonly PageButton[]) =>
  `${user.is_admin}:${zt?.id ?? ''}:${zt?.levelId ?? ''}:${listText(list)}`;

/**
 * The buttons among those named that the user holds in the session's set; on SQLite from the
 * cache while no menu, level, user or session row has been written since (db/read-cache.ts).
 */
export function heldButtons(
  db: Db,
  user: AppUser,
  zt: SessionZt | null,
  buttons: readonly PageButton[],
): Promise<readonly PageButton[]> {
  return cachedRead(db, 'access', `buttons:${keyOf(user, zt, buttons)}`, async () => {
    const pages = await readHeldPages(
      db,
      user,
      zt,
      buttons.map(([page]) => page),
    );
    const switches = await buttonSwitches(db);
    // A button switched off (rights/button-switches.ts) is held by nobody, the super administrator included.
    return buttons.filter(([page, button]) => (pages.get(page)?.includes(button) ?? false) && buttonIsOn(switches, page, button));
  });
}

/** Whether the user holds at least one of the buttons in the session's set. */
export async function holdsAnyButton(
  db: Db,
  user: AppUser,
  zt: SessionZt | null,
  buttons: readonly PageButton[],
): Promise<boolean> {
  return (await heldButtons(db, user, zt, buttons)).length > 0;
}

/** Whether the user holds at least one of the pages in the session's set (cached as heldButtons is). */
export function holdsAnyPage(db: Db, user: AppUser, zt: SessionZt | null, pages: readonly string[]): Promise<boolean> {
  return cachedRead(
    db,
    'access',
    `pages:${keyOf(user, zt, pages)}`,
    async () => (await readHeldPages(db, user, zt, pages)).size > 0,
  );
}

/**
 * Refuses (4005) naming the platform when every page named belongs to a platform the session's set
 * lacks or that is disabled: the route's pages are then held by nobody in the set, and the refusal
 * says why (本账套未开通资产平台) rather than only that a right is missing.
 */
export async function requireOpenPlatform(db: Db, zt: SessionZt | null, pages: readonly string[]): Promise<void> {
  if (!zt || pages.length === 0) return;
  const closed = await closedPages(db, zt.id);
  const first = closed.get(pages[0] ?? '');
  if (first && pages.every((page) => closed.has(page))) refuse('Forbidden', closedMessage(first));
}

const sameButton = (a: PageButton, b: PageButton) => a[0] === b[0] && a[1] === b[1];

/**
 * Whether the user holds one of the buttons, from the answer the route's declared right already
 * read when every one of them was declared; else read.
 */
async function holdsAnyOf(db: Db, request: FastifyRequest, buttons: readonly PageButton[]): Promise<boolean> {
  const known = request.routeButtons;
  if (known && buttons.every((b) => known.declared.some((d) => sameButton(d, b)))) {
    return buttons.some((b) => known.held.some((h) => sameButton(h, b)));
  }
  const { user, zt } = authOf(request);
  return holdsAnyButton(db, user, zt, buttons);
}

/**
 * Refuses (4005) unless the user holds one of the buttons: the refinement a handler makes where
 * the body decides the button (a new subject or a changed one) within what its route declared.
 */
export async function requireAnyButton(db: Db, request: FastifyRequest, buttons: readonly PageButton[]): Promise<void> {
  if (!(await holdsAnyOf(db, request, buttons))) refuse('Forbidden', '没有该操作的权限');
}

export function requireButton(db: Db, request: FastifyRequest, href: string, button: string): Promise<void> {
  return requireAnyButton(db, request, [[href, button]]);
}
