import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_AUXI_ITEMS, BUILT_IN_AUXI_TYPES } from '../../shared/subjects/auxiliary-rules.js';
import { openSqlite, type Db } from './database.js';
import { migrate } from './migrate.js';
import * as m0001 from './migrations/0001-foundation.js';
import { insertBareSet } from '../test-support/bare-set.js';

describe('migration 0002 on a database that already holds ledger sets', () => {
  let db: Db | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
  });

  it('adds the new columns with their defaults and the built-in auxiliary types to every existing set', async () => {
    db = openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-m2-')), 'ledger.sqlite'));
    const opened = db;
    const first = new Migrator({
      db: opened.kysely,
      provider: { getMigrations: () => Promise.resolve({ '0001-foundation': { up: (k) => m0001.up(k, opened.dialect) } }) },
    });
    expect((await first.migrateToLatest()).error).toBeUndefined();
    for (const code of ['A', 'B']) {
      const id = await insertBareSet(opened.kysely, `set ${code}`, code);
      await opened.kysely
        .insertInto('zt_year')
        .values({ zt_id: id, year: 2026, account_month: 1, subjects_initialised: 1 })
        .execute();
      await opened.kysely
        .insertInto('subject')
        .values({
          zt_id: id,
          year: 2026,
          code: '101',
          name: '库存现金',
          parent_code: null,
          level: 1,
          type: 1,
          balance_direction: 1,
          is_budget: 0,
          last_level: 1,
          is_standard: 1,
          init_amount: 1234,
        })
        .execute();
    }

    const ran = await migrate(opened);
    expect(ran[0]).toBe('0002-subjects-auxiliary');
    expect(ran).not.toContain('0001-foundation');
    const subjects = await opened.kysely.selectFrom('subject').selectAll().execute();
    expect(subjects.map((s) => [s.init_amount, s.enable, s.cumule_debit_amount, s.cumule_credit_amount])).toEqual([
      [1234, 1, 0, 0],
      [1234, 1, 0, 0],
    ]);
    const years = await opened.kysely.selectFrom('zt_year').select(['start_month', 'subjects_initialised']).execute();
    expect(years).toEqual([
      { start_month: 1, subjects_initialised: 1 },
      { start_month: 1, subjects_initialised: 1 },
    ]);
    const types = await opened.kysely.selectFrom('auxi_type').selectAll().orderBy('zt_id').orderBy('sort').execute();
    expect(types).toHaveLength(2 * BUILT_IN_AUXI_TYPES.length);
    expect(types.slice(0, BUILT_IN_AUXI_TYPES.length).map((t) => [t.type_no, t.type_name, t.built_in_system, t.sort])).toEqual(
      BUILT_IN_AUXI_TYPES.map((t, i) => [t.typeNo, t.typeName, 1, i + 1]),
    );
    const items = await opened.kysely.selectFrom('auxi_info').selectAll().execute();
    expect(items).toHaveLength(2 * BUILT_IN_AUXI_ITEMS.length);
  });
});
