/**
 * A new ledger set, ready to work in (issue 18 §1): its row, the built-in auxiliary types and
 * voucher categories, and for its first year the chart of its accounting system with the openings
 * not yet initialised (so voucher entry sends its accountant to 科目期初). Built-in voucher and
 * carry-forward templates come from the system's templates in code and need no rows. Call it
 * inside the transaction that also checks the input and records the change; the demo seed, the
 * user center's create and the import all make sets this way.
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import { chartForSystem } from '../../../templates/charts/index.js';
import type { Db } from '../db/database.js';
import { seedBuiltInAuxiliary } from '../auxiliary/seed-types.js';
import { loadChart } from '../subjects/load-chart.js';
import { seedCertificateTypes } from '../vouchers/certificate-types.js';
import { giveRecommendedPlatforms } from '../platform/zt-platforms.js';

export interface NewLedgerSet {
  name: string;
  code: string;
  upperId: number | null;
  accountingSystem: AccountingSystem;
  /** The unit's level in the tree (1 province or the top, 2 below it, ...). */
  level: number;
  /** Its first accounting year. */
  years: readonly number[];
  expireTime?: string | null;
  enable?: boolean;
  isImproveUnit?: boolean;
  isAssetCheck?: boolean;
  saveLocalizationPrint?: boolean;
}

/** Creates the set and everything it needs to be worked in; answers its id. `tx` is a transaction. */
export async function createLedgerSet(tx: Db, set: NewLedgerSet, now = Date.now()): Promise<number> {
  const { id } = await tx.kysely
    .insertInto('zt_info')
    .values({
      name: set.name,
      code: set.code,
      expire_time: set.expireTime ?? null,
      level: set.level,
      enable: set.enable === false ? 0 : 1,
      is_improve_unit: set.isImproveUnit ? 1 : 0,
      is_asset_check: set.isAssetCheck ? 1 : 0,
      save_localization_print: set.saveLocalizationPrint ? 1 : 0,
      upper_id: set.upperId,
      accounting_system: set.accountingSystem,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedBuiltInAuxiliary(tx.kysely, id);
  await seedCertificateTypes(tx.kysely, id);
  await giveRecommendedPlatforms(tx.kysely, [id]);
  await openYears(tx, id, set.accountingSystem, set.years);
  return id;
}

/** The years of a set, each with the chart of its system and the openings not yet initialised. */
export async function openYears(tx: Db, ztId: number, system: AccountingSystem, years: readonly number[]): Promise<void> {
  for (const year of years) {
    await tx.kysely.insertInto('zt_year').values({ zt_id: ztId, year, account_month: 1, subjects_initialised: 0 }).execute();
    await loadChart(tx, chartForSystem(system), ztId, year);
  }
}
