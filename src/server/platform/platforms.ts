/**
 * 平台管理 (issue 18 §3, the super administrator's): platforms are business modules, each holding
 * top-level menu groups; a ledger set has some of them (zt_platform). Codes are letters or digits,
 * unique whatever their case; names 1-30 characters, unique. A group belongs to one platform at
 * most and the user center to none (it stays the administrator's way back). Recommended platforms
 * are what a new set gets. A platform some set has is not deleted (disable it instead). Every
 * change records an operation-log entry in its transaction.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PlatformItem, MenuGroupOption, SavePlatformRequest } from '../../shared/api/schemas/platform.js';
import type { Paged } from '../../shared/envelope.js';
import { platformCodeProblem, platformNameProblem } from '../../shared/platform/platform-rules.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { conflictOnUnique } from '../db/errors.js';
import { likeContains } from '../db/like.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { isUserCenter } from '../admin/menus.js';
import { refuse } from '../http/app-error.js';

type PlatformRow = { id: number; code: string; name: string; sort: number; enable: number; is_recommend: number };

export async function platformItems(q: Kysely<Database>, rows: readonly PlatformRow[]): Promise<PlatformItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const menus = await q
    .selectFrom('platform_menu as pm')
    .leftJoin('menu as m', (j) => j.onRef('m.href', '=', 'pm.menu_href').on('m.parent_id', 'is', null))
    .select(['pm.platform_id', 'pm.menu_href', 'm.title_name', 'm.sort'])
    .where('pm.platform_id', 'in', ids)
    .execute();
  menus.sort((a, b) => (a.sort ?? 1e9) - (b.sort ?? 1e9) || a.menu_href.localeCompare(b.menu_href));
  const counts = await q
    .selectFrom('zt_platform')
    .select(['platform_id', (eb) => eb.fn.countAll().as('n')])
    .where('platform_id', 'in', ids)
    .groupBy('platform_id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    sort: r.sort,
    enable: !!r.enable,
    isRecommend: !!r.is_recommend,
    menus: menus
      .filter((m) => m.platform_id === r.id)
      .map((m) => ({ href: m.menu_href, titleName: m.title_name ?? `${m.menu_href}（菜单已不存在）` })),
    ztCount: Number(counts.find((c) => c.platform_id === r.id)?.n ?? 0),
  }));
}

const ordered = (q: Kysely<Database>) => q.selectFrom('platform').selectAll().orderBy('sort').orderBy('id');

export async function pagePlatforms(
  db: Db,
  query: { pageIndex?: number; pageSize?: number; keyword?: string },
): Promise<Paged<PlatformItem>> {
  const pageIndex = query.pageIndex ?? 1;
  const pageSize = query.pageSize ?? 20;
  const keyword = (query.keyword ?? '').trim().toLowerCase();
  let base = db.kysely.selectFrom('platform');
  if (keyword)
    base = base.where((eb) =>
      eb.or([likeContains(eb.fn('lower', ['code']), keyword), likeContains(eb.fn('lower', ['name']), keyword)]),
    );
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('sort')
    .orderBy('id')
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize)
    .execute();
  return { currentPageItems: await platformItems(db.kysely, rows), totalItemCount: Number(n) };
}

export async function listPlatforms(db: Db): Promise<PlatformItem[]> {
  return platformItems(db.kysely, await ordered(db.kysely).execute());
}

/** The top-level menu groups but the user center's, with the platform holding each. */
export async function menuGroupOptions(db: Db): Promise<MenuGroupOption[]> {
  const groups = await db.kysely
    .selectFrom('menu as m')
    .leftJoin('platform_menu as pm', 'pm.menu_href', 'm.href')
    .leftJoin('platform as p', 'p.id', 'pm.platform_id')
    .select(['m.href', 'm.title_name', 'pm.platform_id', 'p.name'])
    .where('m.parent_id', 'is', null)
    .orderBy('m.sort')
    .execute();
  return groups
    .filter((g) => !isUserCenter(g.href))
    .map((g) => ({ href: g.href, titleName: g.title_name, platformId: g.platform_id, platformName: g.name }));
}

