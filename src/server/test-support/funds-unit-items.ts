/**
 * The 经费单位 (JFDW) auxiliary type, an item per funds unit and its links to subjects, written
 * straight into the database: what the units lane keeps in step with the units, for tests of the
 * union-fund voucher that need its 211 / 212 lines to carry the unit's item.
 */
import type { Db } from '../db/database.js';
import { FUNDS_UNIT_AUXI_TYPE } from '../funds/ratio-lookup.js';

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
      .execute();
  }
  for (const year of options.years) {
    for (const code of options.subjects) {
      await q.insertInto('subject_auxi_type').values({ zt_id: ztId, year, code, type_no: typeNo }).execute();
    }
  }
}

/** Opens the 经费 platform for a set (a demo set has only the accounting platform). */
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
