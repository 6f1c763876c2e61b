/**
 * Schemas of the backup calls of the session's ledger set (the user center's 数据备份 page, and the
 * spec's GET /api/fileRelation/Backup on the files base). The types and messages the client uses
 * as values stay in ../backup.ts.
 */
import { Type, type Static } from 'typebox';
import { BackupType, type BackupTypeValue } from '../backup.js';
import { Envelope, FileAnswer, NoParams, Nullable } from './common.js';

const TYPES_TEXT = '40 全部备份, 41 结账前, 42 反结账, 43 年结, 44 反年结, 45 手动, 46 恢复前';

/** A backup type: the spec's 40–46. */
const BackupTypeSchema = (description: string) =>
  Type.Unsafe<BackupTypeValue>({
    type: 'integer',
    enum: Object.values(BackupType),
    description: `${description}: ${TYPES_TEXT}`,
    'x-message': '备份类型无效',
  });

const BackupId = (description = '备份id') =>
  Type.String({ pattern: '^[0-9a-f-]{36}$', description: `${description}（UUID）`, 'x-message': '备份id无效' });

const Rotate = Type.Optional(
  Type.Boolean({
    description:
      'true when the user pressed 继续执行: with 20 backups kept, the oldest goes; without it such a call is refused (4017) with the backup that would go',
  }),
);

export const BackupItemSchema = Type.Object({
  id: BackupId(),
  type: BackupTypeSchema('备份类型'),
  typeName: Type.String({ description: '备份类型名称，如 手动备份' }),
  createdAt: Type.Integer({ description: 'when it was taken, epoch milliseconds' }),
  createdBy: Type.Integer({ description: 'id of the user who took it (or whose close took it)' }),
  createdByName: Type.String({ description: '备份人' }),
  size: Type.Integer({ minimum: 0, description: 'bytes of the backup file' }),
  sha256: Type.String({ description: 'sha256 of the file, hex; the download sends it in X-Backup-Sha256' }),
  rowCount: Type.Integer({ minimum: 0, description: 'rows of the ledger set in the backup (every table)' }),
  attachmentCount: Type.Integer({ minimum: 0, description: 'attachment files in the backup' }),
  verified: Type.Enum(['unchecked', 'ok', 'failed'], {
    type: 'string',
    description: 'the last verification: unchecked (never), ok (passed), failed (the file is damaged)',
  }),
  verifiedAt: Nullable(Type.Integer({ description: 'when it was last verified, epoch milliseconds; null if never' })),
});
export type BackupItem = Static<typeof BackupItemSchema>;
export type BackupVerifiedState = BackupItem['verified'];

export const CreateBackupRequestSchema = Type.Object({
  type: BackupTypeSchema('备份类型：只能是45（手动）；其余由结账、反结账和恢复自动生成'),
  rotate: Rotate,
});
export type CreateBackupRequest = Static<typeof CreateBackupRequestSchema>;

export const BackupIdRequestSchema = Type.Object({ id: BackupId('备份id，须为当前账套的备份') });

export const RestoreBackupRequestSchema = Type.Object({
  id: BackupId('要恢复的备份id，须为当前账套的备份'),
  rotate: Rotate,
});
export type RestoreBackupRequest = Static<typeof RestoreBackupRequestSchema>;

export const VerifyBackupResponseSchema = Type.Object({
  ok: Type.Boolean({ description: 'true when the file is intact (sha256, integrity check, row counts)' }),
  problems: Type.Array(Type.String(), { description: 'what failed, in Chinese; empty when ok' }),
});
export type VerifyBackupResponse = Static<typeof VerifyBackupResponseSchema>;

export const RestoreBackupResponseSchema = Type.Object(
  {
    restored: BackupItemSchema,
    before: BackupItemSchema,
    rowCount: Type.Integer({ minimum: 0, description: 'rows of the ledger set written back' }),
  },
  { description: 'restored: the backup the set now holds; before: the type-46 backup taken just before the restore' },
);
export type RestoreBackupResponse = Static<typeof RestoreBackupResponseSchema>;

/** data of a BackupRotationNeeded refusal (4017): what would go. */
export const BackupRotationInfoSchema = Type.Object({
  kept: Type.Integer({ description: 'backups kept now' }),
  oldest: Type.Object({
    id: BackupId(),
    type: BackupTypeSchema('备份类型'),
    typeName: Type.String(),
    createdAt: Type.Integer({ description: 'epoch milliseconds' }),
  }),
});
export type BackupRotationInfo = Static<typeof BackupRotationInfoSchema>;

export const BackupSchemas = {
  list: {
    querystring: NoParams,
    response: { 200: Envelope(Type.Array(BackupItemSchema, { description: 'the set’s backups, newest first' })) },
  },
  create: { body: CreateBackupRequestSchema, response: { 200: Envelope(BackupItemSchema) } },
  verify: { body: BackupIdRequestSchema, response: { 200: Envelope(VerifyBackupResponseSchema) } },
  restore: { body: RestoreBackupRequestSchema, response: { 200: Envelope(RestoreBackupResponseSchema) } },
  remove: { querystring: BackupIdRequestSchema, response: { 200: Envelope(Type.Null()) } },
  download: {
    querystring: BackupIdRequestSchema,
    response: {
      200: FileAnswer(
        'application/vnd.sqlite3',
        'the backup file as stored (a SQLite database); its sha256 in the X-Backup-Sha256 header, its name in Content-Disposition',
      ),
    },
  },
} as const;
