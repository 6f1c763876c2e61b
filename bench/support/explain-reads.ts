/**
 * The statements behind the books reads, explained: each read runs once more through the server's
 * own functions (what its route runs) on the benchmark's database, with its SQL captured and
 * timed, and the slowest `top` of each read are explained (PostgreSQL: EXPLAIN (ANALYZE, BUFFERS);
 * SQLite: EXPLAIN QUERY PLAN). The server is stopped meanwhile (SQLite opens the file read-only).
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import type { AccountingSystem } from '../../src/shared/api/auth.js';
import { SQLITE_FILE, type Db } from '../../src/server/db/database.js';
import { POSTGRES_SESSION_OPTIONS } from '../../src/server/db/postgres-session.js';
import type { Database } from '../../src/server/db/schema.js';
import { queryTrialBalance } from '../../src/server/books/trial-balance.js';
import { queryDetailLedger } from '../../src/server/books/detail-ledger.js';
import { queryGeneralLedger } from '../../src/server/books/general-ledger.js';
import { buildReport } from '../../src/server/reports/report-service.js';
import type { Scope } from '../../src/server/subjects/subject-repository.js';
import type { BenchLedger } from './million-lines.js';
import { round } from './stats.js';

/** The Db's other handles, none here (a variable, so a handle Db gains later is no excess property). */
const NO_HANDLES = { sqlite: null, checkpointer: null, relaxed: null };

interface Captured {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

/** A Db on the bench database whose statements are captured with their time. */
function capturingDb(
  ledger: Pick<BenchLedger, 'databaseUrl' | 'dataDir'>,
  captured: Captured[],
): { db: Db; raw: (text: string, values: readonly unknown[]) => Promise<string[]> } {
  const log = (event: LogEvent) => {
    if (event.level === 'query')
      captured.push({ sql: event.query.sql, parameters: event.query.parameters, ms: round(event.queryDurationMillis) });
  };
  if (ledger.databaseUrl) {
    // The server's connection settings, so the plans are the ones it gets.
    const pool = new pg.Pool({ connectionString: ledger.databaseUrl, max: 4, options: POSTGRES_SESSION_OPTIONS });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    const db = { ...NO_HANDLES, kysely, dialect: 'postgres' as const, close: () => kysely.destroy() };
    return {
      db,
      raw: async (text, values) =>
        (await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, [...values])).rows.map(
          (r) => r['QUERY PLAN'],
        ),
    };
  }
  const sqlite = new SqliteDatabase(path.join(ledger.dataDir, SQLITE_FILE), { readonly: true });
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
  const db = { ...NO_HANDLES, kysely, dialect: 'sqlite' as const, sqlite, close: () => kysely.destroy() };
  return {
    db,
    raw: (text, values) =>
      Promise.resolve(
        (sqlite.prepare(`explain query plan ${text}`).all(...(values as unknown[])) as { detail: string }[]).map((r) => r.detail),
      ),
  };
}

/**
 * Each read once more through the server's own functions (what its route runs), its statements
 * captured: the slowest `top` of each read with their plans.
 */
export async function explainSlowest(
  ledger: Pick<BenchLedger, 'databaseUrl' | 'dataDir' | 'generated'>,
  read: { set: string; year: number; busy: string; pageSize: number },
  top = 2,
) {
  const { year: YEAR, busy: BUSY, pageSize: PAGE_SIZE } = read;
  const busyLines = ledger.generated.busySubjectLines;
  const captured: Captured[] = [];
  const { db, raw } = capturingDb(ledger, captured);
  try {
    const set = await db.kysely
      .selectFrom('zt_info')
      .select(['id', 'accounting_system'])
      .where('name', '=', read.set)
      .executeTakeFirstOrThrow();
    const scope: Scope = { ztId: Number(set.id), year: YEAR, system: set.accounting_system as AccountingSystem };
    const lastPage = Math.ceil(busyLines / PAGE_SIZE);
    const year = { beginMonth: 1, endMonth: 12 };
    const runs: Record<string, () => Promise<unknown>> = {
      trialBalanceYear: () => queryTrialBalance(db, scope, year, {}),
      generalLedgerYear: () => queryGeneralLedger(db, scope, year, {}),
      detailLedgerFirstPageYear: () => queryDetailLedger(db, scope, year, { code: BUSY, pageIndex: 1, pageSize: PAGE_SIZE }),
      detailLedgerMiddlePageYear: () =>
        queryDetailLedger(db, scope, year, { code: BUSY, pageIndex: Math.max(1, Math.floor(lastPage / 2)), pageSize: PAGE_SIZE }),
      balanceSheetYear: () => buildReport(db, scope, read.set, 'balance-sheet', { ...year, book: false, carryOver: false }),
    };
    const out: Record<
      string,
      {
        statements: number;
        totalMs: number;
        slowest: { ms: number; sql: string; parameters: readonly unknown[]; plan: string[] }[];
      }
    > = {};
    for (const [name, run] of Object.entries(runs)) {
      await run(); // warm
      captured.length = 0;
      await run();
      const read = [...captured];
      const slowest = [...read].sort((a, b) => b.ms - a.ms).slice(0, top);
      const explained = [];
      for (const q of slowest) explained.push({ ...q, plan: await raw(q.sql, q.parameters) });
      out[name] = { statements: read.length, totalMs: round(read.reduce((a, q) => a + q.ms, 0)), slowest: explained };
    }
    return out;
  } finally {
    // Kysely's destroy() ends the pool or closes the SQLite handle.
    await db.close();
  }
}
