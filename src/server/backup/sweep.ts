/**
 * Removes what an interrupted backup leaves in DATA_DIR/backups/<zt_id>/: a file still being
 * written (<id>.sqlite.part, when the process died mid-copy) and a finished file that never got
 * its row (when it died between the rename and the insert). Only files older than
 * LEFTOVER_MIN_AGE_MS, so a backup being written right now (by this or another server process)
 * is never touched, and only names a backup uses: anything else in the folder stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.js';
import { backupsRoot } from './backup-home.js';

export const LEFTOVER_MIN_AGE_MS = 3_600_000;
export const BACKUP_SWEEP_INTERVAL_MS = 6 * 3_600_000;

const FINISHED = /^([0-9a-f-]{36})\.sqlite$/;
const PARTIAL = /^[0-9a-f-]{36}\.sqlite\.part(-journal|-wal|-shm)?$/;

/** Resolves with the files removed (their paths relative to the backups folder). */
export async function sweepBackupLeftovers(db: Db, now = Date.now()): Promise<string[]> {
  const root = backupsRoot(db);
  const sets = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const set of sets) {
    const ztId = Number(set.name);
    if (!set.isDirectory() || !Number.isSafeInteger(ztId) || String(ztId) !== set.name) continue;
    const dir = path.join(root, set.name);
    const names = await fs.promises.readdir(dir);
    const candidates = names.filter((n) => PARTIAL.test(n) || FINISHED.test(n));
    if (candidates.length === 0) continue;
    const rows = await db.kysely.selectFrom('backup').select('file_name').where('zt_id', '=', ztId).execute();
    const known = new Set(rows.map((r) => r.file_name));
    for (const name of candidates) {
      if (known.has(name)) continue;
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile() || now - stat.mtimeMs < LEFTOVER_MIN_AGE_MS) continue;
      await fs.promises.rm(file, { force: true });
      removed.push(path.join(set.name, name));
    }
  }
  return removed;
}
