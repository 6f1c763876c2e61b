/**
 * 权限组 (the super administrator's): named bundles of pages and buttons ("凭证录入员": 凭证录入
 * add/edit, 凭证管理 print) that an administrator applies to a role on 角色管理's rights dialog.
 * A group holds only pages a role may be given (leaves of the menu, never a page of the super
 * administrator's own) and those pages' buttons. Applying adds the group's pages and buttons to
 * the role through the role's own save (rights/roles.ts saveRoleResources), so its rules hold:
 * the caller edits the role, and a subtree administrator gives only what it holds (4005 naming
 * what is beyond it, nothing changed).
 */
import type { FastifyRequest } from 'fastify';
import type { ResourceGrant } from '../../shared/api/schemas/rights.js';
import type { ApplyGroupRequest, PermissionGroup, SaveGroupRequest } from '../../shared/api/schemas/permissions.js';
import { shortTitleProblem } from '../../shared/permission-rules.js';
import type { Db } from '../db/database.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { refuse } from '../http/app-error.js';
import { editableRole, type Caller } from './caller.js';
import { saveRoleResources } from './roles.js';

type GroupRow = { id: number; name: string; remark: string; enable: number; sort: number; resources: string };

function parseResources(text: string): ResourceGrant[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as ResourceGrant[]) : [];
}

const toGroup = (r: GroupRow): PermissionGroup => ({
  id: r.id,
  name: r.name,
  remark: r.remark,
  enable: !!r.enable,
  sort: r.sort,
  resources: parseResources(r.resources),
});

export async function listGroups(db: Db): Promise<PermissionGroup[]> {
  const rows = await db.kysely.selectFrom('permission_group').selectAll().orderBy('sort').orderBy('id').execute();
  return rows.map(toGroup);
}

export async function pageGroups(
  db: Db,
  query: { pageIndex?: number; pageSize?: number; name?: string },
): Promise<{ currentPageItems: PermissionGroup[]; totalItemCount: number }> {
  const name = (query.name ?? '').trim();
  const all = (await listGroups(db)).filter((g) => !name || g.name.includes(name));
  const size = query.pageSize ?? 20;
  const start = ((query.pageIndex ?? 1) - 1) * size;
  return { currentPageItems: all.slice(start, start + size), totalItemCount: all.length };
}

async function findGroup(db: Db, id: number): Promise<GroupRow> {
  const row = await db.kysely.selectFrom('permission_group').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) refuse('NotFound', '权限组不存在');
  return row;
}

/** The group's pages checked against the menu: pages a role may hold, their buttons, each page once. */
async function checkedResources(db: Db, resources: readonly ResourceGrant[]): Promise<ResourceGrant[]> {
  const rows = await db.kysely
    .selectFrom('menu')
    .select(['id', 'parent_id', 'href', 'title_name', 'buttons', 'admin_only'])
    .execute();
  const parents = new Set(rows.map((r) => r.parent_id));
  const byHref = new Map(rows.map((r) => [r.href, r]));
  const issues: string[] = [];
  const seen = new Set<string>();
  const out: ResourceGrant[] = [];
  for (const { href, resourceList } of resources) {
    const menu = byHref.get(href);
    if (seen.has(href)) issues.push(`页面重复：${href}`);
    else if (!menu) issues.push(`菜单中没有页面 ${href}`);
    else if (parents.has(menu.id)) issues.push(`“${menu.title_name}”是菜单分组，不是页面`);
    else if (menu.admin_only) issues.push(`页面“${menu.title_name}”只属于超级管理员，不能放入权限组`);
    else {
      const known = JSON.parse(menu.buttons) as string[];
      const unknown = resourceList.filter((b) => !known.includes(b));
      if (unknown.length) issues.push(`页面“${menu.title_name}”没有按钮 ${unknown.join('、')}`);
      out.push({ href, resourceList: known.filter((b) => resourceList.includes(b)) });
    }
    seen.add(href);
  }
  if (issues.length)
    refuse(
      'ValidationFailed',
      issues.slice(0, 5).join('；'),
      issues.map((message) => ({ message })),
    );
  return out;
}

