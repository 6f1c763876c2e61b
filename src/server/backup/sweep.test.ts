import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { backupDirOf, backupsRoot } from './backup-home.js';
import { LEFTOVER_MIN_AGE_MS, sweepBackupLeftovers } from './sweep.js';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('sweepBackupLeftovers', () => {
  let server: TestServer;
  let ztId: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    ztId = (await server.db.kysely.selectFrom('zt_info').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  it('removes old partial files and old finished files without a row, and nothing else', async () => {
    const dir = backupDirOf(server.db, ztId);
    fs.mkdirSync(dir, { recursive: true });
    const now = Date.now();
    const old = new Date(now - LEFTOVER_MIN_AGE_MS - 60_000);
    const put = (name: string, aged: boolean) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'bytes');
      if (aged) fs.utimesSync(file, old, old);
      return file;
    };
    const oldPart = put(`${ID(1)}.sqlite.part`, true);
    const oldPartJournal = put(`${ID(1)}.sqlite.part-journal`, true);
    const freshPart = put(`${ID(2)}.sqlite.part`, false);
    const orphan = put(`${ID(3)}.sqlite`, true);
    const freshOrphan = put(`${ID(4)}.sqlite`, false);
    const recorded = put(`${ID(5)}.sqlite`, true);
    const foreign = put('notes.txt', true);
    await server.db.kysely
      .insertInto('backup')
      .values({
        zt_id: ztId,
        id: ID(5),
        type: 40,
        file_name: `${ID(5)}.sqlite`,
        size: 5,
        sha256: '0'.repeat(64),
        row_count: 0,
        attachment_count: 0,
        created_by: 1,
        created_by_name: 'admin',
        created_at: now,
        verified_ok: null,
        verified_at: null,
      })
      .execute();

    const removed = await sweepBackupLeftovers(server.db, now);

    expect(removed.sort()).toEqual(
      [`${ID(1)}.sqlite.part`, `${ID(1)}.sqlite.part-journal`, `${ID(3)}.sqlite`].map((n) => path.join(String(ztId), n)).sort(),
    );
    for (const gone of [oldPart, oldPartJournal, orphan]) expect(fs.existsSync(gone)).toBe(false);
    for (const kept of [freshPart, freshOrphan, recorded, foreign]) expect(fs.existsSync(kept)).toBe(true);
    expect(path.dirname(dir)).toBe(backupsRoot(server.db));
  });

  it('does nothing when no backup was ever taken', async () => {
    fs.rmSync(backupsRoot(server.db), { recursive: true, force: true });
    expect(await sweepBackupLeftovers(server.db)).toEqual([]);
  });
});
