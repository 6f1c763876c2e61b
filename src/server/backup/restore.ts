/**
 * Restores a backup over its ledger set. The file is checked first (SHA-256 against the recorded
 * one, integrity_check, row counts, attachments): a damaged file is refused before anything
 * changes. Then a type-46 backup of the set as it is now is taken, the attachment bytes the
 * backup names are put back in the store, and the set's rows of every backed-up table become the
 * backup's in one transaction: on SQLite as one write of the write queue (sqlite-restore.ts), so
 * no voucher save interleaves, and on PostgreSQL replaced whole with the tables locked against
 * writers for the transaction. A table the backup does not have (added by a later migration) is emptied for
 * the set; a column it does not have takes its default. The vouchers' revisions are lifted above
 * any the set had before (vouchers/revisions.ts), so no change seen before the restore applies after it.
 */
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { BackupMessages, BackupType, type RestoreBackupResponse } from '../../shared/api/backup.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { FileStore } from '../files/file-store.js';
import { isFileId } from '../files/file-store.js';
import type { Q } from '../subjects/subject-repository.js';
import { liftRevisions, revisionCeiling } from '../vouchers/revisions.js';
import { runWrite } from '../vouchers/write-queue.js';
import { attachmentStoreOf, backupFileOf } from './backup-home.js';
import { BACKED_UP } from './covered-tables.js';
import { findBackup, markVerified, toBackupItem } from './repository.js';
import { withSetLock } from './set-lock.js';
import { quoteId } from './set-snapshot.js';
import { restoreRowsOnSqlite } from './sqlite-restore.js';
import { openSnapshot, readMeta, verifySnapshot, type SnapshotMeta, type SnapshotTable } from './snapshot-file.js';
import { takeBackupLocked, type BackupScope, type TakeOptions } from './take-backup.js';

/** Rows a PostgreSQL insert statement carries at most (under its 65,535 parameters). */
const PG_PARAMS_PER_STATEMENT = 30_000;

/** Checks a backup; records the outcome on its row and answers the problems (none: ok). */
export async function checkBackup(db: Db, ztId: number, id: string): Promise<string[]> {
  const row = await findBackup(db.kysely, ztId, id);
  if (!row) refuse('NotFound', BackupMessages.notFound);
  const problems = await verifySnapshot(backupFileOf(db, ztId, row.file_name), { sha256: row.sha256, ztId });
  await markVerified(db.kysely, ztId, id, problems.length === 0);
  return problems;
}

export function restoreBackup(
  db: Db,
  scope: BackupScope,
  id: string,
  options: Pick<TakeOptions, 'rotate'>,
): Promise<RestoreBackupResponse> {
  return withSetLock(db, scope.ztId, async () => {
    const problems = await checkBackup(db, scope.ztId, id);
    if (problems.length > 0) refuse('BusinessRule', `${BackupMessages.corrupted}：${problems.join('；')}`, problems);
    const row = await findBackup(db.kysely, scope.ztId, id);
    if (!row) refuse('NotFound', BackupMessages.notFound);
    const file = backupFileOf(db, scope.ztId, row.file_name);
    const snapshot = openSnapshot(file);
    if (!snapshot) refuse('BusinessRule', BackupMessages.corrupted);
    try {
      const meta = readMeta(snapshot);
      await assertRestorable(db, snapshot, meta, scope.ztId);
      const before = await takeBackupLocked(db, scope, BackupType.beforeRestore, { rotate: options.rotate, keep: id });
      const store = attachmentStoreOf(db);
      const written = await putAttachmentsBack(snapshot, store, scope.ztId);
      let replaced: Replaced;
      try {
        replaced =
          db.dialect === 'sqlite'
            ? { previousFiles: await restoreRowsOnSqlite(db, file, meta, scope.ztId) }
            : await replaceOnPostgres(db, snapshot, meta, scope.ztId);
      } catch (error) {
        await Promise.all(written.map((f) => fs.promises.rm(f, { force: true })));
        throw error;
      }
      // Bytes only the replaced rows named are unreachable now (the type-46 backup holds them).
      const restoredFiles = new Set(
        meta.tables.some((t) => t.name === 'file_relation')
          ? (snapshot.prepare('select file_id from file_relation').pluck().all() as string[])
          : [],
      );
      for (const fileId of replaced.previousFiles) {
        if (!restoredFiles.has(fileId) && isFileId(fileId)) await store.remove(scope.ztId, fileId);
      }
      return {
        restored: toBackupItem(row),
        before,
        rowCount: meta.tables.reduce((n, t) => n + t.rows, 0),
      };
    } finally {
      snapshot.close();
    }
  });
}

