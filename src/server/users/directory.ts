/**
 * User types and departments (user-type-management, department-management). User types are one
 * list for the installation, so only the super administrator changes them (a county federation's
 * administrator reads and uses them); a department belongs to one unit and is managed by whoever
 * manages that unit (admin/scope.ts). Neither is deleted while a user names it.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type {
  DepartmentItem,
  DepartmentListQuery,
  SaveDepartmentRequest,
  SaveUserTypeRequest,
  UserTypeItem,
} from '../../shared/api/schemas/users.js';
import { shortNameProblem } from '../../shared/user-rules.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { requestScope, requireManagedSets } from '../admin/scope.js';
import { authOf } from '../auth/guard.js';
import type { Db } from '../db/database.js';
import { likeContains } from '../db/like.js';
import { conflictOnUnique } from '../db/errors.js';
import { refuse } from '../http/app-error.js';

function invalid(message: string): never {
  refuse('ValidationFailed', message, [message]);
}

const page = (q: { pageIndex?: number; pageSize?: number }) => {
  const size = q.pageSize ?? 20;
  return { limit: size, offset: ((q.pageIndex ?? 1) - 1) * size };
};

export async function listUserTypes(db: Db, q: { pageIndex?: number; pageSize?: number }) {
  const { limit, offset } = page(q);
  const rows = await db.kysely
    .selectFrom('user_type as t')
    .select(['t.id', 't.name', 't.remark', 't.sort'])
    .select((eb) =>
      eb
        .selectFrom('app_user as u')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('u.user_type_id', '=', 't.id')
        .as('users'),
    )
    .orderBy('t.sort')
    .orderBy('t.id')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await db.kysely
    .selectFrom('user_type')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const items: UserTypeItem[] = rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    remark: r.remark,
    sort: Number(r.sort),
    userCount: Number(r.users ?? 0),
  }));
  return { items, total: Number(total?.n ?? 0) };
}

function requireSuper(request: FastifyRequest): void {
  if (!authOf(request).user.is_admin) refuse('Forbidden', '用户类型为全平台共用，只有超级管理员可以修改');
}

const TYPE_TAKEN = '已有同名的用户类型';

export async function saveUserType(db: Db, request: FastifyRequest, body: SaveUserTypeRequest): Promise<number> {
  requireSuper(request);
  const name = body.name.trim();
  const problem = shortNameProblem(name, '用户类型');
  if (problem) invalid(problem);
  const values = { name, remark: (body.remark ?? '').trim(), sort: body.sort ?? 0 };
  return db.kysely.transaction().execute(async (trx) => {
    const same = await trx.selectFrom('user_type').select('id').where('name', '=', name).executeTakeFirst();
    if (same && Number(same.id) !== body.id) refuse('Conflict', TYPE_TAKEN);
    const onUnique = conflictOnUnique(TYPE_TAKEN);
    if (body.id === undefined) {
      const row = await trx
        .insertInto('user_type')
        .values({ ...values, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(onUnique);
      const id = Number(row.id);
      await recordChange(trx, actorOf(request), {
        action: 'userType.create',
        target: 'user_type',
        targetId: id,
        ztId: null,
        summary: `新建用户类型 ${name}`,
        after: values,
      });
      return id;
    }
    const before = await trx.selectFrom('user_type').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!before) refuse('NotFound', '用户类型不存在或已被删除');
    await trx.updateTable('user_type').set(values).where('id', '=', body.id).execute().catch(onUnique);
    await recordChange(trx, actorOf(request), {
      action: 'userType.edit',
      target: 'user_type',
      targetId: body.id,
      ztId: null,
      summary: `修改用户类型 ${name}`,
      before,
      after: values,
    });
    return body.id;
  });
}

export async function deleteUserType(db: Db, request: FastifyRequest, id: number): Promise<void> {
  requireSuper(request);
  await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('user_type').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) refuse('NotFound', '用户类型不存在或已被删除');
    const used = await trx.selectFrom('app_user').select('id').where('user_type_id', '=', id).limit(1).executeTakeFirst();
    if (used) refuse('BusinessRule', '还有用户属于该类型，不能删除；请先修改这些用户的类型');
    await trx.deleteFrom('user_type').where('id', '=', id).execute();
    await recordChange(trx, actorOf(request), {
      action: 'userType.delete',
      target: 'user_type',
      targetId: id,
      ztId: null,
      summary: `删除用户类型 ${before.name}`,
      before,
    });
  });
}

export async function listDepartments(db: Db, request: FastifyRequest, q: DepartmentListQuery) {
  const scope = await requestScope(db, request);
  if (q.ztId !== undefined) await requireManagedSets(db, request, [q.ztId]);
  const ids = scope.all ? null : [...scope.ids];
  const base = db.kysely
    .selectFrom('department as d')
    .innerJoin('zt_info as z', 'z.id', 'd.zt_id')
    .$if(ids !== null, (b) => (ids?.length ? b.where('d.zt_id', 'in', ids) : b.where(sql<boolean>`1 = 0`)))
    .$if(q.ztId !== undefined, (b) => b.where('d.zt_id', '=', q.ztId ?? 0))
    .$if(!!q.name?.trim(), (b) => b.where(likeContains(sql`lower(d.name)`, (q.name ?? '').trim().toLowerCase())));
  const { limit, offset } = page(q);
  const rows = await base
    .select(['d.id', 'd.zt_id', 'z.name as zt_name', 'z.code as zt_code', 'd.name', 'd.remark', 'd.sort'])
    .select((eb) =>
      eb
        .selectFrom('app_user as u')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('u.department_id', '=', 'd.id')
        .as('users'),
    )
    .orderBy('z.code')
    .orderBy('d.sort')
    .orderBy('d.id')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const items: DepartmentItem[] = rows.map((r) => ({
    id: Number(r.id),
    ztId: Number(r.zt_id),
    ztName: r.zt_name,
    name: r.name,
    remark: r.remark,
    sort: Number(r.sort),
    userCount: Number(r.users ?? 0),
  }));
  return { items, total: Number(total?.n ?? 0) };
}

const DEPARTMENT_TAKEN = '该单位已有同名的部门';

export async function saveDepartment(db: Db, request: FastifyRequest, body: SaveDepartmentRequest): Promise<number> {
  await requireManagedSets(db, request, [body.ztId]);
  const name = body.name.trim();
  const problem = shortNameProblem(name, '部门');
  if (problem) invalid(problem);
  const zt = await db.kysely.selectFrom('zt_info').select('id').where('id', '=', body.ztId).executeTakeFirst();
  if (!zt) invalid('所属单位不存在');
  const values = { zt_id: body.ztId, name, remark: (body.remark ?? '').trim(), sort: body.sort ?? 0 };
  const onUnique = conflictOnUnique(DEPARTMENT_TAKEN);
  return db.kysely.transaction().execute(async (trx) => {
    const same = await trx
      .selectFrom('department')
      .select('id')
      .where('zt_id', '=', body.ztId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (same && Number(same.id) !== body.id) refuse('Conflict', DEPARTMENT_TAKEN);
    if (body.id === undefined) {
      const row = await trx
        .insertInto('department')
        .values({ ...values, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(onUnique);
      const id = Number(row.id);
      await recordChange(trx, actorOf(request), {
        action: 'department.create',
        target: 'department',
        targetId: id,
        ztId: body.ztId,
        summary: `新建部门 ${name}`,
        after: values,
      });
      return id;
    }
    const before = await trx.selectFrom('department').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!before) refuse('NotFound', '部门不存在或已被删除');
    await requireManagedSets(db, request, [Number(before.zt_id)]);
    if (Number(before.zt_id) !== body.ztId) {
      const used = await trx.selectFrom('app_user').select('id').where('department_id', '=', body.id).limit(1).executeTakeFirst();
      if (used) refuse('BusinessRule', '该部门还有用户，不能改到其他单位');
    }
    await trx.updateTable('department').set(values).where('id', '=', body.id).execute().catch(onUnique);
    await recordChange(trx, actorOf(request), {
      action: 'department.edit',
      target: 'department',
      targetId: body.id,
      ztId: body.ztId,
      summary: `修改部门 ${name}`,
      before,
      after: values,
    });
    return body.id;
  });
}

export async function deleteDepartment(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const before = await db.kysely.selectFrom('department').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) refuse('NotFound', '部门不存在或已被删除');
  await requireManagedSets(db, request, [Number(before.zt_id)]);
  await db.kysely.transaction().execute(async (trx) => {
    const used = await trx.selectFrom('app_user').select('id').where('department_id', '=', id).limit(1).executeTakeFirst();
    if (used) refuse('BusinessRule', '该部门还有用户，不能删除；请先修改这些用户的部门');
    await trx.deleteFrom('department').where('id', '=', id).execute();
    await recordChange(trx, actorOf(request), {
      action: 'department.delete',
      target: 'department',
      targetId: id,
      ztId: Number(before.zt_id),
      summary: `删除部门 ${before.name}`,
      before,
    });
  });
}

export async function departmentsOf(db: Db, request: FastifyRequest, ztId: number) {
  await requireManagedSets(db, request, [ztId]);
  const rows = await db.kysely
    .selectFrom('department')
    .select(['id', 'name'])
    .where('zt_id', '=', ztId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
