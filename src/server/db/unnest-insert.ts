/**
 * PostgreSQL inserts of many rows whose text does not depend on how many: each column travels as
 * one array parameter and unnest() turns the arrays back into rows, in their order. Several of them
 * can go in one statement as data-modifying WITH queries (all or nothing, one round trip), which is
 * how a batch of new vouchers reaches every table at once (vouchers/new-vouchers.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

/** The array type each column is sent as (what the column's values are cast from). */
export type ArrayType = 'bigint[]' | 'integer[]' | 'text[]';

export type ColumnTypes<T extends keyof Database> = Readonly<Partial<Record<keyof Database[T] & string, ArrayType>>>;

/**
 * `insert into <table> (zt_id, <columns>) select <zt_id>, u.* from unnest(<one array per column>) u`
 * plus an optional tail (on conflict ...). The set is one value for every row, as a scalar: the
 * statement names the one set it writes, as every statement against a ledger table does
 * (db/zt-routing.ts), and a distributed database routes it by that value.
 */
export function unnestInsert<T extends keyof Database>(
  table: T,
  ztId: number,
  columns: ColumnTypes<T>,
  rows: readonly Readonly<Record<string, unknown>>[],
  tail: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const names = Object.keys(columns).filter((name) => name !== 'zt_id'); // zt_id is the scalar above
  const arrays = names.map((name) => {
    const type = columns[name as keyof typeof columns] as ArrayType;
    // The type is one of ArrayType's three literals, never input.
    return sql`${rows.map((r) => r[name] ?? null)}::${sql.raw(type)}`;
  });
  return sql`insert into ${sql.table(table)} (zt_id, ${sql.join(names.map((n) => sql.ref(n)))}) select ${ztId}, u.* from unnest(${sql.join(arrays)}) as u ${tail}`;
}

/** One statement running every insert given (each only when it has rows), as WITH queries. */
export function insertsTogether(
  inserts: readonly { rows: number; statement: RawBuilder<unknown> }[],
): RawBuilder<unknown> | null {
  const used = inserts.filter((i) => i.rows > 0);
  if (used.length === 0) return null;
  const parts = used.map((i, n) => sql`${sql.raw(`w${n}`)} as (${i.statement})`);
  return sql`with ${sql.join(parts)} select 1 as done`;
}
