/**
 * The dialect factory: embedded SQLite by default, PostgreSQL when a URL is given. SQLite is
 * opened for durability (WAL with synchronous=FULL: a committed voucher survives power loss),
 * with foreign keys on and a busy timeout. PostgreSQL BIGINT arrives as a string and is parsed
 * here, in exactly one place, refusing anything beyond the safe-integer range.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type CompiledQuery,
  type KyselyConfig,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { BACKSTOP_PAGES, Checkpointer } from './checkpointer.js';
import { POSTGRES_SESSION_OPTIONS } from './postgres-session.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The SQLite handle (null on PostgreSQL), for pragmas and online backups. */
  sqlite: SqliteDatabase.Database | null;
  /** SQLite's checkpoints off the main thread (null on PostgreSQL); started by the first group commit. */
  checkpointer: Checkpointer | null;
  /**
   * PostgreSQL only: connections whose commits do not wait for the disk (synchronous_commit off),
   * for records whose loss in a crash costs nothing durable (auth/nonce-store.ts says why).
   */
  relaxed: pg.Pool | null;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'ledger.sqlite';

/** Sees every statement the instance runs, after it ran (or failed): the API tests' SQL capture. */
export type StatementObserver = (query: CompiledQuery) => void;

/** Kysely's log option for an observer; none at all without one, so production pays nothing. */
function observing(observe: StatementObserver | undefined): Pick<KyselyConfig, 'log'> {
  return observe ? { log: (event) => observe(event.query) } : {};
}

export function parseBigint(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`整数超出安全范围: ${text}`);
  return n;
}

pg.types.setTypeParser(pg.types.builtins.INT8, parseBigint);

/** How many prepared statements the SQLite cache keeps (the server issues far fewer distinct SQL texts). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew (sqlite3_prepare costs tens of microseconds, and a voucher save
 * runs dozens of queries). Kysely runs SQLite on one connection behind a lock, so one statement
 * per SQL text can be reused: the cache keeps the most recently used STATEMENT_CACHE_SIZE of them.
 * A statement still busy (a select being iterated) is never handed out twice: the caller then gets
 * a fresh one. SQLite re-prepares a cached statement by itself when the schema changes.
 */
export function cachingStatements(sqlite: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached) {
        if (cached.busy) return sqlite.prepare(sql);
        // Move to the most recent end (a Map keeps insertion order).
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}

export function openSqlite(file: string, observe?: StatementObserver): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
    ...observing(observe),
  });
  const checkpointer = new Checkpointer(file);
  const close = async () => {
    await checkpointer.stop();
    await kysely.destroy();
  };
  return { kysely, dialect: 'sqlite', sqlite, checkpointer, relaxed: null, close };
}

export function openPostgres(connectionString: string, observe?: StatementObserver): Db {
  const pool = new pg.Pool({ connectionString, max: 10, options: POSTGRES_SESSION_OPTIONS });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...observing(observe) });
  const relaxed = new pg.Pool({ connectionString, max: 2, options: `${POSTGRES_SESSION_OPTIONS} -c synchronous_commit=off` });
  const close = async () => {
    await kysely.destroy();
    await relaxed.end();
  };
  return { kysely, dialect: 'postgres', sqlite: null, checkpointer: null, relaxed, close };
}

export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Db {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(path.join(options.dataDir, SQLITE_FILE));
}
