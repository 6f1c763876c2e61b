/**
 * 权限管理 (the super administrator's): the button keys of the menu catalogue with their names.
 * A code is letters and digits, unique ignoring case (add and Add would read as one key); the code
 * of a key that a menu page, a role or a permission group uses does not change and the key is not
 * deleted (the refusal names who uses it and offers disable). Disabling a key takes the button off
 * every page for everyone (rights/button-switches.ts); 'enable' stays enabled, since it is the
 * button that enables keys again.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { PermissionItem, PermissionOption, SavePermissionRequest } from '../../shared/api/schemas/permissions.js';
import { permissionCodeProblem, shortTitleProblem } from '../../shared/permission-rules.js';
import type { Db } from '../db/database.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { refuse } from '../http/app-error.js';

/** The key whose switch re-enables keys (权限管理's own 启用/停用): never disabled. */
export const KEEP_ENABLED = 'enable';

interface Use {
  menus: string[];
  roles: string[];
  groups: string[];
}

function parseGrants(text: string): { href: string; resourceList: string[] }[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as { href: string; resourceList: string[] }[]) : [];
}

/** Who uses each key: the menu pages that have the button, the roles and groups that grant it. */
async function usesOf(db: Db): Promise<Map<string, Use>> {
  const uses = new Map<string, Use>();
  const at = (code: string) => {
    let use = uses.get(code);
    if (!use) uses.set(code, (use = { menus: [], roles: [], groups: [] }));
    return use;
  };
  for (const m of await db.kysely.selectFrom('menu').select(['title_name', 'buttons']).orderBy('sort').execute())
    for (const b of new Set(JSON.parse(m.buttons) as string[])) at(b).menus.push(m.title_name);
  for (const r of await db.kysely.selectFrom('user_level').select(['name', 'resources']).orderBy('sort').execute())
    for (const b of new Set(parseGrants(r.resources).flatMap((g) => g.resourceList))) at(b).roles.push(r.name);
  for (const g of await db.kysely.selectFrom('permission_group').select(['name', 'resources']).orderBy('sort').execute())
    for (const b of new Set(parseGrants(g.resources).flatMap((x) => x.resourceList))) at(b).groups.push(g.name);
  return uses;
}

export async function pagePermissions(
  db: Db,
  query: { pageIndex?: number; pageSize?: number; code?: string; name?: string },
): Promise<{ currentPageItems: PermissionItem[]; totalItemCount: number }> {
  const code = (query.code ?? '').trim().toLowerCase();
  const name = (query.name ?? '').trim();
  const rows = await db.kysely.selectFrom('permission').selectAll().orderBy('sort').orderBy('id').execute();
  const uses = await usesOf(db);
  const all = rows.filter((r) => (!code || r.code.toLowerCase().includes(code)) && (!name || r.name.includes(name)));
  const size = query.pageSize ?? 20;
  const start = ((query.pageIndex ?? 1) - 1) * size;
  return {
    totalItemCount: all.length,
    currentPageItems: all.slice(start, start + size).map((r) => {
      const use = uses.get(r.code);
      return {
        id: r.id,
        code: r.code,
        name: r.name,
        remark: r.remark,
        enable: !!r.enable,
        sort: r.sort,
        menuCount: use?.menus.length ?? 0,
        roleCount: use?.roles.length ?? 0,
        groupCount: use?.groups.length ?? 0,
      };
    }),
  };
}

export async function permissionOptions(db: Db): Promise<PermissionOption[]> {
  const rows = await db.kysely
    .selectFrom('permission')
    .select(['code', 'name', 'enable'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, enable: !!r.enable }));
}

async function findPermission(db: Db, id: number) {
  const row = await db.kysely.selectFrom('permission').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) refuse('NotFound', '权限不存在');
  return row;
}

