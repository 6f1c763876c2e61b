/**
 * Funds units and their ratios written straight into the database, for tests of the funds-entry,
 * voucher and register code that need configured units without going through the units pages.
 * Ratios are given as percentages (as typed), stored as ppm.
 */
import { percentToPpm } from '../../shared/funds/ratios.js';
import type { Db } from '../db/database.js';
import { timeOrderedId } from '../db/time-ordered-id.js';

export interface FixtureRatios {
  fromYear: number;
  fromMonth?: number;
  /** Percent of the whole; defaults to the sum of the shares. */
  base?: number;
  retained?: number;
  superiorOne?: number;
  superiorTwo?: number;
  lower?: number;
  preparatory?: number;
  smallBusiness?: number;
  collectionFee?: number;
  subjects?: Partial<
    Record<'retained' | 'superiorOne' | 'superiorTwo' | 'lower' | 'preparatory' | 'smallBusiness' | 'collectionFee', string>
  >;
}

function ppm(percent: number | undefined): number {
  if (percent === undefined) return 0;
  const parsed = percentToPpm(percent);
  if (!parsed.ok) throw new RangeError(parsed.message);
  return parsed.ppm;
}

/** Inserts a lower unit (kind 'lower', keyed by hand unless lowerZtId is given); answers its id. */
export async function insertFundsUnit(
  db: Db,
  ztId: number,
  unit: { code: string; name: string; kind?: 'org' | 'lower'; lowerZtId?: number; sameLevel?: boolean; fundingType?: number },
): Promise<string> {
  const id = timeOrderedId();
  await db.kysely
    .insertInto('funds_unit')
    .values({
      zt_id: ztId,
      id,
      kind: unit.kind ?? 'lower',
      code: unit.code,
      name: unit.name,
      lower_zt_id: unit.lowerZtId ?? null,
      hand: unit.lowerZtId === undefined ? 1 : 0,
      same_level: unit.sameLevel ? 1 : 0,
      funding_type: unit.fundingType ?? null,
      tax_id: null,
      ceo: null,
      cfo: null,
      phone: null,
      zip: null,
      address: null,
      number_of_units: null,
      created_at: Date.now(),
    })
    .execute();
  return id;
}

export async function insertFundsRatio(db: Db, ztId: number, unitId: string, r: FixtureRatios): Promise<void> {
  const shares = {
    retained_ppm: ppm(r.retained),
    superior_one_ppm: ppm(r.superiorOne),
    superior_two_ppm: ppm(r.superiorTwo),
    lower_ppm: ppm(r.lower),
    preparatory_ppm: ppm(r.preparatory),
    small_business_ppm: ppm(r.smallBusiness),
  };
  const sum = Object.values(shares).reduce((a, b) => a + b, 0);
  await db.kysely
    .insertInto('funds_ratio')
    .values({
      zt_id: ztId,
      unit_id: unitId,
      from_year: r.fromYear,
      from_month: r.fromMonth ?? 1,
      base_ppm: r.base === undefined ? sum : ppm(r.base),
      ...shares,
      collection_fee_ppm: ppm(r.collectionFee),
      lower_retention_ppm: null,
      retained_subject: r.subjects?.retained ?? null,
      superior_one_subject: r.subjects?.superiorOne ?? null,
      superior_two_subject: r.subjects?.superiorTwo ?? null,
      lower_subject: r.subjects?.lower ?? null,
      preparatory_subject: r.subjects?.preparatory ?? null,
      small_business_subject: r.subjects?.smallBusiness ?? null,
      collection_fee_subject: r.subjects?.collectionFee ?? null,
      payable_of_the_year_amount: null,
      annual_the_year_amount: null,
    })
    .execute();
}
