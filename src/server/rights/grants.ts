/**
 * The role a user holds in each ledger set, and the voucher categories the user may use there.
 * An administrator replaces a user's grants within its own scope; grants in sets outside it stay
 * as they are. The guard reads the session's role afresh on every call (auth/sessions.ts joins
 * user_zt_level; the read cache drops it when user_zt_level or user_level is written), so a changed
 * grant is the user's at the next call, and a withdrawn one leaves the session without the set.
 */
import type { FastifyRequest } from 'fastify';
import type { SaveUserGrantsRequest, SaveUserPzTypesRequest, UserGrants, UserPzTypes } from '../../shared/api/schemas/rights.js';
import type { Db } from '../db/database.js';
import type { AppUser } from '../db/schema.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { scopeHolds } from '../admin/scope.js';
import { refuse } from '../http/app-error.js';
import { normaliseLoginName } from '../auth/login-name.js';
import { findRole, roleReaches, seesRole, type Caller } from './caller.js';

/**
 * The user whose grants the caller may read and change: not the super administrator's (who holds
 * every set) unless the caller is one, never the caller's own (a subtree administrator would raise
 * itself), and for a subtree administrator a user whose home unit is in its scope (the users it
 * lists and edits, users/user-scope.ts), or one granted somewhere in its scope, or one without a
 * home nor grants yet. A user at home in another unit and granted nowhere is that unit's to grant.
 */
export async function manageableUser(db: Db, caller: Caller, userId: number): Promise<AppUser> {
  const user = await db.kysely.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) refuse('NotFound', '用户不存在');
  if (caller.isSuper) return user;
  if (user.is_admin) refuse('Forbidden', '无权管理超级管理员的授权');
  if (user.id === caller.user.id) refuse('Forbidden', '不能修改自己的授权');
  if (user.home_zt_id !== null && scopeHolds(caller.scope, user.home_zt_id)) return user;
  const sets = await db.kysely.selectFrom('user_zt_level').select('zt_id').where('user_id', '=', userId).execute();
  const unclaimed = sets.length === 0 && user.home_zt_id === null;
  if (!unclaimed && !sets.some((s) => scopeHolds(caller.scope, s.zt_id))) refuse('Forbidden', '无权管理该用户');
  return user;
}

/** The id of the user with the login name as typed (normalised as sign-in does). */
export async function userIdOfLogin(db: Db, typed: string): Promise<number> {
  const user = await db.kysely
    .selectFrom('app_user')
    .select('id')
    .where('login_name', '=', normaliseLoginName(typed))
    .executeTakeFirst();
  if (!user) refuse('NotFound', `没有登录名为“${typed.trim()}”的用户`);
  return user.id;
}

async function managedSets(db: Db, caller: Caller) {
  const all = await db.kysely.selectFrom('zt_info').select(['id', 'code', 'name', 'upper_id']).orderBy('code').execute();
  return { all, managed: all.filter((z) => scopeHolds(caller.scope, z.id)) };
}

export async function userGrants(db: Db, caller: Caller, userId: number): Promise<UserGrants> {
  const user = await manageableUser(db, caller, userId);
  const { managed } = await managedSets(db, caller);
  const held = await db.kysely
    .selectFrom('user_zt_level as g')
    .innerJoin('user_level as l', 'l.id', 'g.user_level_id')
    .select(['g.zt_id', 'g.user_level_id', 'l.name'])
    .where('g.user_id', '=', userId)
    .execute();
  const byZt = new Map(held.map((h) => [h.zt_id, h]));
  return {
    userId: user.id,
    loginName: user.login_name,
    name: user.name,
    ztLevels: managed.map((z) => {
      const h = byZt.get(z.id);
      return {
        ztId: z.id,
        ztCode: z.code,
        ztName: z.name,
        upperId: z.upper_id,
        userLevelId: h?.user_level_id ?? null,
        userLevelName: h?.name ?? null,
      };
    }),
  };
}

