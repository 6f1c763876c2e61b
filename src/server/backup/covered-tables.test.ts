import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { BACKED_UP, LEFT_OUT } from './covered-tables.js';

describe('tables a ledger-set backup covers', () => {
  let dir: string;
  let db: Db;
  let tables: Map<string, string[]>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-backup-tables-'));
    db = openSqlite(path.join(dir, 'ledger.sqlite'));
    await migrate(db);
    const sqlite = db.sqlite;
    if (!sqlite) throw new Error('no SQLite handle');
    const names = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'")
      .pluck()
      .all() as string[];
    tables = new Map(names.map((n) => [n, (sqlite.pragma(`table_info("${n}")`) as { name: string }[]).map((c) => c.name)]));
  });

  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names every migrated table that has a zt_id column, as backed up or left out with a reason', () => {
    const withZtId = [...tables].filter(([, columns]) => columns.includes('zt_id')).map(([name]) => name);
    expect(withZtId.length).toBeGreaterThan(15);
    const named = new Set([...BACKED_UP, ...LEFT_OUT]);
    expect(withZtId.filter((t) => !named.has(t))).toEqual([]);
    expect([...named].filter((t) => !tables.has(t))).toEqual([]);
  });

  it('lists each table after the tables it references, so a restore can delete backwards and insert forwards', () => {
    const order = new Map(BACKED_UP.map((t, i) => [t, i]));
    const sqlite = db.sqlite;
    if (!sqlite) throw new Error('no SQLite handle');
    const edges: string[] = [];
    for (const table of BACKED_UP) {
      const refs = sqlite.pragma(`foreign_key_list("${table}")`) as { table: string }[];
      for (const ref of refs) {
        const parent = order.get(ref.table as never);
        if (parent !== undefined) edges.push(`${ref.table} -> ${table}: ${parent < (order.get(table) ?? -1) ? 'ok' : 'wrong'}`);
      }
    }
    expect(edges.length).toBeGreaterThan(5);
    expect(edges.filter((e) => e.endsWith('wrong'))).toEqual([]);
  });

  it('backs up the ledger tables and keeps logins, grants and the backup list out', () => {
    expect(BACKED_UP).toEqual(
      expect.arrayContaining([
        'subject',
        'voucher',
        'voucher_line',
        'subject_balance',
        'file_relation',
        'zt_year',
        'period_close',
      ]),
    );
    expect(LEFT_OUT).toEqual(expect.arrayContaining(['session', 'user_zt_level', 'backup']));
  });
});
