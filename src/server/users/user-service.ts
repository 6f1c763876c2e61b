/**
 * Writing users (issue 18 §2): create and edit, reset the password, enable and disable, delete.
 * Every write checks the target against the administrator's scope (user-scope.ts), records itself
 * in the operation log in its own transaction (admin/audit.ts; never a password), and ends the
 * sessions it must: a disabled user's at once (the next call is told 账号已被停用), a reset
 * password's at once (the next call is told to sign in with the new initial password).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SaveUserRequest } from '../../shared/api/schemas/users.js';
import { passwordProblem } from '../../shared/password-policy.js';
import { loginNameProblem, normaliseLogin, normalisePhone, phoneProblem, userNameProblem } from '../../shared/user-rules.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { scopeHolds } from '../admin/scope.js';
import { hashPassword } from '../auth/password.js';
import type { RevokeReason } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { conflictOnUnique } from '../db/errors.js';
import type { AppUserRow, Database } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { makeInitialPassword } from './initial-password.js';
import { managedUser, requireUserButton, userScopeOf, type UserScope } from './user-scope.js';
import { workedOnVouchers } from './worked-on-vouchers.js';

/** A user as the log keeps it: the record without its password hash. */
function logged(row: AppUserRow): Omit<AppUserRow, 'password_hash'> {
  const { password_hash: _hash, ...rest } = row;
  return rest;
}

function invalid(message: string): never {
  refuse('ValidationFailed', message, [message]);
}

const LOGIN_TAKEN = '该登录名已被使用（登录名不区分大小写和全半角）';