function useText(use: Use | undefined): string | null {
  if (!use) return null;
  const parts: string[] = [];
  const list = (names: string[]) => names.slice(0, 3).join('、') + (names.length > 3 ? ` 等${names.length}个` : '');
  if (use.menus.length) parts.push(`菜单页面 ${list(use.menus)}`);
  if (use.roles.length) parts.push(`角色 ${list(use.roles)}`);
  if (use.groups.length) parts.push(`权限组 ${list(use.groups)}`);
  return parts.length ? parts.join('；') : null;
}

export async function savePermission(db: Db, request: FastifyRequest, body: SavePermissionRequest): Promise<number> {
  const code = body.code.trim();
  const name = body.name.trim();
  const problems = [permissionCodeProblem(code), shortTitleProblem(name, '权限名称')].filter((p): p is string => p !== null);
  if (problems.length)
    refuse(
      'ValidationFailed',
      problems.join('；'),
      problems.map((message) => ({ message })),
    );
  const clash = await db.kysely
    .selectFrom('permission')
    .select(['id', 'code', 'name'])
    .where(sql<boolean>`lower(code) = ${code.toLowerCase()}`)
    .executeTakeFirst();
  if (clash && clash.id !== body.id)
    refuse('Conflict', `权限编码“${code}”已被权限“${clash.code} ${clash.name}”使用（编码不区分大小写）`);
  const actor = actorOf(request);
  if (body.id !== undefined) {
    const before = await findPermission(db, body.id);
    if (before.code !== code) {
      const used = useText((await usesOf(db)).get(before.code));
      if (used) refuse('BusinessRule', `权限“${before.code} ${before.name}”正在使用（${used}），编码不能修改；可修改名称和备注`);
    }
    const after = { code, name, remark: body.remark?.trim() ?? before.remark, sort: body.sort ?? before.sort };
    await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('permission').set(after).where('id', '=', before.id).execute();
      await recordChange(trx, actor, {
        action: 'permission.edit',
        target: 'permission',
        targetId: before.id,
        ztId: null,
        summary: `修改权限 ${code} ${name}`,
        before: { code: before.code, name: before.name, remark: before.remark, sort: before.sort },
        after,
      });
    });
    return before.id;
  }
  const top = await db.kysely
    .selectFrom('permission')
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  const values = { code, name, remark: body.remark?.trim() ?? '', sort: body.sort ?? Number(top?.m ?? 0) + 1, enable: 1 };
  return db.kysely.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('permission').values(values).returning('id').executeTakeFirstOrThrow();
    await recordChange(trx, actor, {
      action: 'permission.create',
      target: 'permission',
      targetId: id,
      ztId: null,
      summary: `新建权限 ${code} ${name}`,
      after: values,
    });
    return id;
  });
}

export async function enablePermission(db: Db, request: FastifyRequest, id: number, enable: boolean): Promise<void> {
  const row = await findPermission(db, id);
  if (!enable && row.code === KEEP_ENABLED)
    refuse('BusinessRule', `不能停用权限“${row.code} ${row.name}”：停用后将无法再启用任何权限`);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('permission')
      .set({ enable: enable ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await recordChange(trx, actorOf(request), {
      action: enable ? 'permission.enable' : 'permission.disable',
      target: 'permission',
      targetId: id,
      ztId: null,
      summary: `${enable ? '启用' : '停用'}权限 ${row.code} ${row.name}`,
      before: { enable: row.enable },
      after: { enable: enable ? 1 : 0 },
    });
  });
}

export async function deletePermission(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const row = await findPermission(db, id);
  const used = useText((await usesOf(db)).get(row.code));
  if (used) refuse('BusinessRule', `权限“${row.code} ${row.name}”仍在使用：${used}；不能删除，可停用`);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('permission').where('id', '=', id).execute();
    await trx.deleteFrom('global_button_off').where('button', '=', row.code).execute();
    await recordChange(trx, actorOf(request), {
      action: 'permission.delete',
      target: 'permission',
      targetId: id,
      ztId: null,
      summary: `删除权限 ${row.code} ${row.name}`,
      before: row,
    });
  });
}
