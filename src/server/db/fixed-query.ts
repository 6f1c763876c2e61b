/**
 * Queries of a fixed shape, built and compiled by Kysely once per dialect and then run with new
 * values. Kysely builds and compiles every query anew: tens of microseconds for an insert of many
 * columns and over a hundred for a select of many aliased columns, which a voucher save and the
 * guard of every call pay again and again. The values travel as parameters exactly as before.
 *
 *   const byToken = fixedQuery('session.byToken', (q) =>
 *     q.selectFrom('session').selectAll().where('token_hash', '=', slot<string>(0)));
 *   const rows = await byToken(q, [hash]);
 *
 * slot(i) stands for the i-th value of a call. The shape (tables, columns, the number of rows of
 * an insert, the length of an IN list) must not depend on the values; a query whose shape varies
 * is named once per shape (the name includes the row count, say).
 */
import { CompiledQuery, type Compilable, type Insertable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** Stands for a value given at run time (only ever compiled, never sent to the database). */
class Slot {
  constructor(readonly index: number) {}
}

/** The i-th value of a call, typed as what the column expects. */
export function slot<T>(index: number): T {
  return new Slot(index) as unknown as T;
}

interface Template {
  sql: string;
  /** For each parameter, the call's value index, or the constant the builder gave. */
  parameters: readonly ({ slot: number } | { constant: unknown })[];
}

/** Compiled templates by dialect adapter (a Kysely instance and its transactions share one). */
const templates = new WeakMap<object, Map<string, Template>>();

function templateOf<R>(q: Kysely<Database>, name: string, build: (q: Kysely<Database>) => Compilable<R>): Template {
  const executor = q.getExecutor();
  const adapter = executor.adapter;
  // A plugin may rewrite a query per instance: compile such instances' queries every time.
  if (executor.plugins.length > 0) return templateFrom(build(q).compile());
  let byName = templates.get(adapter);
  if (!byName) {
    byName = new Map();
    templates.set(adapter, byName);
  }
  const known = byName.get(name);
  if (known) return known;
  const template = templateFrom(build(q).compile());
  byName.set(name, template);
  return template;
}

function templateFrom(compiled: CompiledQuery): Template {
  return {
    sql: compiled.sql,
    parameters: compiled.parameters.map((p) => (p instanceof Slot ? { slot: p.index } : { constant: p })),
  };
}

export type FixedQuery<R> = (q: Kysely<Database>, values: readonly unknown[]) => Promise<QueryResult<R>>;

/**
 * A query run through q (the database or a transaction) with the given values in its slots. The
 * name identifies the shape: the same name must always build the same query.
 */
export function fixedQuery<R>(name: string, build: (q: Kysely<Database>) => Compilable<R>): FixedQuery<R> {
  return async (q, values) => {
    const template = templateOf(q, name, build);
    const parameters = template.parameters.map((p) => {
      if ('constant' in p) return p.constant;
      if (p.slot >= values.length) throw new Error(`${name}: no value for slot ${p.slot}`);
      return values[p.slot];
    });
    return await q.executeQuery<R>(CompiledQuery.raw(template.sql, parameters));
  };
}

/** Row counts up to which an insert's compiled text is kept (one text per count). */
export const FIXED_INSERT_MAX_ROWS = 32;

const insertQueries = new Map<string, FixedQuery<unknown>>();

/**
 * Inserts rows that all have the same columns (the first row's keys, in its order) in one
 * statement; up to FIXED_INSERT_MAX_ROWS rows with a text compiled once per table, columns and
 * row count, more through the builder as usual.
 */
export async function insertRows<T extends keyof Database>(
  q: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  if (rows.length > FIXED_INSERT_MAX_ROWS) {
    await q.insertInto(table).values(rows).execute();
    return;
  }
  const columns = Object.keys(first) as (keyof typeof first)[];
  const name = `${table}.insert:${rows.length}:${columns.join(',')}`;
  let run = insertQueries.get(name);
  if (!run) {
    run = fixedQuery(name, (b) =>
      b
        .insertInto(table)
        .values(
          Array.from({ length: rows.length }, (_, r) =>
            Object.fromEntries(columns.map((c, i) => [c, slot(r * columns.length + i)])),
          ) as never,
        ),
    );
    insertQueries.set(name, run);
  }
  const values: unknown[] = [];
  for (const row of rows) for (const c of columns) values.push(row[c]);
  await run(q, values);
}
