import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { cachingStatements, openSqlite, parseBigint, type Db } from './database.js';
import { migrate } from './migrate.js';

describe('SQLite durability settings', () => {
  let db: Db | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
  });

  it('opens in WAL with synchronous=FULL, foreign keys on and a busy timeout', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-db-'));
    db = openSqlite(path.join(dir, 'ledger.sqlite'));
    const sqlite = db.sqlite;
    if (!sqlite) throw new Error('expected a SQLite handle');
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('shows an observer each statement it ran, SQL text and parameters (the API tests’ capture)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-db-'));
    const seen: { sql: string; parameters: readonly unknown[] }[] = [];
    db = openSqlite(path.join(dir, 'ledger.sqlite'), (query) => seen.push({ sql: query.sql, parameters: query.parameters }));
    await sql`select ${7} as n`.execute(db.kysely);
    expect(seen).toEqual([{ sql: 'select ? as n', parameters: [7] }]);
  });

  it('migrates forward once: a second run finds nothing to do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-db-'));
    db = openSqlite(path.join(dir, 'ledger.sqlite'));
    const ran = await migrate(db);
    expect(ran.slice(0, 2)).toEqual(['0001-foundation', '0002-subjects-auxiliary']);
    expect(ran).toContain('0004-files');
    expect(ran).toEqual([...ran].sort());
    expect(await migrate(db)).toEqual([]);
  });

  it('refuses a foreign key that points nowhere', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-db-'));
    db = openSqlite(path.join(dir, 'ledger.sqlite'));
    await migrate(db);
    await expect(
      db.kysely.insertInto('zt_year').values({ zt_id: 999, year: 2026, account_month: 1, subjects_initialised: 0 }).execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe('prepared statement cache', () => {
  it('hands out one statement per SQL text, evicts the least recently used, and never a busy one', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const cache = cachingStatements(sqlite, 2);
    const a = cache.prepare('select 1 as v');
    expect(cache.prepare('select 1 as v')).toBe(a);
    const b = cache.prepare('select 2 as v');
    expect(cache.prepare('select 1 as v')).toBe(a); // a is now the most recent
    cache.prepare('select 3 as v'); // evicts b, the least recently used
    expect(cache.prepare('select 1 as v')).toBe(a);
    expect(cache.prepare('select 2 as v')).not.toBe(b);

    const iterating = cache.prepare('select 1 as v').iterate([]);
    iterating.next();
    const during = cache.prepare('select 1 as v');
    expect(during).not.toBe(a);
    expect(during.all([])).toEqual([{ v: 1 }]);
    iterating.return?.();
    expect(cache.prepare('select 1 as v')).toBe(a);
    cache.close();
    expect(sqlite.open).toBe(false);
  });

  it('answers repeated Kysely queries with their own parameters, and a rolled-back write leaves nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-db-'));
    const db = openSqlite(path.join(dir, 'ledger.sqlite'));
    onTestFinished(() => db.close());
    await migrate(db);
    const kysely = db.kysely;
    const addSet = (q: typeof kysely, code: string) =>
      q
        .insertInto('zt_info')
        .values({
          name: `工会 ${code}`,
          code,
          expire_time: null,
          level: 2,
          enable: 1,
          is_improve_unit: 0,
          is_asset_check: 0,
          upper_id: null,
          accounting_system: 'union',
          created_at: 0,
        })
        .execute();
    const named = async (code: string) =>
      (await kysely.selectFrom('zt_info').select('name').where('code', '=', code).execute()).map((r) => r.name);
    await addSet(kysely, 'A1');
    await addSet(kysely, 'B2');
    expect(await named('A1')).toEqual(['工会 A1']);
    expect(await named('B2')).toEqual(['工会 B2']);
    await expect(
      kysely.transaction().execute(async (trx) => {
        await addSet(trx, 'C3');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await named('C3')).toEqual([]);
    await addSet(kysely, 'C3');
    expect(await named('C3')).toEqual(['工会 C3']);
  });
});

describe('BIGINT parsing', () => {
  it('parses safe integers and refuses the rest', () => {
    expect(parseBigint('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseBigint('-12345')).toBe(-12345);
    expect(() => parseBigint('9007199254740993')).toThrow(RangeError);
  });
});
