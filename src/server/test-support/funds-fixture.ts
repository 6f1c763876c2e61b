/**
 * Funds data written straight into the database, for tests and benches of the funds-entry,
 * voucher and register code that need configured units without going through the units pages:
 * units and their ratios (given as percentages, as typed, stored as ppm), the 经费单位 (JFDW)
 * type with an item per unit linked to the subjects named (what funds/jfdw.ts keeps in step with
 * the units page), receipts as the grid saves them, and the 经费 platform opened for a set.
 */
import { percentToPpm } from '../../shared/funds/ratios.js';
import type { Db } from '../db/database.js';
import { openPlatform } from './ledger-fixtures.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { FUNDS_UNIT_AUXI_TYPE } from '../funds/ratio-lookup.js';

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

/** The JFDW type (if missing), an item per unit, and the type on each subject named in each year. */
export async function insertUnitItems(
  db: Db,
  ztId: number,
  options: { years: readonly number[]; units: readonly { code: string; name: string }[]; subjects: readonly string[] },
): Promise<void> {
  const { typeNo, typeName } = FUNDS_UNIT_AUXI_TYPE;
  const q = db.kysely;
  const type = await q
    .selectFrom('auxi_type')
    .select('type_no')
    .where('zt_id', '=', ztId)
    .where('type_no', '=', typeNo)
    .executeTakeFirst();
  if (!type) {
    await q
      .insertInto('auxi_type')
      .values({ zt_id: ztId, type_no: typeNo, type_name: typeName, built_in_system: 0, enable: 1, sort: 90 })
      .execute();
  }
  if (options.units.length > 0) {
    await q
      .insertInto('auxi_info')
      .values(
        options.units.map((u) => ({
          zt_id: ztId,
          type_no: typeNo,
          info_no: u.code,
          info_name: u.name,
          parent_no: null,
          is_enable: 1,
        })),
      )
      .onConflict((c) => c.doNothing())
      .execute();
  }
  // The demo's federation has its 211 linked already (seed/demo-funds.ts).
  for (const year of options.years) {
    for (const code of options.subjects) {
      await q
        .insertInto('subject_auxi_type')
        .values({ zt_id: ztId, year, code, type_no: typeNo })
        .onConflict((c) => c.doNothing())
        .execute();
    }
  }
}

export interface FixtureReceipt {
  year: number;
  month: number;
  rowNo: number;
  unitId: string;
  /** Fen. */
  amount: number;
  bankCode: string;
  paidOn: string;
  summary?: string;
  /** The voucher made from it and the shares it was made with (fen). */
  voucherId?: string;
  shares?: Partial<
    Record<'retained' | 'superiorOne' | 'superiorTwo' | 'lower' | 'preparatory' | 'smallBusiness' | 'collectionFee', number>
  >;
}

export async function insertFundsReceipt(db: Db, ztId: number, userId: number, r: FixtureReceipt): Promise<string> {
  const id = timeOrderedId();
  const s = r.shares;
  await db.kysely
    .insertInto('funds_receipt')
    .values({
      zt_id: ztId,
      id,
      year: r.year,
      month: r.month,
      row_no: r.rowNo,
      unit_id: r.unitId,
      amount: r.amount,
      bank_code: r.bankCode,
      paid_on: r.paidOn,
      summary: r.summary ?? null,
      retained_amount: s ? (s.retained ?? 0) : null,
      superior_one_amount: s ? (s.superiorOne ?? 0) : null,
      superior_two_amount: s ? (s.superiorTwo ?? 0) : null,
      lower_amount: s ? (s.lower ?? 0) : null,
      preparatory_amount: s ? (s.preparatory ?? 0) : null,
      small_business_amount: s ? (s.smallBusiness ?? 0) : null,
      collection_fee_amount: s ? (s.collectionFee ?? 0) : null,
      voucher_id: r.voucherId ?? null,
      created_by: userId,
      created_at: Date.now(),
    })
    .execute();
  return id;
}

/** Opens the 经费 platform (migration 0026) for the set: its pages and calls are closed without it. */
export function openFundsPlatform(db: Db, ztId: number): Promise<void> {
  return openPlatform(db, ztId, 'funds');
}

/** The set's default subject of some shares (funds_setting); the others none. */
export async function insertFundsSetting(
  db: Db,
  ztId: number,
  subjects: Partial<Record<'retained' | 'superior' | 'lower' | 'preparatory' | 'smallBusiness' | 'collectionFee', string>>,
): Promise<void> {
  await db.kysely
    .insertInto('funds_setting')
    .values({
      zt_id: ztId,
      retained_subject: subjects.retained ?? null,
      superior_subject: subjects.superior ?? null,
      lower_subject: subjects.lower ?? null,
      preparatory_subject: subjects.preparatory ?? null,
      small_business_subject: subjects.smallBusiness ?? null,
      collection_fee_subject: subjects.collectionFee ?? null,
    })
    .execute();
}