async function endSessions(trx: Kysely<Database>, userId: number, reason: RevokeReason, now: number): Promise<void> {
  await trx
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

async function enabledSuperCount(q: Kysely<Database>): Promise<number> {
  const row = await q
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('is_admin', '=', 1)
    .where('enable', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The checked fields of a save, each refused with its own message. */
async function checkedFields(db: Db, ctx: UserScope, body: SaveUserRequest, isAdmin: boolean) {
  const loginName = normaliseLogin(body.loginName);
  const name = body.name.trim();
  const phone = normalisePhone(body.phone ?? '');
  const problem = loginNameProblem(loginName) ?? userNameProblem(name) ?? phoneProblem(phone);
  if (problem) invalid(problem);
  const homeZtId = body.homeZtId ?? null;
  if (homeZtId === null) {
    if (!isAdmin) invalid('请选择所属单位');
  } else {
    const zt = await db.kysely.selectFrom('zt_info').select('id').where('id', '=', homeZtId).executeTakeFirst();
    if (!zt) invalid('所属单位不存在');
    if (!scopeHolds(ctx.scope, homeZtId)) refuse('Forbidden', '所属单位不在您管理的范围内');
  }
  const userTypeId = body.userTypeId ?? null;
  if (userTypeId !== null) {
    const type = await db.kysely.selectFrom('user_type').select('id').where('id', '=', userTypeId).executeTakeFirst();
    if (!type) invalid('用户类型不存在');
  }
  const departmentId = body.departmentId ?? null;
  if (departmentId !== null) {
    const department = await db.kysely.selectFrom('department').select('zt_id').where('id', '=', departmentId).executeTakeFirst();
    if (!department) invalid('部门不存在');
    if (Number(department.zt_id) !== homeZtId) invalid('部门须为所属单位的部门');
  }
  return { loginName, name, phone, homeZtId, userTypeId, departmentId };
}

async function loginNameTaken(q: Kysely<Database>, loginName: string, exceptId: number | null): Promise<boolean> {
  let query = q
    .selectFrom('app_user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['login_name']), '=', loginName.toLowerCase()));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function saveUser(db: Db, request: FastifyRequest, body: SaveUserRequest, scryptLogN: number): Promise<number> {
  const ctx = await userScopeOf(db, request);
  const existing = body.id === undefined ? null : await managedUser(db, request, body.id);
  const isAdmin = body.isAdmin ?? !!existing?.is_admin;
  if ((isAdmin || existing?.is_admin) && !ctx.isSuper) refuse('Forbidden', '只有超级管理员可以管理超级用户');
  await requireUserButton(db, request, isAdmin || !!existing?.is_admin, existing ? 'edit' : 'add');
  const fields = await checkedFields(db, ctx, body, isAdmin);
  const now = Date.now();

  if (!existing) {
    const password = body.password ?? '';
    if (!password) invalid('请输入初始密码');
    const problem = passwordProblem(password, fields.loginName);
    if (problem) invalid(problem);
    const hash = await hashPassword(password, scryptLogN);
    return db.kysely.transaction().execute(async (trx) => {
      if (await loginNameTaken(trx, fields.loginName, null)) refuse('Conflict', LOGIN_TAKEN);
      const values = {
        login_name: fields.loginName,
        name: fields.name,
        password_hash: hash,
        is_admin: isAdmin ? 1 : 0,
        enable: 1,
        // The initial password is the administrator's: the user must choose their own at first sign-in.
        must_change_password: 1,
        password_changed_at: now,
        created_at: now,
        home_zt_id: fields.homeZtId,
        phone: fields.phone,
        user_type_id: fields.userTypeId,
        department_id: fields.departmentId,
      };
      const inserted = await trx
        .insertInto('app_user')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(conflictOnUnique(LOGIN_TAKEN));
      const id = Number(inserted.id);
      const { password_hash: _hash, ...after } = values;
      await recordChange(trx, actorOf(request), {
        action: isAdmin ? 'user.createAdmin' : 'user.create',
        target: 'app_user',
        targetId: id,
        ztId: fields.homeZtId,
        summary: `新建${isAdmin ? '超级管理员' : '用户'} ${fields.loginName}（${fields.name}）`,
        after: { id, ...after },
      });
      return id;
    });
  }

  if (existing.id === ctx.selfId && existing.is_admin && !isAdmin) invalid('不能取消自己的超级管理员身份');
  return db.kysely.transaction().execute(async (trx) => {
    if (await loginNameTaken(trx, fields.loginName, existing.id)) refuse('Conflict', LOGIN_TAKEN);
    const changes = {
      login_name: fields.loginName,
      name: fields.name,
      is_admin: isAdmin ? 1 : 0,
      home_zt_id: fields.homeZtId,
      phone: fields.phone,
      user_type_id: fields.userTypeId,
      department_id: fields.departmentId,
    };
    await trx.updateTable('app_user').set(changes).where('id', '=', existing.id).execute().catch(conflictOnUnique(LOGIN_TAKEN));
    if (existing.is_admin && !isAdmin && (await enabledSuperCount(trx)) === 0) invalid('至少须保留一位启用的超级管理员');
    await recordChange(trx, actorOf(request), {
      action: 'user.edit',
      target: 'app_user',
      targetId: existing.id,
      ztId: fields.homeZtId,
      summary: `修改用户 ${fields.loginName}（${fields.name}）`,
      before: logged(existing),
      after: { ...logged(existing), ...changes },
    });
    return existing.id;
  });
}

/** A new initial password (typed by the administrator or made up); the user's sessions end. */
export async function resetPassword(
  db: Db,
  request: FastifyRequest,
  id: number,
  typed: string | undefined,
  scryptLogN: number,
): Promise<string | null> {
  const target = await managedUser(db, request, id);
  await requireUserButton(db, request, !!target.is_admin, 'resetPassword');
  // One's own password is changed with the old one (修改密码), never reset around it.
  if (target.id === (await userScopeOf(db, request)).selfId) invalid('不能重置自己的密码，请使用“修改密码”');
  const given = typed ?? '';
  const password = given || makeInitialPassword(target.login_name);
  const problem = passwordProblem(password, target.login_name);
  if (problem) invalid(problem);
  const hash = await hashPassword(password, scryptLogN);
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('app_user')
      .set({ password_hash: hash, must_change_password: 1, password_changed_at: now })
      .where('id', '=', target.id)
      .execute();
    await endSessions(trx, target.id, 'reset', now);
    await recordChange(trx, actorOf(request), {
      action: 'user.resetPassword',
      target: 'app_user',
      targetId: target.id,
      ztId: target.home_zt_id,
      summary: `重置用户 ${target.login_name}（${target.name}）的密码${given ? '（管理员设定）' : '（系统生成）'}`,
    });
  });
  return given ? null : password;
}

export async function enableUsers(db: Db, request: FastifyRequest, ids: readonly number[], enable: boolean): Promise<void> {
  const ctx = await userScopeOf(db, request);
  const targets: AppUserRow[] = [];
  for (const id of new Set(ids)) targets.push(await managedUser(db, request, id));
  for (const isAdmin of new Set(targets.map((t) => !!t.is_admin))) await requireUserButton(db, request, isAdmin, 'enable');
  if (!enable && targets.some((t) => t.id === ctx.selfId)) invalid('不能停用自己的账号');
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    for (const target of targets) {
      if (!!target.enable === enable) continue;
      await trx
        .updateTable('app_user')
        .set({ enable: enable ? 1 : 0 })
        .where('id', '=', target.id)
        .execute();
      if (!enable) await endSessions(trx, target.id, 'disabled', now);
      await recordChange(trx, actorOf(request), {
        action: enable ? 'user.enable' : 'user.disable',
        target: 'app_user',
        targetId: target.id,
        ztId: target.home_zt_id,
        summary: `${enable ? '启用' : '停用'}用户 ${target.login_name}（${target.name}）`,
        before: { enable: target.enable },
        after: { enable: enable ? 1 : 0 },
      });
    }
    if (!enable && (await enabledSuperCount(trx)) === 0) invalid('至少须保留一位启用的超级管理员');
  });
}

export const KEEP_WHO_WORKED = '该用户编制、审核、记账或签字过凭证，不能删除（账簿须保留经办人）；如不再使用，请停用该用户';

export async function deleteUser(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const ctx = await userScopeOf(db, request);
  const target = await managedUser(db, request, id);
  await requireUserButton(db, request, !!target.is_admin, 'delete');
  if (target.id === ctx.selfId) invalid('不能删除自己的账号');
  await db.kysely.transaction().execute(async (trx) => {
    // Every create, review, booking and signature is in the voucher trail; a closed month names its closer.
    if (await workedOnVouchers(trx, target.id, target.home_zt_id)) refuse('BusinessRule', KEEP_WHO_WORKED);
    const grants = await trx.selectFrom('user_zt_level').selectAll().where('user_id', '=', target.id).execute();
    await trx.deleteFrom('user_zt_level').where('user_id', '=', target.id).execute();
    await trx.deleteFrom('user_pz_type_right').where('user_id', '=', target.id).execute();
    await trx.deleteFrom('session').where('user_id', '=', target.id).execute();
    await trx.deleteFrom('app_user').where('id', '=', target.id).execute();
    await recordChange(trx, actorOf(request), {
      action: 'user.delete',
      target: 'app_user',
      targetId: target.id,
      ztId: target.home_zt_id,
      summary: `删除用户 ${target.login_name}（${target.name}）`,
      before: { ...logged(target), grants },
    });
  });
}
