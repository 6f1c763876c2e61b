/**
 * Backup calls of the user center's 数据备份 page (/user-center/backup): list, create (type 45),
 * verify, restore, delete, and the spec's GET /api/fileRelation/Backup (files base) download.
 * Every call works on the session's ledger set (a backup id of another set is not found there)
 * and needs the page's button, which only an administrator holds: the page is admin-only, and an
 * accountant may not even list the set's backups, since a backup file is the whole set (every
 * voucher, the audit trail, the attachments) and a restore replaces it. The close and reverse
 * close take their backups on the server without these calls.
 */
import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { BACKUP_TYPE_NAMES, BackupMessages, BackupType, type VerifyBackupResponse } from '../../shared/api/backup.js';
import { Paths } from '../../shared/api/paths.js';
import { BackupSchemas } from '../../shared/api/schemas/backup.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { contentDisposition } from '../files/content-disposition.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { backupFileOf, setBackupHome } from './backup-home.js';
import { backupsOf, findBackup, toBackupItem } from './repository.js';
import { checkBackup, restoreBackup } from './restore.js';
import { withSetLock } from './set-lock.js';
import { BACKUP_SWEEP_INTERVAL_MS, sweepBackupLeftovers } from './sweep.js';
import { removeBackup, takeBackup, type BackupScope } from './take-backup.js';

export const BACKUP_PAGE = Page.backup;

/** Every backup call, listing and download too: a backup is the whole set. */
const BACKUP_RIGHT = onLedger(Right.buttons([[BACKUP_PAGE, 'add']]));

function scopeOf(request: FastifyRequest): BackupScope {
  const { user } = authOf(request);
  return { ztId: ztOf(request).id, actor: { id: user.id, name: user.name } };
}

function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/** The user-center calls (registered under /userCenter and /usercenter). */
function userCenterRoutes(app: App, db: Db, base: string): void {
  const local = (path: string) => path.slice(base.length);

  app.get(local(Paths.backup), { schema: BackupSchemas.list, ...BACKUP_RIGHT }, async (request) => {
    const rows = await backupsOf(db.kysely, ztOf(request).id);
    return okEnvelope(rows.map(toBackupItem));
  });

  app.post(local(Paths.backup), { schema: BackupSchemas.create, ...BACKUP_RIGHT }, async (request) => {
    const { type, rotate = false } = request.body;
    if (type !== BackupType.manual) refuse('BusinessRule', BackupMessages.manualOnly);
    const item = await takeBackup(db, scopeOf(request), type, { rotate });
    return okEnvelope(item, BackupMessages.created);
  });

  app.post(local(Paths.backupVerify), { schema: BackupSchemas.verify, ...BACKUP_RIGHT }, async (request) => {
    const ztId = ztOf(request).id;
    const { id } = request.body;
    const problems = await withSetLock(db, ztId, () => checkBackup(db, ztId, id));
    const data: VerifyBackupResponse = { ok: problems.length === 0, problems };
    return okEnvelope(data, problems.length === 0 ? BackupMessages.verifiedOk : BackupMessages.corrupted);
  });

  app.post(local(Paths.backupRestore), { schema: BackupSchemas.restore, ...BACKUP_RIGHT }, async (request) => {
    const { id, rotate = false } = request.body;
    return okEnvelope(await restoreBackup(db, scopeOf(request), id, { rotate }), BackupMessages.restored);
  });

  app.delete(local(Paths.backup), { schema: BackupSchemas.remove, ...BACKUP_RIGHT }, async (request) => {
    const ztId = ztOf(request).id;
    const { id } = request.query;
    await withSetLock(db, ztId, async () => {
      const row = await findBackup(db.kysely, ztId, id);
      if (!row) refuse('NotFound', BackupMessages.notFound);
      await removeBackup(db, row);
    });
    return okEnvelope(null, BackupMessages.deleted);
  });
}

/** GET /files/api/fileRelation/Backup?id=: the backup file as it is stored. */
function downloadRoute(app: App, db: Db): void {
  const path = Paths.backupDownload.slice('/files'.length);
  app.get(path, { schema: BackupSchemas.download, ...BACKUP_RIGHT }, async (request, reply) => {
    const zt = ztOf(request);
    const row = await findBackup(db.kysely, zt.id, request.query.id);
    if (!row) refuse('NotFound', BackupMessages.notFound);
    const file = backupFileOf(db, zt.id, row.file_name);
    if (!fs.existsSync(file)) refuse('NotFound', BackupMessages.fileMissing);
    const typeName = BACKUP_TYPE_NAMES[toBackupItem(row).type];
    void reply
      .header('content-type', 'application/vnd.sqlite3')
      .header('content-length', String(row.size))
      .header('x-backup-sha256', row.sha256)
      .header('content-disposition', contentDisposition(`${zt.name}-${typeName}-${stamp(row.created_at)}.sqlite`));
    return reply.send(fs.createReadStream(file));
  });
}

/** Names the backup directory and registers the calls under their module bases. */
export async function registerBackupRoutes(app: App, db: Db, config: ServerConfig): Promise<void> {
  setBackupHome(db, config.dataDir);
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () =>
    sweepBackupLeftovers(db).catch((error: unknown) => app.log.warn({ err: error }, 'backup leftover sweep failed'));
  app.addHook('onReady', () => {
    void sweep();
    sweeper = setInterval(() => void sweep(), BACKUP_SWEEP_INTERVAL_MS).unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    if (sweeper) clearInterval(sweeper);
    return Promise.resolve();
  });
  for (const prefix of ['/userCenter', '/usercenter']) {
    await app.register(
      (scope, _opts, done) => {
        userCenterRoutes(scope, db, '/userCenter');
        done();
      },
      { prefix },
    );
  }
  await app.register(
    (scope, _opts, done) => {
      downloadRoute(scope, db);
      done();
    },
    { prefix: '/files' },
  );
}
