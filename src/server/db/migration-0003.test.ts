import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CERTIFICATE_TYPES } from '../vouchers/certificate-type-defaults.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import { openSqlite, type Db } from './database.js';
import { migrate } from './migrate.js';
import * as m0001 from './migrations/0001-foundation.js';
import * as m0002 from './migrations/0002-subjects-auxiliary.js';
import { insertBareSet } from '../test-support/bare-set.js';

describe('migration 0003 on a database that already holds ledger sets', () => {
  let db: Db | null = null;
  let dir = '';
  afterEach(async () => {
    await db?.close();
    db = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives every existing set the default voucher categories; a set created later gets them on first use', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsrv-m3-'));
    db = openSqlite(path.join(dir, 'ledger.sqlite'));
    const opened = db;
    const first = new Migrator({
      db: opened.kysely,
      provider: {
        getMigrations: () =>
          Promise.resolve({
            '0001-foundation': { up: (k) => m0001.up(k, opened.dialect) },
            '0002-subjects-auxiliary': { up: (k) => m0002.up(k, opened.dialect) },
          }),
      },
    });
    expect((await first.migrateToLatest()).error).toBeUndefined();
    const insertSet = (code: string) => insertBareSet(opened.kysely, `set ${code}`, code);
    const a = await insertSet('A');
    const b = await insertSet('B');
    expect(await migrate(opened)).toContain('0003-vouchers');
    const expected = DEFAULT_CERTIFICATE_TYPES.map((t) => ({ value: t.value, name: t.name, entry: t.entry }));
    for (const id of [a, b]) expect(await listCertificateTypes(opened.kysely, id)).toEqual(expected);
    const later = await insertSet('C');
    expect(await opened.kysely.selectFrom('certificate_type').select('value').where('zt_id', '=', later).execute()).toEqual([]);
    expect(await listCertificateTypes(opened.kysely, later)).toEqual(expected);
  });
});
