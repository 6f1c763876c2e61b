/**
 * Reads every row of one ledger set as of one moment: a consistent snapshot, never a copy of the
 * live file. On SQLite a second connection to the database file holds one read transaction (WAL
 * lets writers go on meanwhile, and this connection sees none of their commits); on PostgreSQL one
 * REPEATABLE READ, READ ONLY transaction reads through a cursor. Rows come in chunks so the event
 * loop turns between them.
 */
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

export const READ_CHUNK = 5000;

export interface SetReader {
  /** The table's columns in their stored order. */
  columns(table: string): Promise<string[]>;
  /** The set's rows of the table, `columns` in that order, in chunks. */
  rows(table: string, columns: readonly string[], ztId: number): AsyncIterable<unknown[][]>;
  /** The last migration applied (the backup's schema version). */
  schemaVersion(): Promise<string>;
}

export const quoteId = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function sqliteReader(conn: SqliteDatabase.Database): SetReader {
  return {
    columns: (table) => Promise.resolve((conn.pragma(`table_info(${quoteId(table)})`) as { name: string }[]).map((c) => c.name)),
    async *rows(table, columns, ztId) {
      const statement = conn
        .prepare(`select ${columns.map(quoteId).join(', ')} from ${quoteId(table)} where zt_id = ?`)
        .raw(true);
      let chunk: unknown[][] = [];
      for (const row of statement.iterate(ztId) as IterableIterator<unknown[]>) {
        chunk.push(row);
        if (chunk.length >= READ_CHUNK) {
          yield chunk;
          chunk = [];
          await turn();
        }
      }
      if (chunk.length > 0) yield chunk;
    },
    schemaVersion: () => {
      const row = conn.prepare('select max(name) as name from kysely_migration').get() as { name: string | null };
      return Promise.resolve(row.name ?? '');
    },
  };
}

function postgresReader(trx: Kysely<Database>): SetReader {
  return {
    async columns(table) {
      const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(trx);
      return rows.map((r) => r.column_name);
    },
    async *rows(table, columns, ztId) {
      const list = sql.join(columns.map((c) => sql.ref(c)));
      await sql`declare backup_rows no scroll cursor for select ${list} from ${sql.table(table)} where zt_id = ${ztId}`.execute(
        trx,
      );
      try {
        for (;;) {
          const { rows } = await sql<Record<string, unknown>>`fetch forward ${sql.lit(READ_CHUNK)} from backup_rows`.execute(trx);
          if (rows.length === 0) break;
          yield rows.map((row) => columns.map((c) => row[c]));
        }
      } finally {
        await sql`close backup_rows`.execute(trx);
      }
    },
    async schemaVersion() {
      const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(trx);
      return rows[0]?.name ?? '';
    },
  };
}

/** Runs `read` inside one consistent snapshot of the database. */
export async function withSnapshot<T>(db: Db, read: (reader: SetReader) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        return read(postgresReader(trx));
      });
  }
  if (!db.sqlite) throw new Error('SQLite handle missing');
  const conn = new SqliteDatabase(db.sqlite.name, { readonly: true, fileMustExist: true });
  try {
    conn.pragma('busy_timeout = 5000');
    // Deferred: the snapshot is fixed by the first read, and every later read sees the same one.
    conn.exec('begin');
    try {
      return await read(sqliteReader(conn));
    } finally {
      conn.exec('commit');
    }
  } finally {
    conn.close();
  }
}
