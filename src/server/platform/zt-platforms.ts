/**
 * The platforms of a ledger set (listByZtId, and the checklist of 账套管理's edit dialog). Read
 * and changed only for sets in the caller's scope (admin/scope.ts). A subtree administrator opens
 * for a set only platforms its own set has (no escalation: a county cannot give its unions a
 * module it was not given); it may take any away. A new set gets the recommended platforms.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PlatformItem, SaveZtPlatformsRequest } from '../../shared/api/schemas/platform.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { requireManagedSets } from '../admin/scope.js';
import { authOf } from '../auth/guard.js';
import { refuse } from '../http/app-error.js';
import { platformItems } from './platforms.js';

async function heldIds(q: Kysely<Database>, ztId: number): Promise<number[]> {
  const rows = await q.selectFrom('zt_platform').select('platform_id').where('zt_id', '=', ztId).execute();
  return rows.map((r) => r.platform_id);
}

async function findSet(db: Db, ztId: number): Promise<{ id: number; code: string; name: string }> {
  return (
    (await db.kysely.selectFrom('zt_info').select(['id', 'code', 'name']).where('id', '=', ztId).executeTakeFirst()) ??
    refuse('NotFound', '账套不存在')
  );
}

export async function platformsOfSet(db: Db, request: FastifyRequest, ztId: number): Promise<PlatformItem[]> {
  await requireManagedSets(db, request, [ztId]);
  await findSet(db, ztId);
  const rows = await db.kysely
    .selectFrom('platform as p')
    .innerJoin('zt_platform as zp', 'zp.platform_id', 'p.id')
    .selectAll('p')
    .where('zp.zt_id', '=', ztId)
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
  return platformItems(db.kysely, rows);
}

export async function saveSetPlatforms(db: Db, request: FastifyRequest, body: SaveZtPlatformsRequest): Promise<void> {
  await requireManagedSets(db, request, [body.ztId]);
  const set = await findSet(db, body.ztId);
  const wanted = [...new Set(body.platformIds)];
  const platforms = await db.kysely.selectFrom('platform').select(['id', 'name']).orderBy('sort').execute();
  const unknown = wanted.filter((id) => !platforms.some((p) => p.id === id));
  if (unknown.length) refuse('NotFound', `平台 ${unknown.join('、')} 不存在`);
  const before = await heldIds(db.kysely, body.ztId);
  const added = wanted.filter((id) => !before.includes(id));
  const { user, zt } = authOf(request);
  if (!user.is_admin && added.length) {
    const own = zt ? await heldIds(db.kysely, zt.id) : [];
    const beyond = platforms.filter((p) => added.includes(p.id) && !own.includes(p.id));
    if (beyond.length) refuse('Forbidden', `本单位未开通${beyond.map((p) => p.name).join('、')}平台，不能为下级账套开通`);
  }
  const names = (ids: readonly number[]) =>
    platforms
      .filter((p) => ids.includes(p.id))
      .map((p) => p.name)
      .join('、') || '无';
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('zt_platform').where('zt_id', '=', body.ztId).execute();
    if (wanted.length)
      await trx
        .insertInto('zt_platform')
        .values(wanted.map((platform_id) => ({ zt_id: body.ztId, platform_id })))
        .execute();
    await recordChange(trx, actorOf(request), {
      action: 'zt.platforms',
      target: 'zt_info',
      targetId: body.ztId,
      ztId: body.ztId,
      summary: `设置账套 ${set.code} ${set.name} 的平台：${names(wanted)}`,
      before: { platforms: names(before) },
      after: { platforms: names(wanted) },
    });
  });
}

/** Gives new sets the recommended platforms (inside the transaction that creates them). */
export async function giveRecommendedPlatforms(q: Kysely<Database>, ztIds: readonly number[]): Promise<void> {
  if (ztIds.length === 0) return;
  const recommended = await q.selectFrom('platform').select('id').where('is_recommend', '=', 1).execute();
  const rows = ztIds.flatMap((zt_id) => recommended.map((p) => ({ zt_id, platform_id: p.id })));
  // A few hundred rows per statement: a workbook of thousands of sets stays within the parameter limits.
  for (let at = 0; at < rows.length; at += 400)
    await q
      .insertInto('zt_platform')
      .values(rows.slice(at, at + 400))
      .execute();
}
