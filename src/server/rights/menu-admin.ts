/**
 * 菜单管理 (the super administrator's): the menu as a tree, enable and disable, the order of
 * siblings and lift (one place up). A disabled menu leaves every menu and every server check at
 * once (auth/permissions.ts reads enabled rows only; the read cache watches the menu table). The
 * menu-management page and the groups above it cannot be disabled: the super administrator would
 * lose the way back.
 */
import type { FastifyRequest } from 'fastify';
import type { MenuTreeNode } from '../../shared/api/schemas/rights.js';
import type { Db } from '../db/database.js';
import type { MenuRow } from '../db/schema.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { Page } from '../auth/pages.js';
import { refuse } from '../http/app-error.js';
import { buttonIsOn, buttonSwitches } from './button-switches.js';

async function allMenus(db: Db): Promise<MenuRow[]> {
  return db.kysely.selectFrom('menu').selectAll().orderBy('sort').orderBy('id').execute();
}

export async function menuTree(db: Db): Promise<MenuTreeNode[]> {
  const rows = await allMenus(db);
  const switches = await buttonSwitches(db);
  const node = (row: MenuRow): MenuTreeNode => ({
    id: row.id,
    href: row.href,
    titleName: row.title_name,
    sort: row.sort,
    enable: !!row.enable,
    adminOnly: !!row.admin_only,
    buttons: JSON.parse(row.buttons) as string[],
    offButtons: (JSON.parse(row.buttons) as string[]).filter((b) => !buttonIsOn(switches, row.href, b)),
    children: rows.filter((c) => c.parent_id === row.id).map(node),
  });
  return rows.filter((r) => r.parent_id === null).map(node);
}

async function findMenu(db: Db, id: number): Promise<MenuRow> {
  const row = await db.kysely.selectFrom('menu').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) refuse('NotFound', '菜单不存在');
  return row;
}

export async function enableMenu(db: Db, request: FastifyRequest, id: number, enable: boolean): Promise<void> {
  const row = await findMenu(db, id);
  if (!enable) {
    const rows = await allMenus(db);
    const keep = rows.find((r) => r.href === Page.menuManagement);
    for (let at: MenuRow | undefined = keep; at; at = rows.find((r) => r.id === at?.parent_id)) {
      if (at.id === id) refuse('BusinessRule', `不能停用“${row.title_name}”：停用后将无法再进入菜单管理`);
    }
  }
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('menu')
      .set({ enable: enable ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await recordChange(trx, actorOf(request), {
      action: enable ? 'menu.enable' : 'menu.disable',
      target: 'menu',
      targetId: id,
      ztId: null,
      summary: `${enable ? '启用' : '停用'}菜单 ${row.title_name}`,
      before: { enable: row.enable },
      after: { enable: enable ? 1 : 0 },
    });
  });
}

/** Puts siblings in the order given, in the sort values they held among themselves. */
export async function sortMenus(db: Db, request: FastifyRequest, ids: readonly number[]): Promise<void> {
  if (new Set(ids).size !== ids.length) refuse('ValidationFailed', '菜单重复');
  const rows = await allMenus(db);
  const chosen = ids.map((id) => rows.find((r) => r.id === id) ?? refuse('NotFound', `菜单 ${id} 不存在`));
  const parent = chosen[0]?.parent_id ?? null;
  if (chosen.some((r) => r.parent_id !== parent)) refuse('ValidationFailed', '只能调整同一上级菜单下的顺序');
  const slots = chosen.map((r) => r.sort).sort((a, b) => a - b);
  // Equal sort values would leave the order to chance: spread them first.
  for (let i = 1; i < slots.length; i++) if ((slots[i] ?? 0) <= (slots[i - 1] ?? 0)) slots[i] = (slots[i - 1] ?? 0) + 1;
  await db.kysely.transaction().execute(async (trx) => {
    for (const [i, row] of chosen.entries())
      await trx
        .updateTable('menu')
        .set({ sort: slots[i] ?? row.sort })
        .where('id', '=', row.id)
        .execute();
    await recordChange(trx, actorOf(request), {
      action: 'menu.sort',
      target: 'menu',
      targetId: parent,
      ztId: null,
      summary: `调整菜单顺序：${chosen.map((r) => r.title_name).join('、')}`,
      before: chosen.map((r) => ({ id: r.id, sort: r.sort })),
      after: chosen.map((r, i) => ({ id: r.id, sort: slots[i] })),
    });
  });
}

/** One place up among its siblings (the first stays first). */
export async function liftMenu(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const row = await findMenu(db, id);
  const siblings = (await allMenus(db)).filter((r) => r.parent_id === row.parent_id);
  const at = siblings.findIndex((r) => r.id === id);
  const above = siblings[at - 1];
  if (!above) refuse('BusinessRule', `“${row.title_name}”已在最前`);
  await sortMenus(db, request, [row.id, above.id]);
}
