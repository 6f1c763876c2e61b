/**
 * The demo's funds (npm start's full demo, after the books): every demo set has the 经费 platform,
 * and 示范市总工会 (县级以上) has its two grassroots unions as funding organisations remitting
 * upward (type 1), each keeping 60% and remitting 40%: the federation keeps 25% and owes 15% to
 * the provincial federation (211), for every demo year, so 经费录入 splits a receipt from the first
 * start. Their 经费单位 items are made and 211 carries the type.
 */
import { FUNDING_TYPES, percentToPpm } from '../../shared/funds/ratios.js';
import type { Db } from '../db/database.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { linkJfdwToPayables, putJfdwItem } from '../funds/jfdw.js';
import { putRatio } from '../funds/unit-save.js';
import { DEMO_SETS, DEMO_YEARS, openPlatformForDemoSets } from './demo.js';

export const DEMO_FUNDS_RATIOS = { retained: 25, superiorOne: 15, lowerRetention: 60 } as const;

const ppm = (percent: number): number => {
  const parsed = percentToPpm(percent);
  if (!parsed.ok) throw new RangeError(parsed.message);
  return parsed.ppm;
};

export async function seedDemoFunds(db: Db, now = Date.now()): Promise<void> {
  await db.kysely.transaction().execute(async (q) => {
    const idOf = await openPlatformForDemoSets(q, 'funds');
    const county = DEMO_SETS.find((s) => s.system === 'union-county');
    const countyId = county && idOf.get(county.code);
    if (!county || countyId === undefined) throw new Error('demo: no federation');
    for (const unit of DEMO_SETS.filter((s) => s.upper === county.code)) {
      const id = timeOrderedId(now);
      await q
        .insertInto('funds_unit')
        .values({
          zt_id: countyId,
          id,
          kind: 'org',
          code: unit.code,
          name: unit.name,
          lower_zt_id: idOf.get(unit.code) ?? null,
          hand: 0,
          same_level: 0,
          funding_type: FUNDING_TYPES.remitUpward,
          tax_id: null,
          ceo: null,
          cfo: null,
          phone: null,
          zip: null,
          address: null,
          number_of_units: 1,
          created_at: now,
        })
        .execute();
      for (const year of DEMO_YEARS) {
        await putRatio(q, countyId, id, year, 1, {
          basePpm: ppm(DEMO_FUNDS_RATIOS.retained + DEMO_FUNDS_RATIOS.superiorOne),
          lowerRetentionPpm: ppm(DEMO_FUNDS_RATIOS.lowerRetention),
          collectionFeePpm: 0,
          sharesPpm: {
            retained: ppm(DEMO_FUNDS_RATIOS.retained),
            superiorOne: ppm(DEMO_FUNDS_RATIOS.superiorOne),
            superiorTwo: 0,
            lower: 0,
            preparatory: 0,
            smallBusiness: 0,
          },
          subjects: {},
          payableFen: null,
          annualFen: null,
        });
      }
      await putJfdwItem(q, countyId, unit.code, unit.name);
    }
    for (const year of DEMO_YEARS) await linkJfdwToPayables(q, { ztId: countyId, year, system: 'union-county' });
  });
}
