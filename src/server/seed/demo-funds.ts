/**
 * The demo's funds accounting: 示范市总工会 (县级以上) has its two grassroots unions as funding
 * organisations remitting upward (type 1), each keeping 60% and remitting 40%: the federation
 * keeps 25%, owes 15% to the provincial federation (211) for 2025 and 2026, so 经费录入 can split
 * a receipt from the first start. Their 经费单位 items are made and 211 carries the type.
 */
import { FUNDING_TYPES, percentToPpm } from '../../shared/funds/ratios.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { linkJfdwToPayables, putJfdwItem } from '../funds/jfdw.js';
import { putRatio } from '../funds/unit-save.js';

const ppm = (percent: number): number => {
  const parsed = percentToPpm(percent);
  if (!parsed.ok) throw new RangeError(parsed.message);
  return parsed.ppm;
};

export const DEMO_FUNDS_RATIOS = { retained: 25, superiorOne: 15, lowerRetention: 60 } as const;

export async function seedDemoFunds(
  q: Kysely<Database>,
  county: { id: number; years: readonly number[] },
  units: readonly { ztId: number; code: string; name: string }[],
  now: number,
): Promise<void> {
  for (const unit of units) {
    const id = timeOrderedId(now);
    await q
      .insertInto('funds_unit')
      .values({
        zt_id: county.id,
        id,
        kind: 'org',
        code: unit.code,
        name: unit.name,
        lower_zt_id: unit.ztId,
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
    for (const year of county.years) {
      await putRatio(q, county.id, id, year, 1, {
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
    await putJfdwItem(q, county.id, unit.code, unit.name);
  }
  for (const year of county.years) await linkJfdwToPayables(q, { ztId: county.id, year, system: 'union-county' });
}
