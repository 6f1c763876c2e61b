/**
 * Ledger sets a spec makes for itself, so the demo sets stay as the seed left them (示范市第一机械厂工会
 * has the demo's books). A set is created once per run (a spec that runs again finds it), with its
 * accounting system's chart for the year and, unless asked otherwise, the subjects marked
 * initialised, so voucher entry and closing open at once.
 */
import type { AccountingSystem } from '../../src/shared/api/auth.js';
import { openSqlite } from '../../src/server/db/database.js';
import { createSet } from '../../src/server/test-support/ledger-fixtures.js';
import { databaseFile } from './database.js';
import { ACCOUNTS, type AccountName } from './demo.js';

export interface SetOptions {
  name: string;
  code: string;
  system: AccountingSystem;
  year: number;
  /** Demo accounts granted the set as accountant. */
  users: AccountName[];
  /** Demo accounts granted the set as reviewer (审核: reviews vouchers, approves the budget plan). */
  reviewers?: AccountName[];
  /** Whether the subjects count as initialised (default true); false leaves the openings to the spec. */
  initialised?: boolean;
}

/** Creates the set unless the run already has one by that name; answers its id. */
export async function ensureSet(options: SetOptions): Promise<number> {
  const db = openSqlite(databaseFile());
  try {
    const existing = await db.kysely.selectFrom('zt_info').select('id').where('name', '=', options.name).executeTakeFirst();
    if (existing) return existing.id;
    const id = await createSet(db, { ...options, users: options.users.map((user) => ACCOUNTS[user].loginName) });
    const reviewer = await db.kysely
      .selectFrom('user_level')
      .select('id')
      .where('code', '=', 'reviewer')
      .executeTakeFirstOrThrow();
    for (const name of options.reviewers ?? []) {
      const user = await db.kysely
        .selectFrom('app_user')
        .select('id')
        .where('login_name', '=', ACCOUNTS[name].loginName)
        .executeTakeFirstOrThrow();
      await db.kysely.insertInto('user_zt_level').values({ user_id: user.id, zt_id: id, user_level_id: reviewer.id }).execute();
    }
    if (options.initialised !== false)
      await db.kysely
        .updateTable('zt_year')
        .set({ subjects_initialised: 1 })
        .where('zt_id', '=', id)
        .where('year', '=', options.year)
        .execute();
    return id;
  } finally {
    await db.close();
  }
}
