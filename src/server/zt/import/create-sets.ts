/**
 * Many new ledger sets at once, each exactly as createLedgerSet makes one (create-sets.api.test.ts
 * compares them row for row): the same rows, but written in multi-row statements, one per set and
 * table (each chart is built once per system and year), so a set takes five statements instead of
 * a few hundred. Upper units may be sets of the same call: the sets are written level by level, so
 * each upper unit's id is known when its units are written.
 */
import type { AccountingSystem } from '../../../shared/api/auth.js';
import { BUILT_IN_AUXI_ITEMS, BUILT_IN_AUXI_TYPES } from '../../../shared/subjects/auxiliary-rules.js';
import { chartForSystem } from '../../../../templates/charts/index.js';
import type { Db } from '../../db/database.js';
import type { NewSubject } from '../../db/schema.js';
import { subjectsFromChart } from '../../subjects/load-chart.js';
import { DEFAULT_CERTIFICATE_TYPES } from '../../vouchers/certificate-type-defaults.js';
import type { NewLedgerSet } from '../create-set.js';
import { giveRecommendedPlatforms } from '../../platform/zt-platforms.js';

export interface NewSetInBatch extends Omit<NewLedgerSet, 'upperId'> {
  /** The upper unit: an existing set's id, the code of a set of this batch, or none. */
  upper: { id: number } | { code: string } | null;
}

/** Bound parameters per statement, under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

/**
 * Writes the rows as they come in statements of as many as fit (a province's charts never sit in
 * memory at once), one ledger set's rows per statement: every statement on a ledger table names
 * one set (db/ledger-tables.ts), so a distributed database routes it to one shard.
 */
async function insertChunked<T extends Record<string, unknown>>(rows: Iterable<T>, write: (chunk: T[]) => Promise<unknown>) {
  let chunk: T[] = [];
  let per = 0;
  for (const row of rows) {
    per ||= Math.max(1, Math.floor(MAX_PARAMS / Object.keys(row).length));
    if (chunk.length > 0 && chunk[0]?.zt_id !== row.zt_id) {
      await write(chunk);
      chunk = [];
    }
    chunk.push(row);
    if (chunk.length >= per) {
      await write(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) await write(chunk);
}

/** Creates the sets (each after its upper unit in the list's levels); answers their ids by code. `tx` is a transaction. */
export async function createLedgerSets(tx: Db, sets: readonly NewSetInBatch[], now = Date.now()): Promise<Map<string, number>> {
  const q = tx.kysely;
  const ids = new Map<string, number>();
  const byLevel = new Map<number, NewSetInBatch[]>();
  for (const set of sets) byLevel.set(set.level, [...(byLevel.get(set.level) ?? []), set]);
  for (const level of [...byLevel.keys()].sort((a, b) => a - b)) {
    const rows = (byLevel.get(level) ?? []).map((set) => {
      const upper = set.upper;
      const upperId = upper === null ? null : 'id' in upper ? upper.id : ids.get(upper.code);
      if (upperId === undefined) throw new Error(`upper unit ${JSON.stringify(upper)} of ${set.code} is not written yet`);
      return {
        name: set.name,
        code: set.code,
        expire_time: set.expireTime ?? null,
        level: set.level,
        enable: set.enable === false ? 0 : 1,
        is_improve_unit: set.isImproveUnit ? 1 : 0,
        is_asset_check: set.isAssetCheck ? 1 : 0,
        upper_id: upperId,
        accounting_system: set.accountingSystem,
        created_at: now,
      };
    });
    await insertChunked(rows, async (chunk) => {
      const made = await q.insertInto('zt_info').values(chunk).returning(['id', 'code']).execute();
      for (const m of made) ids.set(m.code, m.id);
    });
  }

  const made = sets.map((set) => ({ set, id: ids.get(set.code) ?? 0 }));
  await giveRecommendedPlatforms(q, [...ids.values()]);
  await insertChunked(
    made.flatMap(({ id }) =>
      BUILT_IN_AUXI_TYPES.map((t, index) => ({
        zt_id: id,
        type_no: t.typeNo,
        type_name: t.typeName,
        built_in_system: 1,
        enable: 1,
        sort: index + 1,
      })),
    ),
    (chunk) => q.insertInto('auxi_type').values(chunk).execute(),
  );
  await insertChunked(
    made.flatMap(({ id }) =>
      BUILT_IN_AUXI_ITEMS.map((i) => ({
        zt_id: id,
        type_no: i.typeNo,
        info_no: i.infoNo,
        info_name: i.infoName,
        parent_no: i.parentNo,
        is_enable: 1,
      })),
    ),
    (chunk) => q.insertInto('auxi_info').values(chunk).execute(),
  );
  await insertChunked(
    made.flatMap(({ id }) => DEFAULT_CERTIFICATE_TYPES.map((t) => ({ zt_id: id, ...t }))),
    (chunk) => q.insertInto('certificate_type').values(chunk).execute(),
  );
  await insertChunked(
    made.flatMap(({ set, id }) => set.years.map((year) => ({ zt_id: id, year, account_month: 1, subjects_initialised: 0 }))),
    (chunk) => q.insertInto('zt_year').values(chunk).execute(),
  );
  // Each chart once per system and year; a set's rows are that chart's with its id.
  const charts = new Map<string, NewSubject[]>();
  const chartRows = (system: AccountingSystem, year: number): NewSubject[] => {
    const key = `${system}:${year}`;
    let rows = charts.get(key);
    if (!rows) charts.set(key, (rows = subjectsFromChart(chartForSystem(system), 0, year)));
    return rows;
  };
  function* subjects(): Generator<NewSubject> {
    for (const { set, id } of made)
      for (const year of set.years) for (const s of chartRows(set.accountingSystem, year)) yield { ...s, zt_id: id };
  }
  await insertChunked(subjects(), (chunk) => q.insertInto('subject').values(chunk).execute());
  return ids;
}
