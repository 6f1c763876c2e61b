/** Test fixtures for ledger data: demo set ids by name, and an extra ledger set of any accounting system. */
import type { AccountingSystem } from '../../shared/api/auth.js';
import { chartForSystem } from '../../../templates/charts/index.js';
import type { Db } from '../db/database.js';
import { loadChart } from '../subjects/load-chart.js';
import { seedBuiltInAuxiliary } from '../auxiliary/seed-types.js';
import { giveRecommendedPlatforms } from '../platform/zt-platforms.js';

export async function setIds(db: Db): Promise<(name: string) => number> {
  const ids = new Map((await db.kysely.selectFrom('zt_info').select(['id', 'name']).execute()).map((z) => [z.name, z.id]));
  return (name) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`no ledger set ${name}`);
    return id;
  };
}

/** Creates a ledger set with its chart for the year, granted to the named users as accountant. */
export async function createSet(
  db: Db,
  options: { name: string; code: string; system: AccountingSystem; year?: number; users?: string[] },
): Promise<number> {
  const year = options.year ?? 2026;
  return db.kysely.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('zt_info')
      .values({
        name: options.name,
        code: options.code,
        expire_time: null,
        level: 2,
        enable: 1,
        is_improve_unit: 0,
        is_asset_check: 0,
        upper_id: null,
        accounting_system: options.system,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedBuiltInAuxiliary(trx, id);
    await giveRecommendedPlatforms(trx, [id]);
    await trx.insertInto('zt_year').values({ zt_id: id, year, account_month: 1, subjects_initialised: 0 }).execute();
    await loadChart({ ...db, kysely: trx }, chartForSystem(options.system), id, year);
    const level = await trx.selectFrom('user_level').select('id').where('code', '=', 'accountant').executeTakeFirstOrThrow();
    for (const login of options.users ?? []) {
      const user = await trx.selectFrom('app_user').select('id').where('login_name', '=', login).executeTakeFirstOrThrow();
      await trx.insertInto('user_zt_level').values({ user_id: user.id, zt_id: id, user_level_id: level.id }).execute();
    }
    return id;
  });
}

/** Opens a platform (migration 0026, by its code) for the set: its pages and calls are closed without it. */
export async function openPlatform(db: Db, ztId: number, code: string): Promise<void> {
  const platform = await db.kysely.selectFrom('platform').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('zt_platform')
    .values({ zt_id: ztId, platform_id: platform.id })
    .onConflict((c) => c.doNothing())
    .execute();
}
