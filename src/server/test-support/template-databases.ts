/**
 * Vitest's global setup: one migrated database of each dialect for the whole run, which every API
 * test server copies instead of migrating its own (37 migrations cost 2 s on PostgreSQL and 0.2 s on
 * SQLite, for each of some 500 servers). The workers inherit the names through the environment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, openSqlite, SQLITE_FILE } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { createPgDatabase, PG_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV } from './test-server.js';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-template-'));
  const file = path.join(dir, SQLITE_FILE);
  const sqlite = openSqlite(file);
  await migrate(sqlite);
  await sqlite.close(); // checkpoints the WAL: the file alone is the database
  process.env[SQLITE_TEMPLATE_ENV] = file;

  let dropPg: (() => Promise<void>) | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPgDatabase();
    const pg = openPostgres(created.url);
    await migrate(pg);
    await pg.close(); // a template copies only while nobody is connected to it
    process.env[PG_TEMPLATE_ENV] = created.name;
    dropPg = () => created.drop();
  }
  return async () => {
    if (dropPg) await dropPg();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
