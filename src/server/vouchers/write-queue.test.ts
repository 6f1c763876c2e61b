import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '../db/database.js';
import { runWrite } from './write-queue.js';

describe('runWrite on SQLite (group commit)', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsrv-queue-'));
    db = openSqlite(path.join(dir, 'q.sqlite'));
    await sql`create table t (n integer primary key)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const rows = async () => (await sql<{ n: number }>`select n from t order by n`.execute(db.kysely)).rows.map((r) => r.n);
  const insert = (n: number, fail = false) =>
    runWrite(db, async (trx) => {
      await sql`insert into t (n) values (${n})`.execute(trx);
      if (fail) throw new Error(`refused ${n}`);
      return n;
    });

  it('writes queued together share one transaction, and a refused one rolls back alone', async () => {
    // A second connection sees only committed rows: while the last write of the batch runs, the
    // first one's row is not visible there, so they share one commit.
    const reader = new SqliteDatabase(path.join(dir, 'q.sqlite'), { readonly: true });
    const seenByReader: number[] = [];
    const watch = runWrite(db, () => {
      seenByReader.push(...(reader.prepare('select n from t').all() as { n: number }[]).map((r) => r.n));
      return Promise.resolve(0);
    });
    const results = await Promise.allSettled([insert(1), insert(2, true), insert(3), watch]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused 2'));
    expect(await rows()).toEqual([1, 3]);
    expect(seenByReader).toEqual([]);
    expect((reader.prepare('select n from t order by n').all() as { n: number }[]).map((r) => r.n)).toEqual([1, 3]);
    reader.close();
  });

  it('a lone refused write leaves nothing', async () => {
    await expect(insert(4, true)).rejects.toThrow('refused 4');
    expect(await rows()).toEqual([1, 3]);
  });

  it('a write that breaks a constraint is refused and the batch goes on', async () => {
    const results = await Promise.allSettled([insert(5), insert(1), insert(6)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await rows()).toEqual([1, 3, 5, 6]);
  });
});