export async function saveUserGrants(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  body: SaveUserGrantsRequest,
): Promise<void> {
  const user = await manageableUser(db, caller, body.userId);
  const { all } = await managedSets(db, caller);
  const names = new Map(all.map((z) => [z.id, z.name]));
  const before = (await db.kysely.selectFrom('user_zt_level').selectAll().where('user_id', '=', user.id).execute()).filter((g) =>
    scopeHolds(caller.scope, g.zt_id),
  );
  const was = new Map(before.map((g) => [g.zt_id, g.user_level_id]));
  const seen = new Set<number>();
  for (const { ztId, userLevelId } of body.ztLevels) {
    if (!names.has(ztId)) refuse('ValidationFailed', `账套 ${ztId} 不存在`);
    if (!scopeHolds(caller.scope, ztId)) refuse('Forbidden', `无权管理账套“${names.get(ztId)}”`);
    if (seen.has(ztId)) refuse('ValidationFailed', `账套“${names.get(ztId)}”只能授予一个角色`);
    seen.add(ztId);
    // A grant kept as it is needs no check (its role may since have been disabled: it grants nothing then).
    if (was.get(ztId) === userLevelId) continue;
    const role = await findRole(db, userLevelId).catch(() => refuse('ValidationFailed', `角色 ${userLevelId} 不存在`));
    if (!seesRole(caller, role)) refuse('ValidationFailed', `角色 ${userLevelId} 不存在`);
    if (!role.enable) refuse('BusinessRule', `角色“${role.name}”已停用，不能授予`);
    if (!roleReaches(role, ztId, all)) refuse('Forbidden', `角色“${role.name}”属于其他单位，不能在账套“${names.get(ztId)}”授予`);
  }
  const now = new Map(body.ztLevels.map((g) => [g.ztId, g.userLevelId]));
  const changed = [...new Set([...was.keys(), ...now.keys()])].filter((zt) => was.get(zt) !== now.get(zt));
  if (changed.length === 0) return;
  const levelNames = new Map(
    (await db.kysely.selectFrom('user_level').select(['id', 'name']).execute()).map((l) => [l.id, l.name]),
  );
  const actor = actorOf(request);
  await db.kysely.transaction().execute(async (trx) => {
    for (const zt of changed) {
      await trx.deleteFrom('user_zt_level').where('user_id', '=', user.id).where('zt_id', '=', zt).execute();
      const level = now.get(zt);
      if (level !== undefined)
        await trx.insertInto('user_zt_level').values({ user_id: user.id, zt_id: zt, user_level_id: level }).execute();
      // Voucher-category rights belong to the role held there: withdrawn with it.
      else await trx.deleteFrom('user_pz_type_right').where('user_id', '=', user.id).where('zt_id', '=', zt).execute();
      const from = was.get(zt);
      const to = level === undefined ? '（无）' : (levelNames.get(level) ?? String(level));
      await recordChange(trx, actor, {
        action: level === undefined ? 'role.revoke' : 'role.grant',
        target: 'user_zt_level',
        targetId: user.id,
        ztId: zt,
        summary: `${user.name}（${user.login_name}）在“${names.get(zt)}”的角色：${from === undefined ? '（无）' : (levelNames.get(from) ?? from)} → ${to}`,
        before: from === undefined ? null : { userId: user.id, ztId: zt, userLevelId: from },
        after: level === undefined ? null : { userId: user.id, ztId: zt, userLevelId: level },
      });
    }
  });
}

async function pzContext(db: Db, caller: Caller, userId: number, ztId: number) {
  const user = await manageableUser(db, caller, userId);
  const zt = await db.kysely.selectFrom('zt_info').select(['id', 'name']).where('id', '=', ztId).executeTakeFirst();
  if (!zt) refuse('NotFound', '账套不存在');
  if (!scopeHolds(caller.scope, ztId)) refuse('Forbidden', '无权管理该账套');
  const types = await db.kysely
    .selectFrom('certificate_type')
    .select(['value', 'name', 'entry'])
    .where('zt_id', '=', ztId)
    .orderBy('sort')
    .execute();
  return { user, zt, types };
}

export async function userPzTypes(db: Db, caller: Caller, userId: number, ztId: number): Promise<UserPzTypes> {
  const { types } = await pzContext(db, caller, userId, ztId);
  const rows = await db.kysely
    .selectFrom('user_pz_type_right')
    .select('certificate_type')
    .where('user_id', '=', userId)
    .where('zt_id', '=', ztId)
    .execute();
  const allowed = new Set(rows.map((r) => r.certificate_type));
  const all = rows.length === 0;
  return {
    userId,
    ztId,
    all,
    types: types.map((t) => ({ value: t.value, name: t.name, entry: t.entry, allowed: all || allowed.has(t.value) })),
  };
}

export async function saveUserPzTypes(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  body: SaveUserPzTypesRequest,
): Promise<void> {
  const { user, zt, types } = await pzContext(db, caller, body.userId, body.ztId);
  const granted = await db.kysely
    .selectFrom('user_zt_level')
    .select('user_level_id')
    .where('user_id', '=', user.id)
    .where('zt_id', '=', zt.id)
    .executeTakeFirst();
  if (!granted) refuse('BusinessRule', `${user.name}在“${zt.name}”没有角色，请先授予角色`);
  const list = body.certificateTypes === null ? null : [...new Set(body.certificateTypes)];
  if (list !== null) {
    if (list.length === 0) refuse('ValidationFailed', '请至少选择一个凭证类别；不限制请选“全部类别”');
    const unknown = list.filter((v) => !types.some((t) => t.value === v));
    if (unknown.length > 0) refuse('ValidationFailed', `账套“${zt.name}”没有凭证类别 ${unknown.join('、')}`);
  }
  const before = (
    await db.kysely
      .selectFrom('user_pz_type_right')
      .select('certificate_type')
      .where('user_id', '=', user.id)
      .where('zt_id', '=', zt.id)
      .execute()
  ).map((r) => r.certificate_type);
  const label = (values: number[] | null) =>
    values === null || values.length === 0
      ? '全部类别'
      : values.map((v) => types.find((t) => t.value === v)?.name ?? v).join('、');
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_pz_type_right').where('user_id', '=', user.id).where('zt_id', '=', zt.id).execute();
    if (list !== null && list.length < types.length) {
      await trx
        .insertInto('user_pz_type_right')
        .values(list.map((v) => ({ user_id: user.id, zt_id: zt.id, certificate_type: v })))
        .execute();
    }
    await recordChange(trx, actorOf(request), {
      action: 'role.pzTypes',
      target: 'user_pz_type_right',
      targetId: user.id,
      ztId: zt.id,
      summary: `${user.name}（${user.login_name}）在“${zt.name}”可用的凭证类别：${label(before)} → ${label(list)}`,
      before: before.length === 0 ? null : before,
      after: list,
    });
  });
}
