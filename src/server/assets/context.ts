/**
 * Where a set stands in the asset module: its setting row (initialised or not, from which period, isProvision) and
 * its category tree, both made the first time the set opens the module (idempotent: two first calls racing make one
 * of each). Every asset call starts here, so no lane reads a set without them.
 */
import type { FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { CATEGORY_SEEDS } from '../../../templates/assets/categories.js';
import { authOf, ztOf, type SessionZt } from '../auth/guard.js';
import type { AssetCategoryTable, Database } from '../db/schema.js';
import type { VoucherScope } from '../vouchers/save-service.js';

export type Q = Kysely<Database>;

export interface AssetContext {
  ztId: number;
  /** The session's working year. */
  year: number;
  initDone: boolean;
  initYear: number;
  initMonth: number;
  isProvision: boolean;
  revision: number;
}

async function firstYearOf(q: Q, ztId: number): Promise<number | null> {
  const row = await q
    .selectFrom('zt_year')
    .select((eb) => eb.fn.min<number>('year').as('year'))
    .where('zt_id', '=', ztId)
    .executeTakeFirst();
  return row?.year ?? null;
}

/** The categories of templates/assets/categories.ts, numbered 1..n in order (parents before children). */
export function seededCategories(ztId: number): Insertable<AssetCategoryTable>[] {
  const rows: Insertable<AssetCategoryTable>[] = [];
  let id = 0;
  let sort = 0;
  for (const top of CATEGORY_SEEDS) {
    const parentId = ++id;
    rows.push({
      zt_id: ztId,
      id: parentId,
      parent_id: null,
      asset_class: top.assetClass,
      code: top.code,
      name: top.name,
      life_months: top.lifeYears * 12,
      depreciates: top.depreciates ? 1 : 0,
      builtin: 1,
      sort: ++sort,
    });
    for (const child of top.children ?? []) {
      rows.push({
        zt_id: ztId,
        id: ++id,
        parent_id: parentId,
        asset_class: top.assetClass,
        code: child.code,
        name: child.name,
        life_months: child.lifeYears * 12,
        depreciates: child.depreciates ? 1 : 0,
        builtin: 1,
        sort: ++sort,
      });
    }
  }
  return rows;
}

/** Makes the setting row and the seeded categories of a set that has none. */
export async function ensureAssetSetup(q: Q, zt: Pick<SessionZt, 'id' | 'year'>): Promise<void> {
  const setting = await q.selectFrom('asset_setting').select('zt_id').where('zt_id', '=', zt.id).executeTakeFirst();
  if (setting) return;
  const initYear = (await firstYearOf(q, zt.id)) ?? zt.year;
  await q.transaction().execute(async (trx) => {
    await trx
      .insertInto('asset_setting')
      .values({ zt_id: zt.id, init_year: initYear, init_month: 1, updated_at: Date.now() })
      .onConflict((oc) => oc.column('zt_id').doNothing())
      .execute();
    const any = await trx.selectFrom('asset_category').select('id').where('zt_id', '=', zt.id).limit(1).executeTakeFirst();
    if (!any)
      await trx
        .insertInto('asset_category')
        .values(seededCategories(zt.id))
        .onConflict((oc) => oc.columns(['zt_id', 'id']).doNothing())
        .execute();
  });
}

export async function assetContext(q: Q, zt: Pick<SessionZt, 'id' | 'year'>): Promise<AssetContext> {
  await ensureAssetSetup(q, zt);
  const row = await q.selectFrom('asset_setting').selectAll().where('zt_id', '=', zt.id).executeTakeFirstOrThrow();
  return {
    ztId: zt.id,
    year: zt.year,
    initDone: row.init_done === 1,
    initYear: row.init_year,
    initMonth: row.init_month,
    isProvision: row.is_provision === 1,
    revision: row.revision,
  };
}

/** The voucher save's scope of a request: the session's set, its accounting system and the user. */
export function voucherScopeOf(request: FastifyRequest): VoucherScope {
  const zt = ztOf(request);
  const { user } = authOf(request);
  return { ztId: zt.id, system: zt.accountingSystem, actor: { id: user.id, name: user.name } };
}
