import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { runWrite } from '../vouchers/write-queue.js';
import { BACKSTOP_PAGES, INTERVAL_MS } from './checkpointer.js';
import { openSqlite, type Db } from './database.js';

/** Rows of t in the database file alone, without its WAL: only what a checkpoint has copied there. */
function rowsInMainFile(file: string): number {
  const copy = `${file}.copy`;
  fs.copyFileSync(file, copy);
  const reader = new SqliteDatabase(copy, { readonly: true });
  try {
    const table = reader.prepare("select 1 from sqlite_master where name = 't'").get();
    return table ? (reader.prepare('select count(*) as n from t').get() as { n: number }).n : 0;
  } finally {
    reader.close();
    fs.rmSync(copy, { force: true });
  }
}

describe('Checkpointer', () => {
  let dir = '';
  let db: Db | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function open(): { db: Db; file: string } {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsrv-ckpt-'));
    const file = path.join(dir, 'c.sqlite');
    db = openSqlite(file);
    return { db, file };
  }

  it('the main connection leaves checkpoints to the worker, keeping its own only as a backstop', () => {
    const { db } = open();
    expect(db.sqlite?.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
    expect(db.checkpointer?.running).toBe(false);
  });

  it('copies committed WAL frames into the database file from its own thread', async () => {
    const { db, file } = open();
    await sql`create table t (n integer primary key)`.execute(db.kysely);
    await db.kysely.transaction().execute(async (trx) => {
      for (let n = 1; n <= 100; n++) await sql`insert into t (n) values (${n})`.execute(trx);
    });
    // Far below the backstop: without the worker the rows stay in the WAL.
    await new Promise((r) => setTimeout(r, INTERVAL_MS * 3));
    expect(rowsInMainFile(file)).toBe(0);

    db.checkpointer?.start();
    const deadline = Date.now() + 5000;
    while (rowsInMainFile(file) < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, INTERVAL_MS));
    expect(rowsInMainFile(file)).toBe(100);
    await db.checkpointer?.stop();
    expect(db.checkpointer?.running).toBe(false);
  });

  it('the first voucher write starts it, and closing the database stops it', async () => {
    const { db } = open();
    await sql`create table t (n integer primary key)`.execute(db.kysely);
    await runWrite(db, (trx) => sql`insert into t (n) values (1)`.execute(trx));
    expect(db.checkpointer?.running).toBe(true);
    await db.close();
    expect(db.checkpointer?.running).toBe(false);
  });
});

describe('Checkpointer in a script', () => {
  it('stop() keeps the process alive until the worker has closed its connection', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsrv-ckpt-script-'));
    try {
      const module = new URL('./checkpointer.ts', import.meta.url).href;
      const file = path.join(dir, 'c.sqlite');
      new SqliteDatabase(file).close();
      const script = `const { Checkpointer } = await import(${JSON.stringify(module)});
const c = new Checkpointer(${JSON.stringify(file)});
c.start();
await c.stop();
process.stdout.write('stopped');`;
      const scriptFile = path.join(dir, 'stop.mjs');
      fs.writeFileSync(scriptFile, script);
      const run = spawnSync(process.execPath, ['--import', 'tsx', scriptFile], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toBe('stopped');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
