/**
 * Reading users for the lists and the dialogs: one page of those the administrator manages
 * (user-scope.ts), filtered by login name or name (contains, ignoring case), enabled, type,
 * department and home unit (that unit and the units under it).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { UserItem, UserListQuery } from '../../shared/api/schemas/users.js';
import { subtreeOf } from '../admin/scope.js';
import type { Db } from '../db/database.js';
import { likeContains } from '../db/like.js';
import type { Database } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import type { UserScope } from './user-scope.js';

type From = ExpressionBuilder<Database & { u: Database['app_user'] }, 'u'>;

const selectUsers = (db: Db) =>
  db.kysely
    .selectFrom('app_user as u')
    .leftJoin('zt_info as z', 'z.id', 'u.home_zt_id')
    .leftJoin('user_type as t', 't.id', 'u.user_type_id')
    .leftJoin('department as d', 'd.id', 'u.department_id');

function toItem(row: {
  id: number;
  login_name: string;
  name: string;
  phone: string;
  enable: number;
  is_admin: number;
  must_change_password: number;
  home_zt_id: number | null;
  zt_name: string | null;
  user_type_id: number | null;
  type_name: string | null;
  department_id: number | null;
  department_name: string | null;
  created_at: number;
}): UserItem {
  return {
    id: Number(row.id),
    loginName: row.login_name,
    name: row.name,
    phone: row.phone,
    enable: !!row.enable,
    isAdmin: !!row.is_admin,
    mustChangePassword: !!row.must_change_password,
    homeZtId: row.home_zt_id === null ? null : Number(row.home_zt_id),
    homeZtName: row.zt_name ?? '',
    userTypeId: row.user_type_id === null ? null : Number(row.user_type_id),
    userTypeName: row.type_name ?? '',
    departmentId: row.department_id === null ? null : Number(row.department_id),
    departmentName: row.department_name ?? '',
    createdAt: Number(row.created_at),
  };
}

const COLUMNS = [
  'u.id',
  'u.login_name',
  'u.name',
  'u.phone',
  'u.enable',
  'u.is_admin',
  'u.must_change_password',
  'u.home_zt_id',
  'z.name as zt_name',
  'u.user_type_id',
  't.name as type_name',
  'u.department_id',
  'd.name as department_name',
  'u.created_at',
] as const;

export async function userItem(db: Db, id: number): Promise<UserItem | undefined> {
  const row = await selectUsers(db).select(COLUMNS).where('u.id', '=', id).executeTakeFirst();
  return row && toItem(row);
}

export async function listUsers(db: Db, ctx: UserScope, query: UserListQuery): Promise<{ items: UserItem[]; total: number }> {
  const admins = query.admins === true;
  if (admins && !ctx.isSuper) refuse('Forbidden', '只有超级管理员可以管理超级用户');
  let homes: number[] | null = null;
  if (query.homeZtId !== undefined) {
    if (!ctx.scope.all && !ctx.scope.ids.has(query.homeZtId)) refuse('Forbidden', '无权管理该单位的用户');
    const sets = await db.kysely.selectFrom('zt_info').select(['id', 'upper_id']).execute();
    homes = [...subtreeOf(query.homeZtId, sets)];
  } else if (!ctx.scope.all && !admins) {
    homes = [...ctx.scope.ids];
  }
  const filter = (eb: From) => {
    const terms: Expression<SqlBool>[] = [eb('u.is_admin', '=', admins ? 1 : 0)];
    if (homes) terms.push(homes.length ? eb('u.home_zt_id', 'in', homes) : sql<SqlBool>`1 = 0`);
    if (query.loginName?.trim()) terms.push(likeContains(sql`lower(u.login_name)`, query.loginName.trim().toLowerCase()));
    if (query.name?.trim()) terms.push(likeContains(sql`lower(u.name)`, query.name.trim().toLowerCase()));
    if (query.enable !== undefined) terms.push(eb('u.enable', '=', query.enable ? 1 : 0));
    if (query.userTypeId !== undefined) terms.push(eb('u.user_type_id', '=', query.userTypeId));
    if (query.departmentId !== undefined) terms.push(eb('u.department_id', '=', query.departmentId));
    return eb.and(terms);
  };
  const pageSize = query.pageSize ?? 20;
  const pageIndex = query.pageIndex ?? 1;
  const counted = await db.kysely
    .selectFrom('app_user as u')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(filter)
    .executeTakeFirst();
  const rows = await selectUsers(db)
    .select(COLUMNS)
    .where(filter)
    .orderBy('u.login_name')
    .orderBy('u.id')
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize)
    .execute();
  return { items: rows.map(toItem), total: Number(counted?.n ?? 0) };
}