export async function saveGroup(db: Db, request: FastifyRequest, body: SaveGroupRequest): Promise<number> {
  const name = body.name.trim();
  const problem = shortTitleProblem(name, '权限组名称');
  if (problem) refuse('ValidationFailed', problem, [{ message: problem }]);
  const clash = await db.kysely.selectFrom('permission_group').select('id').where('name', '=', name).executeTakeFirst();
  if (clash && clash.id !== body.id) refuse('Conflict', `权限组“${name}”已存在`);
  const resources = await checkedResources(db, body.resources);
  const actor = actorOf(request);
  if (body.id !== undefined) {
    const before = await findGroup(db, body.id);
    const after = {
      name,
      remark: body.remark?.trim() ?? before.remark,
      sort: body.sort ?? before.sort,
      resources: JSON.stringify(resources),
    };
    await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('permission_group').set(after).where('id', '=', before.id).execute();
      await recordChange(trx, actor, {
        action: 'permissionGroup.edit',
        target: 'permission_group',
        targetId: before.id,
        ztId: null,
        summary: `修改权限组 ${name}：${resources.length}个页面`,
        before: { ...before, resources: parseResources(before.resources) },
        after: { ...after, resources },
      });
    });
    return before.id;
  }
  const top = await db.kysely
    .selectFrom('permission_group')
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  const values = {
    name,
    remark: body.remark?.trim() ?? '',
    sort: body.sort ?? Number(top?.m ?? 0) + 1,
    enable: 1,
    resources: JSON.stringify(resources),
  };
  return db.kysely.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('permission_group').values(values).returning('id').executeTakeFirstOrThrow();
    await recordChange(trx, actor, {
      action: 'permissionGroup.create',
      target: 'permission_group',
      targetId: id,
      ztId: null,
      summary: `新建权限组 ${name}：${resources.length}个页面`,
      after: { ...values, resources },
    });
    return id;
  });
}

export async function enableGroup(db: Db, request: FastifyRequest, id: number, enable: boolean): Promise<void> {
  const row = await findGroup(db, id);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('permission_group')
      .set({ enable: enable ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await recordChange(trx, actorOf(request), {
      action: enable ? 'permissionGroup.enable' : 'permissionGroup.disable',
      target: 'permission_group',
      targetId: id,
      ztId: null,
      summary: `${enable ? '启用' : '停用'}权限组 ${row.name}`,
      before: { enable: row.enable },
      after: { enable: enable ? 1 : 0 },
    });
  });
}

/** A group is a template: roles it was applied to keep their grants, so it may always be deleted. */
export async function deleteGroup(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const row = await findGroup(db, id);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('permission_group').where('id', '=', id).execute();
    await recordChange(trx, actorOf(request), {
      action: 'permissionGroup.delete',
      target: 'permission_group',
      targetId: id,
      ztId: null,
      summary: `删除权限组 ${row.name}`,
      before: { ...row, resources: parseResources(row.resources) },
    });
  });
}

/** Adds the group's pages and buttons to the role; answers how many pages or buttons were new. */
export async function applyGroup(db: Db, request: FastifyRequest, caller: Caller, body: ApplyGroupRequest): Promise<number> {
  const group = await findGroup(db, body.groupId);
  if (!group.enable) refuse('BusinessRule', `权限组“${group.name}”已停用，不能应用`);
  const role = await editableRole(db, caller, body.roleId);
  const merged = new Map(parseResources(role.resources).map((r) => [r.href, [...r.resourceList]]));
  let added = 0;
  for (const { href, resourceList } of parseResources(group.resources)) {
    const list = merged.get(href);
    if (!list) added += 1;
    const next = list ?? [];
    for (const b of resourceList)
      if (!next.includes(b)) {
        next.push(b);
        added += 1;
      }
    merged.set(href, next);
  }
  await saveRoleResources(
    db,
    request,
    caller,
    { id: role.id, resources: [...merged].map(([href, resourceList]) => ({ href, resourceList })) },
    { action: 'role.applyGroup', summary: `将权限组“${group.name}”应用到角色 ${role.code} ${role.name}` },
  );
  return added;
}
