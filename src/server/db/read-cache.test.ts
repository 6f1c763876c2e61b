import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from './database.js';
import { cachedRead, isCaching, WATCHED } from './read-cache.js';
import type { Database } from './schema.js';

/** The watched tables, reduced to what the tests touch (the cache only needs the names). */
async function createTables(db: Db): Promise<void> {
  for (const table of Object.values(WATCHED).flat()) {
    await sql`create table ${sql.table(table)} (k text primary key, v text not null)`.execute(db.kysely);
  }
  await sql`create table other (k text primary key, v text not null)`.execute(db.kysely);
}

describe('cachedRead on SQLite', () => {
  let dir: string;
  let file: string;
  let db: Db;
  let loads: number;

  const subjectV = async (q: Kysely<Database>): Promise<string | undefined> => {
    loads++;
    const { rows } = await sql<{ v: string }>`select v from subject where k = 'a'`.execute(q);
    return rows[0]?.v;
  };
  const read = () => cachedRead(db, 'chart', 'a', subjectV);
  const write = (v: string, q: Kysely<Database> = db.kysely) => sql`update subject set v = ${v} where k = 'a'`.execute(q);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-cache-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    file = path.join(dir, `${Date.now()}-${Math.random()}.sqlite`);
    db = openSqlite(file);
    await createTables(db);
    await sql`insert into subject (k, v) values ('a', 'one')`.execute(db.kysely);
    loads = 0;
  });
  afterEach(() => db.close());

  it('reads once while nothing watched is written', async () => {
    expect(isCaching(db)).toBe(true);
    expect(await read()).toBe('one');
    expect(await read()).toBe('one');
    await sql`insert into other (k, v) values ('x', 'y')`.execute(db.kysely);
    await sql`insert into session (k, v) values ('x', 'y')`.execute(db.kysely);
    expect(await read()).toBe('one');
    expect(loads).toBe(1);
  });

  it('reads again after an insert, an update or a delete of a watched table', async () => {
    await read();
    await write('two');
    expect(await read()).toBe('two');
    await sql`insert into subject_auxi_type (k, v) values ('x', 'y')`.execute(db.kysely);
    expect(await read()).toBe('two');
    await sql`delete from subject_auxi_type`.execute(db.kysely);
    expect(await read()).toBe('two');
    await sql`delete from subject`.execute(db.kysely);
    expect(await read()).toBeUndefined();
    expect(loads).toBe(5);
  });

  it('does not keep undefined', async () => {
    await sql`delete from subject`.execute(db.kysely);
    expect(await read()).toBeUndefined();
    expect(await read()).toBeUndefined();
    expect(loads).toBe(2);
  });

  it('never serves a value labelled with a rolled-back transaction’s pending writes', async () => {
    await read();
    // A writer's transaction is open (it holds the connection) and has changed the row.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let writing!: () => void;
    const wrote = new Promise<void>((resolve) => (writing = resolve));
    const writer = db.kysely
      .transaction()
      .execute(async (trx) => {
        await write('pending', trx);
        writing();
        await held;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await wrote;
    // A read now waits for the writer, and must not be stored under the writer's pending count.
    const during = read();
    release();
    await writer;
    expect(await during).toBe('one');
    // The next committed write takes the count the rolled-back one had: its value must be read.
    await write('committed');
    expect(await read()).toBe('committed');
  });

  it('waits for an open transaction that wrote a watched table, and reads what it committed', async () => {
    await read();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let writing!: () => void;
    const wrote = new Promise<void>((resolve) => (writing = resolve));
    const writer = db.kysely.transaction().execute(async (trx) => {
      await write('new', trx);
      writing();
      await held;
    });
    await wrote;
    // The pending write has counted: the cache is not used, and the read waits for the commit.
    const during = read();
    release();
    await writer;
    expect(await during).toBe('new');
    expect(await read()).toBe('new');
  });

  it('reads again after another connection writes the file', async () => {
    await read();
    const other = new SqliteDatabase(file);
    other.prepare(`update subject set v = 'elsewhere' where k = 'a'`).run();
    other.close();
    expect(await read()).toBe('elsewhere');
  });

  it('sets its triggers up again when a watched table is dropped and created anew', async () => {
    await read();
    await sql`drop table subject`.execute(db.kysely);
    await sql`create table subject (k text primary key, v text not null)`.execute(db.kysely);
    await sql`insert into subject (k, v) values ('a', 'rebuilt')`.execute(db.kysely);
    expect(await read()).toBe('rebuilt');
    await write('after');
    expect(await read()).toBe('after');
  });

  it('follows a table rebuilt by renaming (its triggers went along with the old name)', async () => {
    await read();
    await sql`alter table subject rename to subject_old`.execute(db.kysely);
    await sql`create table subject (k text primary key, v text not null)`.execute(db.kysely);
    await sql`insert into subject (k, v) values ('a', 'renamed')`.execute(db.kysely);
    expect(await read()).toBe('renamed');
    await write('after');
    expect(await read()).toBe('after');
    await sql`update subject_old set v = 'old table'`.execute(db.kysely);
    expect(await read()).toBe('after');
    expect(loads).toBe(3);
  });

  it('keeps groups apart: a session write leaves the chart cached, a subject write the sessions', async () => {
    const sessionLoads: string[] = [];
    const readSession = () =>
      cachedRead(db, 'session', 's', async (q) => {
        sessionLoads.push('load');
        return (await sql<{ n: number }>`select count(*) as n from session`.execute(q)).rows[0]?.n;
      });
    await read();
    await readSession();
    await sql`insert into session (k, v) values ('x', 'y')`.execute(db.kysely);
    expect(await readSession()).toBe(1);
    expect(await read()).toBe('one');
    expect(loads).toBe(1);
    await write('two');
    expect(await readSession()).toBe(1);
    expect(sessionLoads).toHaveLength(2);
    expect(await read()).toBe('two');
    expect(loads).toBe(2);
  });

  it('a value read from two groups is read again after a write to either; a session write leaves rights cached', async () => {
    const seen: string[] = [];
    const context = () =>
      cachedRead(db, ['session', 'access'], 't', () => {
        seen.push('context');
        return Promise.resolve('context');
      });
    const rights = () =>
      cachedRead(db, 'access', 't', () => {
        seen.push('rights');
        return Promise.resolve('rights');
      });
    await context();
    await rights();
    await context();
    await rights();
    expect(seen).toEqual(['context', 'rights']);
    await sql`insert into session (k, v) values ('t', 'touched')`.execute(db.kysely);
    await context();
    await rights();
    expect(seen).toEqual(['context', 'rights', 'context']);
    await sql`insert into app_user (k, v) values ('t', 'changed')`.execute(db.kysely);
    await context();
    await rights();
    expect(seen).toEqual(['context', 'rights', 'context', 'context', 'rights']);
  });
});
