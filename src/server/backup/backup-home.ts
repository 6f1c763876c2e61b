/**
 * Where a server keeps its backups: DATA_DIR/backups/<zt_id>/, beside the attachment store whose
 * bytes a backup carries. buildApp names the data directory once per database, so takeBackup
 * (called by the close with only the database) finds it.
 */
import path from 'node:path';
import type { Db } from '../db/database.js';
import { FileStore } from '../files/file-store.js';

const homes = new WeakMap<Db, string>();

export function setBackupHome(db: Db, dataDir: string): void {
  homes.set(db, dataDir);
}

function dataDirOf(db: Db): string {
  const dir = homes.get(db);
  if (!dir) throw new Error('backups are not configured for this database (setBackupHome)');
  return dir;
}

/** The folder holding every set's backup folder. */
export function backupsRoot(db: Db): string {
  return path.join(dataDirOf(db), 'backups');
}

export function backupDirOf(db: Db, ztId: number): string {
  if (!Number.isSafeInteger(ztId) || ztId <= 0) throw new Error(`bad ledger-set id ${ztId}`);
  return path.join(backupsRoot(db), String(ztId));
}

const BACKUP_FILE = /^[0-9a-f-]{36}\.sqlite$/;

export function backupFileOf(db: Db, ztId: number, fileName: string): string {
  if (!BACKUP_FILE.test(fileName)) throw new Error('bad backup file name');
  return path.join(backupDirOf(db, ztId), fileName);
}

export function attachmentStoreOf(db: Db): FileStore {
  return new FileStore(dataDirOf(db));
}
