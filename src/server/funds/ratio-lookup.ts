/**
 * The ratios a unit's receipt of a period is split by: the unit's funds_ratio row with the latest
 * (from_year, from_month) not after the period. A row applies until the unit's next row, so a
 * change of ratios from this month leaves earlier months' vouchers (and their regeneration) on
 * the ratios they were made with.
 */
import type { Selectable } from 'kysely';
import { SHARE_KINDS, type RatioSet, type ShareKind } from '../../shared/funds/ratios.js';
import type { FundsRatioTable } from '../db/schema.js';
import type { Q } from '../subjects/subject-repository.js';

export type RatioRow = Selectable<FundsRatioTable>;

/** The 经费单位 auxiliary type whose items are the funds units (code = the unit's code). */
export const FUNDS_UNIT_AUXI_TYPE = { typeNo: 'JFDW', typeName: '经费单位' } as const;

const PPM_COLUMN: Record<ShareKind, keyof RatioRow> = {
  retained: 'retained_ppm',
  superiorOne: 'superior_one_ppm',
  superiorTwo: 'superior_two_ppm',
  lower: 'lower_ppm',
  preparatory: 'preparatory_ppm',
  smallBusiness: 'small_business_ppm',
};

export const SUBJECT_COLUMN: Record<ShareKind | 'collectionFee', keyof RatioRow> = {
  retained: 'retained_subject',
  superiorOne: 'superior_one_subject',
  superiorTwo: 'superior_two_subject',
  lower: 'lower_subject',
  preparatory: 'preparatory_subject',
  smallBusiness: 'small_business_subject',
  collectionFee: 'collection_fee_subject',
};

/** The split ratios of a row; null when no share has a ratio (经费比例没有配置). */
export function ratioSetOf(row: RatioRow): RatioSet | null {
  const sharesPpm = Object.fromEntries(SHARE_KINDS.map((k) => [k, Number(row[PPM_COLUMN[k]])])) as Record<ShareKind, number>;
  if (SHARE_KINDS.every((k) => sharesPpm[k] === 0)) return null;
  return { basePpm: row.base_ppm, sharesPpm, collectionFeePpm: row.collection_fee_ppm };
}

/** Each unit's ratios in force in the period (units without one are absent). */
export async function ratiosInForce(
  q: Q,
  ztId: number,
  unitIds: readonly string[],
  year: number,
  month: number,
): Promise<Map<string, RatioRow>> {
  const found = new Map<string, RatioRow>();
  if (unitIds.length === 0) return found;
  const rows = await q
    .selectFrom('funds_ratio')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('unit_id', 'in', [...new Set(unitIds)])
    .where((eb) => eb.or([eb('from_year', '<', year), eb.and([eb('from_year', '=', year), eb('from_month', '<=', month)])]))
    .orderBy('from_year')
    .orderBy('from_month')
    .execute();
  // Ascending order: a later row of the unit replaces the earlier one.
  for (const row of rows) found.set(row.unit_id, row);
  return found;
}
