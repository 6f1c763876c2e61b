/**
 * What the funds reports' tests need beside the units and ratios of funds-fixture.ts: the 经费单位
 * (JFDW) auxiliary type with an item per unit, linked to the payable subjects (the units lane keeps
 * these in step with the units page; written here straight so the reports do not wait on it), and
 * funds-entry receipts as the grid saves them.
 */
import { FUNDS_UNIT_AUXI_TYPE } from '../funds/ratio-lookup.js';
import type { Db } from '../db/database.js';
import { timeOrderedId } from '../db/time-ordered-id.js';

/** The JFDW type (if missing), an item per unit, and the type on each subject of `year` named. */
export async function insertFundsUnitItems(
  db: Db,
  ztId: number,
  year: number,
  units: readonly { code: string; name: string }[],
  subjects: readonly string[],
): Promise<void> {
  const q = db.kysely;
  const { typeNo, typeName } = FUNDS_UNIT_AUXI_TYPE;
  const type = await q
    .selectFrom('auxi_type')
    .select('type_no')
    .where('zt_id', '=', ztId)
    .where('type_no', '=', typeNo)
    .executeTakeFirst();
  if (!type)
    await q
      .insertInto('auxi_type')
      .values({ zt_id: ztId, type_no: typeNo, type_name: typeName, built_in_system: 0, enable: 1, sort: 99 })
      .execute();
  for (const u of units)
    await q
      .insertInto('auxi_info')
      .values({ zt_id: ztId, type_no: typeNo, info_no: u.code, info_name: u.name, parent_no: null, is_enable: 1 })
      .execute();
  for (const code of subjects)
    await q.insertInto('subject_auxi_type').values({ zt_id: ztId, year, code, type_no: typeNo }).execute();
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
export async function openFundsPlatform(db: Db, ztId: number): Promise<void> {
  const platform = await db.kysely.selectFrom('platform').select('id').where('code', '=', 'funds').executeTakeFirstOrThrow();
  const held = await db.kysely
    .selectFrom('zt_platform')
    .select('zt_id')
    .where('zt_id', '=', ztId)
    .where('platform_id', '=', platform.id)
    .executeTakeFirst();
  if (!held) await db.kysely.insertInto('zt_platform').values({ zt_id: ztId, platform_id: platform.id }).execute();
}
