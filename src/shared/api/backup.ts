/**
 * Cloud backups of one ledger set (spec: backup types 40-46, at most 20 kept, the confirmation
 * before the oldest goes; "Backup call with a type field"; GET /api/fileRelation/Backup).
 * The calls are the user center's 数据备份 page (administrators only); the close and reverse
 * close take their backups on the server (types 41-44).
 */

export const BackupType = {
  all: 40,
  beforeClose: 41,
  reverseClose: 42,
  yearEnd: 43,
  reverseYearEnd: 44,
  manual: 45,
  beforeRestore: 46,
} as const;
export type BackupTypeValue = (typeof BackupType)[keyof typeof BackupType];

/** Chinese names of the spec's types (the spec gives only their meaning). */
export const BACKUP_TYPE_NAMES: Readonly<Record<BackupTypeValue, string>> = {
  40: '全部备份',
  41: '结账前备份',
  42: '反结账备份',
  43: '年结备份',
  44: '反年结备份',
  45: '手动备份',
  46: '恢复前备份',
};

export function isBackupType(value: unknown): value is BackupTypeValue {
  return typeof value === 'number' && Object.hasOwn(BACKUP_TYPE_NAMES, value);
}

/** Cloud backups kept per ledger set (spec). */
export const BACKUP_MAX_KEPT = 20;

export const BackupMessages = {
  /** The spec's confirmation text, with its punctuation. */
  rotation: '云备份记录最多存在20条,如点击【继续执行】，则系统自动删除最早期的备份记录，删除后无法回退 ，请谨慎操作！',
  continueLabel: '继续执行',
  created: '备份成功',
  restored: '恢复成功',
  deleted: '删除成功',
  verifiedOk: '备份文件校验通过',
  notFound: '备份不存在或已被删除',
  manualOnly: '只能手动备份（类型45）；结账、反结账和恢复前的备份由系统自动生成',
  fileMissing: '备份文件不存在，不能使用',
  corrupted: '备份文件已损坏（校验未通过），不能用于恢复',
  otherSet: '该备份不属于当前账套',
  newerSchema: '备份的数据结构比当前系统新，不能恢复',
  busy: '该账套正在备份或恢复，请稍后再试',
} as const;

export type {
  BackupItem,
  BackupRotationInfo,
  BackupVerifiedState,
  CreateBackupRequest,
  RestoreBackupRequest,
  RestoreBackupResponse,
  VerifyBackupResponse,
} from './schemas/backup.js';
