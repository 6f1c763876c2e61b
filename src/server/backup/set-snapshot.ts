/**
 * Copies every row of one ledger set, as of one moment, into a backup file: a consistent
 * snapshot, never a copy of the live file. On SQLite the backup file's own connection attaches
 * the live database and only reads it: it copies table by table inside one transaction (WAL fixes what
 * that transaction reads at its first read, while writers go on), in key-ordered chunks so the
 * event loop turns between them and SQLite moves the rows without JavaScript in between. On
 * PostgreSQL one REPEATABLE READ, READ ONLY transaction reads through a cursor.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { SnapshotTable, SnapshotWriter } from './snapshot-file.js';

/** Rows a chunk copies before the event loop gets a turn. */
export const COPY_CHUNK = 50_000;

export const quoteId = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface CopiedSet {
  tables: SnapshotTable[];
  schemaVersion: string;
}

interface ColumnInfo {
  name: string;
  type: string;
  pk: number;
}

async function copyFromSqlite(db: Db, writer: SnapshotWriter, tables: readonly string[], ztId: number): Promise<CopiedSet> {
  if (!db.sqlite) throw new Error('SQLite handle missing');
  const conn = writer.conn;
  // Attached for reading only (better-sqlite3 is built without URI file names, so no mode=ro).
  conn.prepare('attach database ? as live').run(db.sqlite.name);
  try {
    conn.exec('begin');
    const out: SnapshotTable[] = [];
    for (const table of tables) {
      const info = conn.pragma(`live.table_info(${quoteId(table)})`) as ColumnInfo[];
      const columns = info.map((c) => c.name);
      const keys = info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      const key = keys[0] === 'zt_id' && keys.length > 1 ? keys : null;
      // Declared types as SQLite reports them (e.g. varchar(40)); anything else is left out.
      const types = info.map((c) => (/^[\w(), ]*$/.test(c.type) ? c.type : ''));
      writer.createTable(table, columns, key, types);
      const list = columns.map(quoteId).join(', ');
      const into = `insert into main.${quoteId(table)} (${list}) select ${list} from live.${quoteId(table)} where zt_id = ?`;
      let rows = 0;
      if (!key) {
        rows = conn.prepare(into).run(ztId).changes;
      } else {
        // In key order after zt_id: the primary key's index walks only this set's rows, a chunk at a
        // time, and the backup table (stored by the same key) only grows at its end.
        const rest = key.slice(1);
        const order = rest.map(quoteId).join(', ');
        const first = conn.prepare(`${into} order by ${order} limit ${COPY_CHUNK}`);
        const next = conn.prepare(
          `${into} and (${order}) > (${rest.map(() => '?').join(', ')}) order by ${order} limit ${COPY_CHUNK}`,
        );
        const descending = key.map((c) => `${quoteId(c)} desc`).join(', ');
        const last = conn.prepare(`select ${order} from main.${quoteId(table)} order by ${descending} limit 1`).raw(true);
        let copied = first.run(ztId).changes;
        rows += copied;
        while (copied === COPY_CHUNK) {
          await turn();
          copied = next.run(ztId, ...(last.get() as unknown[])).changes;
          rows += copied;
        }
      }
      out.push({ name: table, columns, key, rows });
    }
    const version = conn.prepare('select max(name) from live.kysely_migration').pluck().get() as string | null;
    conn.exec('commit');
    return { tables: out, schemaVersion: version ?? '' };
  } finally {
    if (conn.inTransaction) conn.exec('rollback');
    conn.exec('detach database live');
  }
}

async function copyFromPostgres(db: Db, writer: SnapshotWriter, tables: readonly string[], ztId: number): Promise<CopiedSet> {
  return db.kysely
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx: Kysely<Database>) => {
      await sql`set transaction read only`.execute(trx);
      writer.conn.exec('begin');
      const out: SnapshotTable[] = [];
      for (const table of tables) {
        const { rows: cols } = await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(trx);
        const columns = cols.map((r) => r.column_name);
        writer.createTable(table, columns);
        const list = sql.join(columns.map((c) => sql.ref(c)));
        await sql`declare backup_rows no scroll cursor for select ${list} from ${sql.table(table)} where zt_id = ${ztId}`.execute(
          trx,
        );
        for (;;) {
          const { rows } = await sql<Record<string, unknown>>`fetch forward ${sql.lit(COPY_CHUNK / 10)} from backup_rows`.execute(
            trx,
          );
          if (rows.length === 0) break;
          writer.insert(
            table,
            rows.map((row) => columns.map((c) => row[c])),
          );
        }
        await sql`close backup_rows`.execute(trx);
        out.push({ name: table, columns, key: null, rows: writer.counts.get(table) ?? 0 });
      }
      const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(trx);
      writer.conn.exec('commit');
      return { tables: out, schemaVersion: rows[0]?.name ?? '' };
    });
}

/** Copies the set's rows of `tables` from one consistent snapshot into the backup file. */
export function copySet(db: Db, writer: SnapshotWriter, tables: readonly string[], ztId: number): Promise<CopiedSet> {
  return db.dialect === 'postgres' ? copyFromPostgres(db, writer, tables, ztId) : copyFromSqlite(db, writer, tables, ztId);
}
