/**
 * The backup file: a small SQLite database of its own holding one ledger set. backup_meta says
 * what it is (format, set, type, schema version, each table's columns and row count); one table
 * per backed-up table with the set's rows; backup_attachment the attachment bytes by file id with
 * their SHA-256. It is written to `<name>.part`, flushed to disk and renamed into place, so a file
 * under its final name is always complete. verifySnapshot is the check before any restore.
 */
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { quoteId } from './set-snapshot.js';

export const SNAPSHOT_FORMAT = 'ufc-ledger-set-backup/1';

export interface SnapshotTable {
  name: string;
  columns: string[];
  /** The live table's primary key (leading with zt_id), also the backup table's; null for none. */
  key: string[] | null;
  rows: number;
}

export interface SnapshotMeta {
  format: string;
  zt: { id: number; name: string; accountingSystem: string };
  type: number;
  createdAt: number;
  createdBy: { id: number; name: string };
  schemaVersion: string;
  sourceDialect: string;
  tables: SnapshotTable[];
  attachments: { stored: number; missing: string[] };
}

export class SnapshotWriter {
  /** The backup file's connection (set-snapshot.ts copies through it). */
  readonly conn: SqliteDatabase.Database;
  private readonly inserts = new Map<string, SqliteDatabase.Statement>();
  private readonly addAttachment: SqliteDatabase.Statement;
  readonly counts = new Map<string, number>();

  constructor(readonly partialPath: string) {
    this.conn = new SqliteDatabase(partialPath);
    // Large pages: a million-line table is written and read back in fewer, shallower b-tree steps.
    this.conn.pragma('page_size = 65536');
    // A file being written is not yet a backup (renamed only when complete): no journal needed.
    this.conn.pragma('journal_mode = OFF');
    this.conn.pragma('synchronous = OFF');
    this.conn.exec(`create table backup_meta (key text primary key, value text not null);
      create table backup_attachment (file_id text primary key, sha256 text not null, bytes blob not null)`);
    this.addAttachment = this.conn.prepare('insert into backup_attachment (file_id, sha256, bytes) values (?, ?, ?)');
  }

  /**
   * With a key the table is stored in key order (WITHOUT ROWID), so a restore can look rows up by
   * it; with the live columns' declared types, so comparisons with the live rows can use that key.
   */
  createTable(name: string, columns: readonly string[], key: readonly string[] | null = null, types?: readonly string[]): void {
    const defined = columns.map((c, i) => `${quoteId(c)}${types?.[i] ? ` ${types[i]}` : ''}`).join(', ');
    const primary = key ? `, primary key (${key.map(quoteId).join(', ')})` : '';
    this.conn.exec(`create table ${quoteId(name)} (${defined}${primary})${key ? ' without rowid' : ''}`);
    const marks = columns.map(() => '?').join(', ');
    this.inserts.set(
      name,
      this.conn.prepare(`insert into ${quoteId(name)} (${columns.map(quoteId).join(', ')}) values (${marks})`),
    );
    this.counts.set(name, 0);
  }

  insert(name: string, rows: readonly unknown[][]): void {
    const statement = this.inserts.get(name);
    if (!statement) throw new Error(`table ${name} not created`);
    for (const row of rows) statement.run(row);
    this.counts.set(name, (this.counts.get(name) ?? 0) + rows.length);
  }

  attachment(fileId: string, sha256: string, bytes: Buffer): void {
    this.addAttachment.run(fileId, sha256, bytes);
  }

  /** Writes the meta and closes; the caller renames the file into place. */
  finish(meta: SnapshotMeta): void {
    const put = this.conn.prepare('insert into backup_meta (key, value) values (?, ?)');
    this.conn.transaction(() => {
      for (const [key, value] of Object.entries(meta)) put.run(key, JSON.stringify(value));
    })();
    this.conn.close();
    const fd = fs.openSync(this.partialPath, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  abandon(): void {
    if (this.conn.open) this.conn.close();
    fs.rmSync(this.partialPath, { force: true });
  }
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Opens a backup file read-only; null when it is not a SQLite database at all. */
export function openSnapshot(file: string): SqliteDatabase.Database | null {
  try {
    const conn = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    conn.prepare('select count(*) from sqlite_master').get();
    return conn;
  } catch {
    return null;
  }
}

export function readMeta(conn: SqliteDatabase.Database): SnapshotMeta {
  const rows = conn.prepare('select key, value from backup_meta').all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])) as unknown as SnapshotMeta;
}

/**
 * Every check a backup must pass before it is restored: the file's SHA-256 is the one recorded
 * when it was taken, SQLite's integrity_check passes, it is this format and this ledger set, and
 * each table and attachment holds what the meta says. Answers the problems in Chinese (none: ok).
 */
export async function verifySnapshot(file: string, expected: { sha256: string; ztId: number }): Promise<string[]> {
  if (!fs.existsSync(file)) return ['备份文件不存在'];
  if ((await sha256OfFile(file)) !== expected.sha256) return ['备份文件的SHA-256与备份时记录的不一致，文件已被改动或损坏'];
  const conn = openSnapshot(file);
  if (!conn) return ['备份文件不是有效的数据库文件'];
  try {
    const problems: string[] = [];
    const integrity = conn.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') {
      return [
        `备份文件完整性检查未通过：${integrity
          .map((r) => r.integrity_check)
          .slice(0, 3)
          .join('；')}`,
      ];
    }
    let meta: SnapshotMeta;
    try {
      meta = readMeta(conn);
    } catch {
      return ['备份文件缺少说明信息'];
    }
    if (meta.format !== SNAPSHOT_FORMAT) return ['备份文件格式不正确'];
    if (meta.zt.id !== expected.ztId) problems.push('备份文件不属于当前账套');
    for (const table of meta.tables) {
      const row = conn.prepare(`select count(*) as n from ${quoteId(table.name)}`).get() as { n: number };
      if (row.n !== table.rows) problems.push(`${table.name} 的行数 ${row.n} 与备份时的 ${table.rows} 不一致`);
    }
    const attachments = conn.prepare('select file_id, sha256, bytes from backup_attachment').iterate() as IterableIterator<{
      file_id: string;
      sha256: string;
      bytes: Buffer;
    }>;
    let stored = 0;
    for (const a of attachments) {
      stored++;
      if (createHash('sha256').update(a.bytes).digest('hex') !== a.sha256) problems.push(`附件 ${a.file_id} 的内容已损坏`);
    }
    if (stored !== meta.attachments.stored) problems.push(`附件数 ${stored} 与备份时的 ${meta.attachments.stored} 不一致`);
    return problems;
  } finally {
    conn.close();
  }
}
