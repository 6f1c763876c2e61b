/** Roles (user levels): list, create and edit, enable, recommend, order, pages and buttons, delete. */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type {
  ResourceGrant,
  RoleDetail,
  RoleItem,
  SaveResRoleRequest,
  SaveRoleRequest,
} from '../../shared/api/schemas/rights.js';
import type { Db } from '../db/database.js';
import type { UserLevel } from '../db/schema.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { scopeHolds } from '../admin/scope.js';
import { refuse } from '../http/app-error.js';
import { buttonIsOn, buttonSwitches } from './button-switches.js';
import { editableRole, editsRole, findRole, grantablePages, seesRole, type Caller } from './caller.js';

function parseResources(text: string): ResourceGrant[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as ResourceGrant[]) : [];
}

/** The roles the caller sees, by sort then id, with their owners' names and how often each is granted. */
async function visibleRoles(db: Db, caller: Caller): Promise<RoleItem[]> {
  const rows = await db.kysely
    .selectFrom('user_level as l')
    .leftJoin('zt_info as z', 'z.id', 'l.owner_zt_id')
    .selectAll('l')
    .select('z.name as owner_name')
    .select((eb) =>
      eb
        .selectFrom('user_zt_level as g')
        .whereRef('g.user_level_id', '=', 'l.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('granted'),
    )
    .orderBy('l.sort')
    .orderBy('l.id')
    .execute();
  return rows
    .filter((r) => seesRole(caller, r))
    .map((r) => ({
      ...toItem(r, caller),
      ownerZtName: r.owner_name ?? null,
      grantedCount: Number(r.granted ?? 0),
    }));
}

function toItem(r: UserLevel, caller: Caller): RoleItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    sort: r.sort,
    enable: !!r.enable,
    isRecommend: !!r.is_recommend,
    remark: r.remark,
    ownerZtId: r.owner_zt_id,
    ownerZtName: null,
    editable: editsRole(caller, r),
    pageCount: parseResources(r.resources).length,
    grantedCount: 0,
  };
}

export async function listRoles(db: Db, caller: Caller): Promise<RoleItem[]> {
  return visibleRoles(db, caller);
}

export async function pageRoles(
  db: Db,
  caller: Caller,
  query: { pageIndex?: number; pageSize?: number; keyword?: string },
): Promise<{ currentPageItems: RoleItem[]; totalItemCount: number }> {
  const keyword = (query.keyword ?? '').trim().toLowerCase();
  const all = (await visibleRoles(db, caller)).filter(
    (r) => !keyword || r.code.toLowerCase().includes(keyword) || r.name.toLowerCase().includes(keyword),
  );
  const size = query.pageSize ?? 20;
  const start = ((query.pageIndex ?? 1) - 1) * size;
  return { currentPageItems: all.slice(start, start + size), totalItemCount: all.length };
}

export async function roleDetail(db: Db, caller: Caller, id: number): Promise<RoleDetail> {
  const role = await findRole(db, id);
  if (!seesRole(caller, role)) refuse('NotFound', '角色不存在');
  const item = (await visibleRoles(db, caller)).find((r) => r.id === id) ?? toItem(role, caller);
  return { ...item, resources: parseResources(role.resources) };
}