async function findPlatform(q: Kysely<Database>, id: number): Promise<PlatformRow> {
  return (await q.selectFrom('platform').selectAll().where('id', '=', id).executeTakeFirst()) ?? refuse('NotFound', '平台不存在');
}

export async function savePlatform(db: Db, request: FastifyRequest, body: SavePlatformRequest): Promise<number> {
  const code = body.code.trim();
  const name = body.name.trim();
  const problem = platformCodeProblem(code) ?? platformNameProblem(name);
  if (problem) refuse('ValidationFailed', problem);
  const hrefs = [...new Set(body.menuHrefs)];
  const groups = await db.kysely
    .selectFrom('menu as m')
    .leftJoin('platform_menu as pm', 'pm.menu_href', 'm.href')
    .leftJoin('platform as p', 'p.id', 'pm.platform_id')
    .select(['m.href', 'm.title_name', 'm.parent_id', 'p.id as platform_id', 'p.name as platform_name'])
    .where('m.href', 'in', hrefs.length ? hrefs : [''])
    .execute();
  for (const href of hrefs) {
    const group = groups.find((g) => g.href === href && g.parent_id === null);
    if (!group) refuse('ValidationFailed', `“${href}”不是一级菜单组`);
    if (isUserCenter(href)) refuse('BusinessRule', '用户中心不属于任何平台：它须始终可用');
    if (group.platform_id !== null && group.platform_id !== body.id)
      refuse('BusinessRule', `菜单组“${group.title_name}”已属于平台“${group.platform_name ?? ''}”，请先从该平台移出`);
  }
  const before = body.id === undefined ? null : await findPlatform(db.kysely, body.id);
  const twins = await db.kysely
    .selectFrom('platform')
    .select(['id', 'code', 'name'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['code']), '=', code.toLowerCase()), eb('name', '=', name)]))
    .execute();
  const twin = twins.find((t) => t.id !== body.id);
  if (twin)
    refuse(
      'Conflict',
      twin.code.toLowerCase() === code.toLowerCase()
        ? `平台编码 ${code} 已被平台“${twin.name}”使用`
        : `已有名为“${name}”的平台（编码 ${twin.code}）`,
    );
  const beforeMenus = before
    ? (await db.kysely.selectFrom('platform_menu').select('menu_href').where('platform_id', '=', before.id).execute()).map(
        (m) => m.menu_href,
      )
    : [];
  return db.kysely
    .transaction()
    .execute(async (trx) => {
      let id: number;
      if (before) {
        id = before.id;
        await trx.updateTable('platform').set({ code, name }).where('id', '=', id).execute();
        await trx.deleteFrom('platform_menu').where('platform_id', '=', id).execute();
      } else {
        const { top } = await trx
          .selectFrom('platform')
          .select((eb) => eb.fn.max('sort').as('top'))
          .executeTakeFirstOrThrow();
        id = (
          await trx
            .insertInto('platform')
            .values({ code, name, sort: Number(top ?? 0) + 1, enable: 1, is_recommend: 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      if (hrefs.length)
        await trx
          .insertInto('platform_menu')
          .values(hrefs.map((menu_href) => ({ platform_id: id, menu_href })))
          .execute();
      await recordChange(trx, actorOf(request), {
        action: before ? 'platform.edit' : 'platform.create',
        target: 'platform',
        targetId: id,
        ztId: null,
        summary: `${before ? '修改' : '新建'}平台 ${code} ${name}`,
        before: before ? { code: before.code, name: before.name, menus: beforeMenus } : undefined,
        after: { code, name, menus: hrefs },
      });
      return id;
    })
    .catch(conflictOnUnique(`平台编码 ${code} 或其菜单组已被占用`));
}

export async function enablePlatform(db: Db, request: FastifyRequest, id: number, enable: boolean): Promise<void> {
  const row = await findPlatform(db.kysely, id);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('platform')
      .set({ enable: enable ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await recordChange(trx, actorOf(request), {
      action: enable ? 'platform.enable' : 'platform.disable',
      target: 'platform',
      targetId: id,
      ztId: null,
      summary: `${enable ? '启用' : '停用'}平台 ${row.name}`,
      before: { enable: row.enable },
      after: { enable: enable ? 1 : 0 },
    });
  });
}

export async function recommendPlatform(db: Db, request: FastifyRequest, id: number, isRecommend: boolean): Promise<void> {
  const row = await findPlatform(db.kysely, id);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('platform')
      .set({ is_recommend: isRecommend ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await recordChange(trx, actorOf(request), {
      action: 'platform.recommend',
      target: 'platform',
      targetId: id,
      ztId: null,
      summary: `${isRecommend ? '推荐' : '取消推荐'}平台 ${row.name}`,
      before: { isRecommend: row.is_recommend },
      after: { isRecommend: isRecommend ? 1 : 0 },
    });
  });
}

/** Puts the platforms in the order given, in the sort values they held among themselves (others stay). */
export async function sortPlatforms(db: Db, request: FastifyRequest, ids: readonly number[]): Promise<void> {
  if (new Set(ids).size !== ids.length) refuse('ValidationFailed', '平台重复');
  const rows: PlatformRow[] = [];
  for (const id of ids) rows.push(await findPlatform(db.kysely, id));
  const slots = rows.map((r) => r.sort).sort((a, b) => a - b);
  // Equal sort values would leave the order to chance: spread them first.
  for (let i = 1; i < slots.length; i++) if ((slots[i] ?? 0) <= (slots[i - 1] ?? 0)) slots[i] = (slots[i - 1] ?? 0) + 1;
  await db.kysely.transaction().execute(async (trx) => {
    for (const [i, row] of rows.entries())
      await trx
        .updateTable('platform')
        .set({ sort: slots[i] ?? row.sort })
        .where('id', '=', row.id)
        .execute();
    await recordChange(trx, actorOf(request), {
      action: 'platform.sort',
      target: 'platform',
      targetId: null,
      ztId: null,
      summary: `调整平台顺序：${rows.map((r) => r.name).join('、')}`,
      before: rows.map((r) => ({ id: r.id, sort: r.sort })),
      after: rows.map((r, i) => ({ id: r.id, sort: slots[i] })),
    });
  });
}

export async function deletePlatform(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const row = await findPlatform(db.kysely, id);
  const menus = await db.kysely.selectFrom('platform_menu').select('menu_href').where('platform_id', '=', id).execute();
  await db.kysely.transaction().execute(async (trx) => {
    // Read in the transaction that deletes: a set given the platform meanwhile keeps it.
    const users = await trx
      .selectFrom('zt_platform as zp')
      .innerJoin('zt_info as z', 'z.id', 'zp.zt_id')
      .select(['z.code', 'z.name'])
      .where('zp.platform_id', '=', id)
      .orderBy('z.code')
      .execute();
    if (users.length > 0) {
      const named = users.slice(0, 3).map((z) => `${z.code} ${z.name}`);
      const more = users.length > 3 ? ` 等${users.length}个账套` : '';
      refuse('BusinessRule', `平台“${row.name}”仍有账套在用（${named.join('、')}${more}），不能删除；可改为停用`, {
        ztCount: users.length,
      });
    }
    await trx.deleteFrom('platform_menu').where('platform_id', '=', id).execute();
    await trx.deleteFrom('platform').where('id', '=', id).execute();
    await recordChange(trx, actorOf(request), {
      action: 'platform.delete',
      target: 'platform',
      targetId: id,
      ztId: null,
      summary: `删除平台 ${row.code} ${row.name}`,
      before: { code: row.code, name: row.name, menus: menus.map((m) => m.menu_href) },
    });
  });
}
