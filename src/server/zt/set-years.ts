/**
 * What lists of ledger sets show of each set's books (its years, its first year, whether it has
 * vouchers), asked one set at a time: zt_year and voucher are ledger tables, and every statement
 * on one names one set (db/ledger-tables.ts), so a distributed database routes each to one shard.
 * Each is a short read on an index that leads with zt_id.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Each set's years, latest first (a set without years is absent). */
export async function yearsOfSets(q: Kysely<Database>, ztIds: readonly number[]): Promise<Map<number, number[]>> {
  const years = new Map<number, number[]>();
  for (const ztId of ztIds) {
    const rows = await q.selectFrom('zt_year').select('year').where('zt_id', '=', ztId).orderBy('year', 'desc').execute();
    if (rows.length > 0)
      years.set(
        ztId,
        rows.map((r) => r.year),
      );
  }
  return years;
}

/** Each set's first year (a set without years is absent). */
export async function firstYearsOfSets(q: Kysely<Database>, ztIds: readonly number[]): Promise<Map<number, number>> {
  const first = new Map<number, number>();
  for (const ztId of ztIds) {
    const row = await q
      .selectFrom('zt_year')
      .select('year')
      .where('zt_id', '=', ztId)
      .orderBy('year')
      .limit(1)
      .executeTakeFirst();
    if (row) first.set(ztId, row.year);
  }
  return first;
}

/** The sets among ztIds that have at least one voucher. */
export async function setsWithVouchers(q: Kysely<Database>, ztIds: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const ztId of ztIds) {
    const row = await q.selectFrom('voucher').select('zt_id').where('zt_id', '=', ztId).limit(1).executeTakeFirst();
    if (row) found.add(ztId);
  }
  return found;
}