async function liveColumns(db: Db, table: string): Promise<string[]> {
  if (db.sqlite) return (db.sqlite.pragma(`table_info(${quoteId(table)})`) as { name: string }[]).map((c) => c.name);
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db.kysely);
  return rows.map((r) => r.column_name);
}

/**
 * Every table and column of the backup must exist here (a backup of a newer version does not
 * fit), and every row must be this set's.
 */
async function assertRestorable(db: Db, snapshot: SqliteDatabase.Database, meta: SnapshotMeta, ztId: number): Promise<void> {
  if (meta.zt.id !== ztId) refuse('BusinessRule', BackupMessages.otherSet);
  for (const table of meta.tables) {
    if (!(BACKED_UP as readonly string[]).includes(table.name)) refuse('BusinessRule', BackupMessages.newerSchema);
    const live = new Set(await liveColumns(db, table.name));
    if (!table.columns.every((c) => live.has(c)) || !table.columns.includes('zt_id')) {
      refuse('BusinessRule', BackupMessages.newerSchema);
    }
    const others = snapshot
      .prepare(`select count(*) from ${quoteId(table.name)} where zt_id <> ?`)
      .pluck()
      .get(ztId) as number;
    if (others > 0) refuse('BusinessRule', BackupMessages.otherSet);
  }
}

/** Writes back the attachment files the store lacks; answers the paths it wrote. */
async function putAttachmentsBack(snapshot: SqliteDatabase.Database, store: FileStore, ztId: number): Promise<string[]> {
  await fs.promises.mkdir(store.dirOf(ztId), { recursive: true });
  const written: string[] = [];
  const rows = snapshot.prepare('select file_id, sha256, bytes from backup_attachment').iterate() as IterableIterator<{
    file_id: string;
    sha256: string;
    bytes: Buffer;
  }>;
  for (const a of rows) {
    if (!isFileId(a.file_id)) continue;
    const target = store.pathOf(ztId, a.file_id);
    const present = await fs.promises.readFile(target).catch(() => null);
    if (present && createHash('sha256').update(present).digest('hex') === a.sha256) continue;
    await fs.promises.writeFile(`${target}.restore`, a.bytes);
    await fs.promises.rename(`${target}.restore`, target);
    written.push(target);
  }
  return written;
}

function* snapshotRows(snapshot: SqliteDatabase.Database, table: SnapshotTable): Generator<unknown[]> {
  const statement = snapshot.prepare(`select ${table.columns.map(quoteId).join(', ')} from ${quoteId(table.name)}`).raw(true);
  yield* statement.iterate() as IterableIterator<unknown[]>;
}

interface Replaced {
  previousFiles: string[];
}

async function previousFiles(trx: Q, ztId: number): Promise<string[]> {
  return (await trx.selectFrom('file_relation').select('file_id').where('zt_id', '=', ztId).execute()).map((r) => r.file_id);
}

/** PostgreSQL: one transaction, the tables locked against writers, rows sent in multi-row inserts. */
async function replaceOnPostgres(db: Db, snapshot: SqliteDatabase.Database, meta: SnapshotMeta, ztId: number): Promise<Replaced> {
  return runWrite(db, async (trx) => {
    await sql`lock table ${sql.join(BACKED_UP.map((t) => sql.table(t)))} in share row exclusive mode`.execute(trx);
    const previous = await previousFiles(trx, ztId);
    const ceiling = await revisionCeiling(trx, ztId);
    for (const table of [...BACKED_UP].reverse()) {
      await sql`delete from ${sql.table(table)} where zt_id = ${ztId}`.execute(trx);
    }
    for (const name of BACKED_UP) {
      const table = meta.tables.find((t) => t.name === name);
      if (!table) continue;
      const perStatement = Math.max(1, Math.floor(PG_PARAMS_PER_STATEMENT / table.columns.length));
      const columns = sql.join(table.columns.map((c) => sql.ref(c)));
      let chunk: unknown[][] = [];
      const flush = async () => {
        if (chunk.length === 0) return;
        const values = sql.join(chunk.map((row) => sql`(${sql.join(row)})`));
        await sql`insert into ${sql.table(name)} (${columns}) values ${values}`.execute(trx);
        chunk = [];
      };
      for (const row of snapshotRows(snapshot, table)) {
        chunk.push(row);
        if (chunk.length >= perStatement) await flush();
      }
      await flush();
    }
    await liftRevisions(trx, ztId, ceiling);
    return { previousFiles: previous };
  });
}
