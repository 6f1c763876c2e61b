/**
 * 全局按钮权限 (the super administrator's): per page of the menu, which of its buttons exist in
 * this installation at all. A button switched off is held by nobody on that page, the super
 * administrator included (rights/button-switches.ts, read by every right check and by the
 * resources the client draws its buttons from); grants are kept, so switching it on restores
 * them. The switch that turns buttons on again (this page's 修改) and 权限管理's 启用/停用 cannot be
 * switched off: the installation would have no way back.
 */
import type { FastifyRequest } from 'fastify';
import type { GlobalButtonGroup, SaveGlobalButtonsRequest } from '../../shared/api/schemas/permissions.js';
import type { Db } from '../db/database.js';
import type { MenuRow } from '../db/schema.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { Page } from '../auth/pages.js';
import { refuse } from '../http/app-error.js';
import { switchKey } from './button-switches.js';

/** The buttons whose switching off would leave no way to switch anything on again. */
export const LOCKED_ON: readonly (readonly [string, string])[] = [
  [Page.globalButtonPermission, 'edit'],
  [Page.permission, 'enable'],
];
const isLocked = (href: string, button: string) => LOCKED_ON.some(([h, b]) => h === href && b === button);

async function menuRows(db: Db): Promise<MenuRow[]> {
  return db.kysely.selectFrom('menu').selectAll().orderBy('sort').orderBy('id').execute();
}

async function offRows(db: Db): Promise<{ href: string; button: string }[]> {
  return db.kysely.selectFrom('global_button_off').select(['href', 'button']).orderBy('href').orderBy('button').execute();
}

export async function globalButtons(db: Db): Promise<GlobalButtonGroup[]> {
  const rows = await menuRows(db);
  const off = new Set((await offRows(db)).map((r) => switchKey(r.href, r.button)));
  const permissions = new Map(
    (await db.kysely.selectFrom('permission').select(['code', 'name', 'enable']).execute()).map((p) => [p.code, p]),
  );
  const parents = new Set(rows.map((r) => r.parent_id));
  const pagesUnder = (row: MenuRow): MenuRow[] =>
    parents.has(row.id) ? rows.filter((c) => c.parent_id === row.id).flatMap(pagesUnder) : [row];
  return rows
    .filter((r) => r.parent_id === null)
    .map((top) => ({
      href: top.href,
      titleName: top.title_name,
      pages: pagesUnder(top)
        .map((page) => ({
          href: page.href,
          titleName: page.title_name,
          buttons: (JSON.parse(page.buttons) as string[]).map((code) => ({
            code,
            name: permissions.get(code)?.name ?? code,
            on: !off.has(switchKey(page.href, code)),
            permissionEnabled: !!(permissions.get(code)?.enable ?? 1),
            locked: isLocked(page.href, code),
          })),
        }))
        .filter((page) => page.buttons.length > 0),
    }))
    .filter((group) => group.pages.length > 0);
}

/** The pairs as a person reads them, in the menu's order: 凭证录入·删除、凭证管理·删除. */
function named(rows: MenuRow[], names: Map<string, string>, pairs: readonly { href: string; button: string }[]): string {
  const at = (href: string) => rows.findIndex((r) => r.href === href);
  return [...pairs]
    .sort((a, b) => at(a.href) - at(b.href) || a.button.localeCompare(b.button))
    .map(({ href, button }) => `${rows.find((r) => r.href === href)?.title_name ?? href}·${names.get(button) ?? button}`)
    .join('、');
}

/** Replaces the buttons switched off with those given (every other button of the menu is on). */
export async function saveGlobalButtons(db: Db, request: FastifyRequest, body: SaveGlobalButtonsRequest): Promise<void> {
  const rows = await menuRows(db);
  const parents = new Set(rows.map((r) => r.parent_id));
  const issues: string[] = [];
  const wanted = new Map<string, { href: string; button: string }>();
  for (const { href, buttons } of body.off) {
    const menu = rows.find((r) => r.href === href);
    if (!menu || parents.has(menu.id)) {
      issues.push(`菜单中没有页面 ${href}`);
      continue;
    }
    const known = JSON.parse(menu.buttons) as string[];
    for (const button of buttons) {
      if (!known.includes(button)) issues.push(`页面“${menu.title_name}”没有按钮 ${button}`);
      else if (isLocked(href, button))
        issues.push(`不能关闭“${menu.title_name}”的按钮 ${button}：关闭后将无法再打开按钮或启用权限`);
      else wanted.set(switchKey(href, button), { href, button });
    }
  }
  if (issues.length) {
    const locked = issues.some((i) => i.startsWith('不能关闭'));
    refuse(
      locked ? 'BusinessRule' : 'ValidationFailed',
      issues.slice(0, 5).join('；'),
      issues.map((message) => ({ message })),
    );
  }
  const before = await offRows(db);
  const names = new Map(
    (await db.kysely.selectFrom('permission').select(['code', 'name']).execute()).map((p) => [p.code, p.name]),
  );
  const was = new Set(before.map((r) => switchKey(r.href, r.button)));
  const turnedOff = [...wanted.entries()].filter(([k]) => !was.has(k)).map(([, v]) => v);
  const turnedOn = before.filter((r) => !wanted.has(switchKey(r.href, r.button)));
  if (turnedOff.length === 0 && turnedOn.length === 0) return;
  const after = [...wanted.values()].sort((a, b) => (a.href + a.button < b.href + b.button ? -1 : 1));
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('global_button_off').execute();
    if (after.length) await trx.insertInto('global_button_off').values(after).execute();
    const parts = [];
    if (turnedOff.length) parts.push(`关闭 ${named(rows, names, turnedOff)}`);
    if (turnedOn.length) parts.push(`打开 ${named(rows, names, turnedOn)}`);
    await recordChange(trx, actorOf(request), {
      action: 'globalButton.save',
      target: 'global_button_off',
      targetId: null,
      ztId: null,
      summary: `全局按钮权限：${parts.join('；')}`.slice(0, 250),
      before,
      after,
    });
  });
}
