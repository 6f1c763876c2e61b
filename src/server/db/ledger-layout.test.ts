/**
 * Every ledger table leads its primary key and each of its indexes with zt_id, read from the
 * live, migrated database: a sharded table's unique keys must contain the distribution column,
 * and an index that does not start with it is one a set's query cannot use on its own shard.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { LEDGER_TABLES } from './ledger-tables.js';

interface Key {
  table: string;
  name: string;
  columns: string[];
}

async function keysOf(server: TestServer): Promise<{ primary: Key[]; indexes: Key[] }> {
  const sqlite = server.db.sqlite;
  if (sqlite) {
    const primary: Key[] = [];
    const indexes: Key[] = [];
    for (const table of LEDGER_TABLES) {
      const columns = sqlite.pragma(`table_info("${table}")`) as { name: string; pk: number }[];
      primary.push({
        table,
        name: 'primary key',
        columns: columns
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
      });
      for (const index of sqlite.pragma(`index_list("${table}")`) as { name: string }[]) {
        const info = sqlite.pragma(`index_info("${index.name}")`) as { seqno: number; name: string }[];
        indexes.push({ table, name: index.name, columns: info.sort((a, b) => a.seqno - b.seqno).map((c) => c.name) });
      }
    }
    return { primary, indexes };
  }
  const pk = await sql<{ table: string; name: string; columns: string[] }>`
    select c.conrelid::regclass::text as "table", c.conname as name,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns
    from pg_constraint c where c.contype = 'p' and c.conrelid::regclass::text = any(${LEDGER_TABLES})`.execute(server.db.kysely);
  const ix = await sql<{ table: string; name: string; definition: string }>`
    select tablename as "table", indexname as name, indexdef as definition from pg_indexes
    where schemaname = 'public' and tablename = any(${LEDGER_TABLES})`.execute(server.db.kysely);
  return {
    primary: pk.rows,
    indexes: ix.rows.map((r) => ({
      table: r.table,
      name: r.name,
      // CREATE [UNIQUE] INDEX name ON public.t USING btree (zt_id, ...)
      columns: (/\(([^)]*)\)/.exec(r.definition)?.[1] ?? '').split(',').map((c) => c.trim().replace(/"/g, '')),
    })),
  };
}

describe.each(TEST_DIALECTS)('ledger tables laid out by ledger set (%s)', (dialect) => {
  let server: TestServer;
  let keys: { primary: Key[]; indexes: Key[] };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    keys = await keysOf(server);
  });
  afterAll(() => server.close());

  it('every ledger table has a primary key that leads with zt_id', () => {
    const withKey = new Set(keys.primary.filter((k) => k.columns.length > 0).map((k) => k.table));
    expect(LEDGER_TABLES.filter((t) => !withKey.has(t))).toEqual([]);
    expect(keys.primary.filter((k) => k.columns.length > 0 && k.columns[0] !== 'zt_id')).toEqual([]);
  });

  it('every index of a ledger table leads with zt_id', () => {
    expect(keys.indexes.length).toBeGreaterThan(LEDGER_TABLES.length);
    expect(keys.indexes.filter((k) => k.columns[0] !== 'zt_id')).toEqual([]);
  });
});
