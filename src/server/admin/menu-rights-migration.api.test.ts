/**
 * Migration 0017 on a database seeded before it: the menu rows gain the voucher list's
 * cashierSign and the trial balance's regenerate, the seeded accountant level gains regenerate,
 * other levels and a second run change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { Page } from '../auth/pages.js';
import { migrate } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const MIGRATION = '0017-menu-rights';

type Resources = { href: string; resourceList: string[] }[];

async function buttonsOf(q: Kysely<Database>, href: string): Promise<string[]> {
  const row = await q.selectFrom('menu').select('buttons').where('href', '=', href).executeTakeFirstOrThrow();
  return JSON.parse(row.buttons) as string[];
}

async function grantsOf(q: Kysely<Database>, code: string): Promise<Resources> {
  const row = await q.selectFrom('user_level').select('resources').where('code', '=', code).executeTakeFirstOrThrow();
  return JSON.parse(row.resources) as Resources;
}

/** As if the migration had not run yet. */
const forget = (q: Kysely<Database>) => sql`delete from kysely_migration where name = ${MIGRATION}`.execute(q);

const without = (list: readonly string[], button: string) => list.filter((b) => b !== button);

describe.each(TEST_DIALECTS)('menu rights migration (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('gives a database seeded before it the new buttons, and the accountant regenerate', async () => {
    const q = server.db.kysely;
    const seeded = {
      list: await buttonsOf(q, Page.voucherList),
      trial: await buttonsOf(q, Page.trialBalance),
      accountant: await grantsOf(q, 'accountant'),
      reviewer: await grantsOf(q, 'reviewer'),
    };
    // The catalogue as it was before: no cashierSign, no regenerate, anywhere.
    await q
      .updateTable('menu')
      .set({ buttons: JSON.stringify(without(seeded.list, 'cashierSign')) })
      .where('href', '=', Page.voucherList)
      .execute();
    await q
      .updateTable('menu')
      .set({ buttons: JSON.stringify(without(seeded.trial, 'regenerate')) })
      .where('href', '=', Page.trialBalance)
      .execute();
    const before = seeded.accountant.map((r) => ({ ...r, resourceList: without(r.resourceList, 'regenerate') }));
    await q
      .updateTable('user_level')
      .set({ resources: JSON.stringify(before) })
      .where('code', '=', 'accountant')
      .execute();
    await forget(q);

    expect(await migrate(server.db)).toEqual([MIGRATION]);
    expect(await buttonsOf(q, Page.voucherList)).toEqual([...without(seeded.list, 'cashierSign'), 'cashierSign']);
    expect(await buttonsOf(q, Page.trialBalance)).toEqual(seeded.trial);
    expect(await grantsOf(q, 'accountant')).toEqual(seeded.accountant);
    expect(await grantsOf(q, 'reviewer')).toEqual(seeded.reviewer);

    // Run again on a database that has them: nothing changes.
    await forget(q);
    expect(await migrate(server.db)).toEqual([MIGRATION]);
    expect(await buttonsOf(q, Page.voucherList)).toEqual([...without(seeded.list, 'cashierSign'), 'cashierSign']);
    expect(await buttonsOf(q, Page.trialBalance)).toEqual(seeded.trial);
    expect(await grantsOf(q, 'accountant')).toEqual(seeded.accountant);
  });
});
