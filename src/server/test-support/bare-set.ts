/**
 * A ledger set as a bare zt_info row, with only the columns the table has had since migration 0001:
 * for tests (and benchmarks) that migrate a database step by step and need a set before the
 * product's own set creation exists at that step.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export async function insertBareSet(q: Kysely<Database>, name: string, code: string): Promise<number> {
  const row = await q
    .insertInto('zt_info')
    .values({
      name,
      code,
      expire_time: null,
      level: 1,
      enable: 1,
      is_improve_unit: 0,
      is_asset_check: 0,
      upper_id: null,
      accounting_system: 'union-grassroots',
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
