/** Backup rows (table backup, migration 0009). Every query names the ledger set. */
import type { Kysely, Transaction } from 'kysely';
import { BACKUP_TYPE_NAMES, isBackupType, type BackupItem } from '../../shared/api/backup.js';
import type { BackupRow, Database } from '../db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

export function toBackupItem(row: BackupRow): BackupItem {
  const type = isBackupType(row.type) ? row.type : 40;
  return {
    id: row.id,
    type,
    typeName: BACKUP_TYPE_NAMES[type],
    createdAt: row.created_at,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    size: row.size,
    sha256: row.sha256,
    rowCount: row.row_count,
    attachmentCount: row.attachment_count,
    verified: row.verified_ok === null ? 'unchecked' : row.verified_ok ? 'ok' : 'failed',
    verifiedAt: row.verified_at,
  };
}

/** The set's backups, newest first. */
export function backupsOf(db: Q, ztId: number): Promise<BackupRow[]> {
  return db
    .selectFrom('backup')
    .selectAll()
    .where('zt_id', '=', ztId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findBackup(db: Q, ztId: number, id: string): Promise<BackupRow | undefined> {
  return db.selectFrom('backup').selectAll().where('zt_id', '=', ztId).where('id', '=', id).executeTakeFirst();
}

export async function insertBackup(db: Q, row: BackupRow): Promise<void> {
  await db.insertInto('backup').values(row).execute();
}

export async function deleteBackupRow(db: Q, ztId: number, id: string): Promise<void> {
  await db.deleteFrom('backup').where('zt_id', '=', ztId).where('id', '=', id).execute();
}

export async function markVerified(db: Q, ztId: number, id: string, ok: boolean, at = Date.now()): Promise<void> {
  await db
    .updateTable('backup')
    .set({ verified_ok: ok ? 1 : 0, verified_at: at })
    .where('zt_id', '=', ztId)
    .where('id', '=', id)
    .execute();
}