export async function saveRole(db: Db, request: FastifyRequest, caller: Caller, body: SaveRoleRequest): Promise<number> {
  const code = body.code.trim();
  const name = body.name.trim();
  if (!name) refuse('ValidationFailed', '角色名称不能为空');
  const clash = await db.kysely
    .selectFrom('user_level')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(code) = ${code.toLowerCase()}`)
    .executeTakeFirst();
  if (clash && clash.id !== body.id) refuse('Conflict', `角色编码“${code}”已被角色“${clash.name}”使用`);
  const actor = actorOf(request);
  if (body.id !== undefined) {
    const before = await editableRole(db, caller, body.id);
    const after = { code, name, remark: body.remark ?? before.remark, sort: body.sort ?? before.sort };
    await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('user_level').set(after).where('id', '=', before.id).execute();
      await recordChange(trx, actor, {
        action: 'role.edit',
        target: 'user_level',
        targetId: before.id,
        ztId: before.owner_zt_id,
        summary: `修改角色 ${code} ${name}`,
        before: { code: before.code, name: before.name, remark: before.remark, sort: before.sort },
        after,
      });
    });
    return before.id;
  }
  let owner = caller.ownerZtId;
  if (caller.isSuper) owner = body.ownerZtId ?? null;
  else if (body.ownerZtId != null && body.ownerZtId !== owner) refuse('Forbidden', '新角色只能属于您所在的单位');
  if (!caller.isSuper && (owner === null || !scopeHolds(caller.scope, owner))) refuse('Forbidden', '没有管理角色的权限');
  if (owner !== null && !(await db.kysely.selectFrom('zt_info').select('id').where('id', '=', owner).executeTakeFirst())) {
    refuse('ValidationFailed', '所属单位不存在');
  }
  const sort =
    body.sort ??
    Number(
      (
        await db.kysely
          .selectFrom('user_level')
          .select((eb) => eb.fn.max('sort').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    ) + 1;
  return db.kysely.transaction().execute(async (trx) => {
    const values = {
      code,
      name,
      remark: body.remark ?? '',
      sort,
      enable: 1,
      resources: '[]',
      owner_zt_id: owner,
      is_recommend: 0,
    };
    const { id } = await trx.insertInto('user_level').values(values).returning('id').executeTakeFirstOrThrow();
    await recordChange(trx, actor, {
      action: 'role.create',
      target: 'user_level',
      targetId: id,
      ztId: owner,
      summary: `新建角色 ${code} ${name}`,
      after: values,
    });
    return id;
  });
}

async function setFlag(
  db: Db,
  request: FastifyRequest,
  role: UserLevel,
  change: { enable?: number; is_recommend?: number },
  action: string,
  summary: string,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('user_level').set(change).where('id', '=', role.id).execute();
    await recordChange(trx, actorOf(request), {
      action,
      target: 'user_level',
      targetId: role.id,
      ztId: role.owner_zt_id,
      summary,
      before: { enable: role.enable, is_recommend: role.is_recommend },
      after: change,
    });
  });
}

export async function enableRole(db: Db, request: FastifyRequest, caller: Caller, id: number, enable: boolean): Promise<void> {
  const role = await editableRole(db, caller, id);
  await setFlag(
    db,
    request,
    role,
    { enable: enable ? 1 : 0 },
    enable ? 'role.enable' : 'role.disable',
    `${enable ? '启用' : '停用'}角色 ${role.code} ${role.name}`,
  );
}

export async function recommendRole(db: Db, request: FastifyRequest, caller: Caller, id: number, on: boolean): Promise<void> {
  const role = await editableRole(db, caller, id);
  await setFlag(
    db,
    request,
    role,
    { is_recommend: on ? 1 : 0 },
    'role.recommend',
    `${on ? '设为' : '取消'}推荐角色 ${role.code} ${role.name}`,
  );
}

export async function sortRoles(db: Db, request: FastifyRequest, caller: Caller, ids: readonly number[]): Promise<void> {
  if (new Set(ids).size !== ids.length) refuse('ValidationFailed', '角色重复');
  const roles: UserLevel[] = [];
  for (const id of ids) roles.push(await editableRole(db, caller, id));
  // The roles keep the sort values they had among themselves, in the new order: others stay where they are.
  const slots = roles.map((r) => r.sort).sort((a, b) => a - b);
  await db.kysely.transaction().execute(async (trx) => {
    for (const [i, role] of roles.entries())
      await trx
        .updateTable('user_level')
        .set({ sort: slots[i] ?? i })
        .where('id', '=', role.id)
        .execute();
    await recordChange(trx, actorOf(request), {
      action: 'role.sort',
      target: 'user_level',
      targetId: null,
      ztId: caller.ownerZtId,
      summary: `调整角色顺序：${roles.map((r) => r.name).join('、')}`,
      before: roles.map((r) => ({ id: r.id, sort: r.sort })),
      after: roles.map((r, i) => ({ id: r.id, sort: slots[i] })),
    });
  });
}

export async function deleteRole(db: Db, request: FastifyRequest, caller: Caller, id: number): Promise<void> {
  const role = await editableRole(db, caller, id);
  const holders = await db.kysely
    .selectFrom('user_zt_level as g')
    .innerJoin('app_user as u', 'u.id', 'g.user_id')
    .innerJoin('zt_info as z', 'z.id', 'g.zt_id')
    .select(['u.name', 'u.login_name', 'z.name as zt_name'])
    .where('g.user_level_id', '=', id)
    .orderBy('u.login_name')
    .execute();
  if (holders.length > 0) {
    const named = holders.slice(0, 5).map((h) => `${h.name}（${h.login_name}，${h.zt_name}）`);
    const more = holders.length > 5 ? ` 等${holders.length}个授权` : '';
    refuse('BusinessRule', `角色“${role.name}”仍授予：${named.join('、')}${more}；请先收回授权，或停用该角色`);
  }
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_level').where('id', '=', id).execute();
    await recordChange(trx, actorOf(request), {
      action: 'role.delete',
      target: 'user_level',
      targetId: id,
      ztId: role.owner_zt_id,
      summary: `删除角色 ${role.code} ${role.name}`,
      before: role,
    });
  });
}

/**
 * Sets a role's pages and buttons: only the catalogue's, never an adminOnly page, never beyond the
 * caller's own. A button switched off (rights/button-switches.ts) is neither given nor taken while
 * it is off: the role keeps it as it had it, so switching it on again restores the grants.
 */
export async function saveRoleResources(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  body: SaveResRoleRequest,
  log?: { action: string; summary: string },
): Promise<void> {
  const role = await editableRole(db, caller, body.id);
  const grantable = await grantablePages(db, request);
  const switches = await buttonSwitches(db);
  const had = new Map(parseResources(role.resources).map((r) => [r.href, r.resourceList]));
  const known = new Map(
    (await db.kysely.selectFrom('menu').select(['href', 'buttons', 'admin_only']).execute()).map((m) => [m.href, m]),
  );
  const issues: string[] = [];
  const seen = new Set<string>();
  const resources: ResourceGrant[] = [];
  for (const { href, resourceList } of body.resources) {
    if (seen.has(href)) {
      issues.push(`页面重复：${href}`);
      continue;
    }
    seen.add(href);
    const menu = known.get(href);
    const page = grantable.get(href);
    if (!menu) issues.push(`菜单中没有页面 ${href}`);
    else if (menu.admin_only) issues.push(`页面 ${href} 只属于超级管理员，不能授予角色`);
    else if (!page)
      issues.push(caller.isSuper ? `页面 ${href} 不能授予（已停用或为菜单分组）` : `您没有页面 ${href} 的权限，不能授予`);
    else {
      const catalogued = JSON.parse(menu.buttons) as string[];
      const on = (b: string) => buttonIsOn(switches, href, b);
      for (const b of resourceList) {
        if (!catalogued.includes(b)) issues.push(`页面 ${href} 没有按钮 ${b}`);
        else if (on(b) && !page.buttons.includes(b)) issues.push(`您没有页面 ${href} 的按钮 ${b}，不能授予`);
      }
      const kept = (had.get(href) ?? []).filter((b) => !on(b));
      resources.push({ href, resourceList: [...new Set([...resourceList.filter(on), ...kept])] });
    }
  }
  if (issues.length > 0) {
    const beyond = issues.some((i) => i.startsWith('您没有'));
    refuse(
      beyond ? 'Forbidden' : 'ValidationFailed',
      issues.slice(0, 5).join('；'),
      beyond ? undefined : issues.map((message) => ({ message })),
    );
  }
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('user_level')
      .set({ resources: JSON.stringify(resources) })
      .where('id', '=', role.id)
      .execute();
    await recordChange(trx, actorOf(request), {
      action: log?.action ?? 'role.resources',
      target: 'user_level',
      targetId: role.id,
      ztId: role.owner_zt_id,
      summary: log?.summary ?? `设置角色 ${role.code} ${role.name} 的权限：${resources.length}个页面`,
      before: parseResources(role.resources),
      after: resources,
    });
  });
}
