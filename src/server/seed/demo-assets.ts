/**
 * The demo's assets (npm start's full demo, after the books): every demo set has the 资产 platform and finished
 * its asset initialisation in the demo ledger year, with cards keyed at initialisation whose totals equal that
 * year's openings of 162/163, 171/172 and 141 (示范市第一机械厂工会: 职工活动中心 and its computers, 慰问品 in
 * stock; a set without asset openings has no cards), so the asset pages open without the redirect to asset-init.
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { AssetClassCode } from '../../shared/assets/constants.js';
import { splitOpening } from '../../shared/assets/card-rules.js';
import { ensureAssetSetup, type Q } from '../assets/context.js';
import { ledgerOf } from '../assets/init.js';
import type { Db } from '../db/database.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { DEMO_LEDGER_YEAR } from './demo-factory.js';
import { DEMO_SETS, openPlatformForDemoSets } from './demo.js';

interface DemoCard {
  no: string;
  name: string;
  category: string;
  /** Share of the class's opening, in quarters (the last card of a class takes what is left). */
  quarters: number;
  quantity: number;
  unit: string;
  lifeMonths: number;
  activation: string;
}

const CARDS: Readonly<Record<AssetClassCode, readonly DemoCard[]>> = {
  1: [
    {
      no: 'GD00001',
      name: '职工活动中心',
      category: '0103',
      quarters: 3,
      quantity: 1,
      unit: '栋',
      lifeMonths: 360,
      activation: '2016-06-15',
    },
    {
      no: 'GD00002',
      name: '台式计算机',
      category: '0201',
      quarters: 1,
      quantity: 5,
      unit: '台',
      lifeMonths: 72,
      activation: '2022-03-10',
    },
  ],
  2: [
    {
      no: 'WX00001',
      name: '财务软件',
      category: '2106',
      quarters: 4,
      quantity: 1,
      unit: '套',
      lifeMonths: 60,
      activation: '2021-01-05',
    },
  ],
  3: [
    {
      no: 'KC00001',
      name: '职工慰问品',
      category: '3103',
      quarters: 4,
      quantity: 100,
      unit: '份',
      lifeMonths: 0,
      activation: '2025-12-20',
    },
  ],
};

async function openingOf(q: Q, ztId: number, code: string | undefined): Promise<number> {
  if (!code) return 0;
  const row = await q
    .selectFrom('subject')
    .select('init_amount')
    .where('zt_id', '=', ztId)
    .where('year', '=', DEMO_LEDGER_YEAR)
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(row?.init_amount ?? 0);
}

async function seedSet(q: Q, ztId: number, system: AccountingSystem, now: number): Promise<void> {
  const categories = await q
    .selectFrom('asset_category')
    .select(['id', 'code', 'asset_class'])
    .where('zt_id', '=', ztId)
    .execute();
  const ledger = ledgerOf(system);
  for (const assetClass of [1, 2, 3] as const) {
    const cost = await openingOf(q, ztId, ledger[assetClass].cost);
    const provision = await openingOf(q, ztId, ledger[assetClass].provision);
    if (cost <= 0) continue;
    const cards = CARDS[assetClass];
    const split = splitOpening(
      cost,
      provision,
      cards.map((c) => c.quarters),
    );
    for (const [i, c] of cards.entries()) {
      const { original, accumulated } = split[i] ?? { original: 0, accumulated: 0 };
      const category = categories.find((x) => x.code === c.category && x.asset_class === assetClass);
      if (!category) throw new Error(`demo: no asset category ${c.category}`);
      await q
        .insertInto('asset_card')
        .values({
          zt_id: ztId,
          id: timeOrderedId(now),
          card_no: c.no,
          asset_class: assetClass,
          category_id: category.id,
          name: c.name,
          unit: c.unit,
          quantity: c.quantity,
          original_value: original,
          init_depreciation: accumulated,
          accumulated_depreciation: accumulated,
          life_months: c.lifeMonths,
          activation_date: c.activation,
          is_init: 1,
          created_by: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
  // The demo's books close January before its assets are keyed: the assets start from the first open month, so
  // its depreciation runs from there (a closed month cannot be run, and runs go month by month).
  const lastClosed = await q
    .selectFrom('period_close')
    .select((eb) => eb.fn.max<number>('month').as('month'))
    .where('zt_id', '=', ztId)
    .where('year', '=', DEMO_LEDGER_YEAR)
    .executeTakeFirst();
  const initMonth = Math.min(12, Number(lastClosed?.month ?? 0) + 1);
  await q
    .updateTable('asset_setting')
    .set({ init_year: DEMO_LEDGER_YEAR, init_month: initMonth, init_done: 1, init_at: now, updated_at: now })
    .where('zt_id', '=', ztId)
    .execute();
}

export async function seedDemoAssets(db: Db, now = Date.now()): Promise<void> {
  // The setting row and the category seed first (their own transaction), then the cards and the finish in one.
  const sets = await db.kysely.selectFrom('zt_info').select(['id', 'code']).execute();
  for (const set of sets)
    if (DEMO_SETS.some((d) => d.code === set.code)) await ensureAssetSetup(db.kysely, { id: set.id, year: DEMO_LEDGER_YEAR });
  await db.kysely.transaction().execute(async (q) => {
    const idOf = await openPlatformForDemoSets(q, 'assets');
    for (const set of DEMO_SETS) {
      const ztId = idOf.get(set.code);
      if (ztId !== undefined) await seedSet(q, ztId, set.system, now);
    }
  });
}
