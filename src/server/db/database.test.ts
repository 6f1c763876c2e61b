import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, parseBigint, type Db } from './database.js';
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

describe('BIGINT parsing', () => {
  it('parses safe integers and refuses the rest', () => {
    expect(parseBigint('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseBigint('-12345')).toBe(-12345);
    expect(() => parseBigint('9007199254740993')).toThrow(RangeError);
  });
});
