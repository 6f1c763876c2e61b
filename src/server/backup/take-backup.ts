/**
 * Takes a backup of one ledger set: every backed-up table's rows of the set from one consistent
 * snapshot (set-snapshot.ts), and the bytes of its attachments (files never change once stored,
 * so reading them after the snapshot reads what the rows name), into a new backup file whose
 * SHA-256 and size are recorded in the backup table. At most BACKUP_MAX_KEPT backups are kept:
 * one more is refused with BackupRotationNeeded (the spec's confirmation text) unless the user
 * confirmed, and then the oldest go once the new one is safely stored.
 */
import fs from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import {
  BACKUP_MAX_KEPT,
  BackupMessages,
  type BackupItem,
  type BackupRotationInfo,
  type BackupTypeValue,
} from '../../shared/api/backup.js';
import type { Db } from '../db/database.js';
import type { BackupRow } from '../db/schema.js';
import { isFileId } from '../files/file-store.js';
import { refuse } from '../http/app-error.js';
import { attachmentStoreOf, backupDirOf, backupFileOf } from './backup-home.js';
import { BACKED_UP } from './covered-tables.js';
import { backupsOf, deleteBackupRow, insertBackup, toBackupItem } from './repository.js';
import { withSetLock } from './set-lock.js';
import { copySet } from './set-snapshot.js';
import { sha256OfFile, SNAPSHOT_FORMAT, SnapshotWriter } from './snapshot-file.js';

export interface BackupScope {
  ztId: number;
  actor: { id: number; name: string };
}

export interface TakeOptions {
  /** The user pressed 继续执行: the oldest backups may go to keep BACKUP_MAX_KEPT. */
  rotate: boolean;
  /** A backup the rotation must not remove (the one being restored). */
  keep?: string;
}

/** Takes a backup of the set (waits for any other backup work of the set first). */
export function takeBackup(db: Db, scope: BackupScope, type: BackupTypeValue, options: TakeOptions): Promise<BackupItem> {
  return withSetLock(db, scope.ztId, () => takeBackupLocked(db, scope, type, options));
}

/** takeBackup for a caller already holding the set's lock (the restore's type-46 backup). */
export async function takeBackupLocked(
  db: Db,
  scope: BackupScope,
  type: BackupTypeValue,
  options: TakeOptions,
): Promise<BackupItem> {
  const existing = await backupsOf(db.kysely, scope.ztId);
  // Oldest first, never the one to keep: what goes when the new backup makes one too many.
  const going = existing
    .filter((r) => r.id !== options.keep)
    .reverse()
    .slice(0, Math.max(0, existing.length + 1 - BACKUP_MAX_KEPT));
  const first = going[0];
  if (first && !options.rotate) {
    const item = toBackupItem(first);
    const info: BackupRotationInfo = {
      kept: existing.length,
      oldest: { id: item.id, type: item.type, typeName: item.typeName, createdAt: item.createdAt },
    };
    refuse('BackupRotationNeeded', BackupMessages.rotation, info);
  }
  const zt = await db.kysely
    .selectFrom('zt_info')
    .select(['id', 'name', 'accounting_system'])
    .where('id', '=', scope.ztId)
    .executeTakeFirst();
  if (!zt) refuse('NotFound', '账套不存在');

  const id = randomUUID();
  const fileName = `${id}.sqlite`;
  await fs.promises.mkdir(backupDirOf(db, scope.ztId), { recursive: true });
  const file = backupFileOf(db, scope.ztId, fileName);
  const writer = new SnapshotWriter(`${file}.part`);
  const createdAt = Date.now();
  try {
    const { tables, schemaVersion } = await copySet(db, writer, BACKED_UP, scope.ztId);
    const files = writer.conn.prepare('select file_id as fileId, sha256 from file_relation').all() as {
      fileId: string;
      sha256: string;
    }[];

    const store = attachmentStoreOf(db);
    const missing: string[] = [];
    for (const f of files) {
      const bytes = isFileId(f.fileId) ? await readIfPresent(store.pathOf(scope.ztId, f.fileId)) : null;
      if (bytes && sha256Of(bytes) === f.sha256) writer.attachment(f.fileId, f.sha256, bytes);
      else missing.push(f.fileId);
    }

    writer.finish({
      format: SNAPSHOT_FORMAT,
      zt: { id: zt.id, name: zt.name, accountingSystem: zt.accounting_system },
      type,
      createdAt,
      createdBy: scope.actor,
      schemaVersion,
      sourceDialect: db.dialect,
      tables,
      attachments: { stored: files.length - missing.length, missing },
    });
    await fs.promises.rename(`${file}.part`, file);
    await syncDirectory(backupDirOf(db, scope.ztId));
    const row: BackupRow = {
      zt_id: scope.ztId,
      id,
      type,
      file_name: fileName,
      size: (await fs.promises.stat(file)).size,
      sha256: await sha256OfFile(file),
      row_count: tables.reduce((n, t) => n + t.rows, 0),
      attachment_count: files.length - missing.length,
      created_by: scope.actor.id,
      created_by_name: scope.actor.name.slice(0, 64),
      created_at: createdAt,
      verified_ok: null,
      verified_at: null,
    };
    try {
      await insertBackup(db.kysely, row);
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      throw error;
    }
    // The new backup is stored: now the oldest may go, to keep at most BACKUP_MAX_KEPT.
    for (const old of going) await removeBackup(db, old);
    return toBackupItem(row);
  } catch (error) {
    writer.abandon();
    throw error;
  }
}

/** Removes a backup's row, then its file. */
export async function removeBackup(db: Db, row: BackupRow): Promise<void> {
  await deleteBackupRow(db.kysely, row.zt_id, row.id);
  await fs.promises.rm(backupFileOf(db, row.zt_id, row.file_name), { force: true });
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Makes a rename in the folder survive a power loss before the row naming the file is written. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
