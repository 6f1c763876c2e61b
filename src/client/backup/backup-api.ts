/** The backup calls of the 数据备份 page (src/shared/api/backup.ts). */
import { BackupType, type BackupItem, type RestoreBackupResponse, type VerifyBackupResponse } from '../../shared/api/backup.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { ApiError, api, requestBlob } from '../shell/request.js';

export function listBackups(): Promise<BackupItem[]> {
  return api.get<BackupItem[]>(Paths.backup);
}

/** Silent: the caller asks the user about the rotation (isRotationNeeded) and shows other failures. */
export function createBackup(rotate: boolean): Promise<BackupItem> {
  return api.post<BackupItem>(Paths.backup, { type: BackupType.manual, rotate }, { silent: true });
}

/** Silent, like createBackup: the type-46 backup taken first may need the rotation too. */
export function restoreBackup(id: string, rotate: boolean): Promise<RestoreBackupResponse> {
  return api.post<RestoreBackupResponse>(Paths.backupRestore, { id, rotate }, { silent: true });
}

export function verifyBackup(id: string): Promise<VerifyBackupResponse> {
  return api.post<VerifyBackupResponse>(Paths.backupVerify, { id });
}

export function deleteBackup(id: string): Promise<null> {
  return api.delete<null>(Paths.backup, { id });
}

export async function downloadBackup(item: BackupItem): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.backupDownload, { id: item.id });
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, `备份-${item.id}.sqlite`));
}

/** The refusal that asks whether the oldest backup may go (20 kept). */
export function isRotationNeeded(error: unknown): boolean {
  return error instanceof ApiError && error.envelope?.errorCode === ErrorCode.BackupRotationNeeded;
}
