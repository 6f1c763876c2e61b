/**
 * Starts the real server for API tests: a fresh SQLite file in a temporary folder, or a fresh
 * PostgreSQL database (created from TEST_DATABASE_URL and dropped afterwards). Nothing is mocked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../config.js';
import { openPostgres, openSqlite, SQLITE_FILE, type Db, type DialectName } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { prepare } from '../start.js';
import { asTheApp, SqlCapture } from './sql-capture.js';
import type { RegisteredRoute } from '../http/route-list.js';

export interface TestServer {
  url: string;
  db: Db;
  config: ServerConfig;
  /** Every route the app registered (method, url, config). */
  routes: RegisteredRoute[];
  /** What the app ran: close() throws when a statement against a ledger table did not route to one zt_id. */
  sql: SqlCapture;
  /** Stops the app and starts a new one on the same database (url and db change); nothing in memory survives. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The dialects the database tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Where the run's migrated databases are (test-support/template-databases.ts), when vitest made them. */
export const SQLITE_TEMPLATE_ENV = 'UFC_TEST_SQLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'UFC_TEST_PG_TEMPLATE';

/**
 * A fresh PostgreSQL database made from TEST_DATABASE_URL, and how to drop it: empty, or a copy
 * of `template` (a database nobody is connected to).
 */
export async function createPgDatabase(template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ufc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The names are made here from hex digits only (the template's by this function too).
  if (template !== undefined && !/^ufc_test_[0-9a-f]{12}$/.test(template)) throw new Error(`not a test database: ${template}`);
  await admin.query(template === undefined ? `create database ${name}` : `create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The server's pool has ended its clients, but their backends may not have read the
      // goodbye yet: forcing the drop then sends a client still closing an error nobody listens
      // for (57P01, an uncaught exception in the test run). Wait for them to go first.
      for (let i = 0; i < 100; i++) {
        const left = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if ((left.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTestServer(dialect: DialectName, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-api-'));
  const base = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SCRYPT_LOG_N: '12',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    // The demo union with empty ledger sets: each test file writes the ledger it checks. The demo's
    // books (npm start's default) cost 0.2 s on SQLite and about 1 s on PostgreSQL per server, so
    // only the tests about them ask for them ({ seedDemo: 'full' }: seed/demo.api.test.ts).
    SEED_DEMO: 'empty',
  });
  const config: ServerConfig = { ...base, port: 0, host: '127.0.0.1', ...overrides };
  let dropPg: (() => Promise<void>) | null = null;
  let open: () => Db;
  const sql = new SqlCapture();
  if (dialect === 'postgres') {
    const created = await createPgDatabase(process.env[PG_TEMPLATE_ENV]);
    dropPg = () => created.drop();
    open = () => openPostgres(created.url, sql.observe);
  } else {
    const template = process.env[SQLITE_TEMPLATE_ENV];
    if (template) fs.copyFileSync(template, path.join(dataDir, SQLITE_FILE));
    open = () => openSqlite(path.join(dataDir, SQLITE_FILE), sql.observe);
  }
  const start = async () => {
    const db = open();
    // Migrations run first, outside the app's context: DDL and backfills span every set by design.
    // On a copy of the run's migrated template this finds nothing left to do.
    await migrate(db);
    return asTheApp(async () => {
      const { app } = await prepare(config, db);
      return { app, db, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
    });
  };
  let running = await start();
  const server: TestServer = {
    url: running.url,
    db: running.db,
    config,
    sql,
    routes: running.app.registeredRoutes,
    restart: async () => {
      await running.app.close();
      running = await start();
      server.url = running.url;
      server.db = running.db;
    },
    close: async () => {
      await running.app.close();
      if (dropPg) await dropPg();
      fs.rmSync(dataDir, { recursive: true, force: true });
      sql.assertRouted();
    },
  };
  return server;
}
