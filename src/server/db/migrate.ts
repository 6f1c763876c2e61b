/**
 * Forward-only migrations, one list for SQLite and PostgreSQL. Kysely's Migrator records what
 * ran in kysely_migration and takes a lock, so two processes starting together migrate once.
 */
import { Migrator, type Migration } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-foundation.js';
import * as m0002 from './migrations/0002-subjects-auxiliary.js';
import * as m0003 from './migrations/0003-vouchers.js';
import * as m0004 from './migrations/0004-files.js';
import * as m0005 from './migrations/0005-voucher-templates.js';
import * as m0006 from './migrations/0006-balances.js';
import * as m0007 from './migrations/0007-carry-over-marker.js';
import * as m0010 from './migrations/0010-year-opening-source.js';
import * as m0008 from './migrations/0008-carry-forward-templates.js';
import * as m0009 from './migrations/0009-backups.js';
import * as m0011 from './migrations/0011-books-indexes.js';
import * as m0012 from './migrations/0012-voucher-revision.js';
import * as m0017 from './migrations/0017-menu-rights.js';
import * as m0013 from './migrations/0013-login-throttle-and-nonces.js';
import * as m0018 from './migrations/0018-user-center-pages.js';
import * as m0019 from './migrations/0019-admin-log.js';
import * as m0024 from './migrations/0024-access-record.js';
import * as m0021 from './migrations/0021-ledger-set-templates.js';
import * as m0020 from './migrations/0020-zt-local-print.js';
import * as m0027 from './migrations/0027-zt-tree-index.js';
import * as m0023 from './migrations/0023-rights.js';
import * as m0022 from './migrations/0022-user-home-and-directory.js';
import * as m0025 from './migrations/0025-permissions.js';
import * as m0026 from './migrations/0026-platforms.js';
import * as m0028 from './migrations/0028-ledger-indexes-by-set.js';
import * as m0029 from './migrations/0029-partition-ledger-by-set.js';
import * as m0030 from './migrations/0030-funds.js';
import * as m0031 from './migrations/0031-funds-report-pages.js';
import * as m0032 from './migrations/0032-funds-unit-expenditure-type.js';
import * as m0033 from './migrations/0033-budgets.js';
import * as m0034 from './migrations/0034-budget-pages.js';
import * as m0035 from './migrations/0035-transition.js';
import * as m0036 from './migrations/0036-assets.js';

/** Every migration by name (the migrator runs them in name order). */
export function migrationsOf(db: Db): Record<string, Migration> {
  const list: Record<string, (d: Db) => Migration> = {
    '0001-foundation': (d) => ({ up: (k) => m0001.up(k, d.dialect) }),
    '0002-subjects-auxiliary': (d) => ({ up: (k) => m0002.up(k, d.dialect) }),
    '0003-vouchers': (d) => ({ up: (k) => m0003.up(k, d.dialect) }),
    '0004-files': (d) => ({ up: (k) => m0004.up(k, d.dialect) }),
    '0005-voucher-templates': (d) => ({ up: (k) => m0005.up(k, d.dialect) }),
    '0006-balances': (d) => ({ up: (k) => m0006.up(k, d.dialect) }),
    '0007-carry-over-marker': () => ({ up: (k) => m0007.up(k) }),
    '0010-year-opening-source': () => ({ up: (k) => m0010.up(k) }),
    '0008-carry-forward-templates': (d) => ({ up: (k) => m0008.up(k, d.dialect) }),
    '0009-backups': (d) => ({ up: (k) => m0009.up(k, d.dialect) }),
    '0011-books-indexes': () => ({ up: (k) => m0011.up(k) }),
    '0012-voucher-revision': () => ({ up: (k) => m0012.up(k) }),
    '0017-menu-rights': () => ({ up: (k) => m0017.up(k) }),
    '0013-login-throttle-and-nonces': (d) => ({ up: (k) => m0013.up(k, d.dialect) }),
    '0018-user-center-pages': () => ({ up: (k) => m0018.up(k) }),
    '0019-admin-log': (d) => ({ up: (k) => m0019.up(k, d.dialect) }),
    '0024-access-record': (d) => ({ up: (k) => m0024.up(k, d.dialect) }),
    '0021-ledger-set-templates': (d) => ({ up: (k) => m0021.up(k, d.dialect) }),
    '0020-zt-local-print': () => ({ up: (k) => m0020.up(k) }),
    '0023-rights': (d) => ({ up: (k) => m0023.up(k, d.dialect) }),
    '0022-user-home-and-directory': (d) => ({ up: (k) => m0022.up(k, d.dialect) }),
    '0025-permissions': (d) => ({ up: (k) => m0025.up(k, d.dialect) }),
    '0026-platforms': (d) => ({ up: (k) => m0026.up(k, d.dialect) }),
    '0027-zt-tree-index': () => ({ up: (k) => m0027.up(k) }),
    '0028-ledger-indexes-by-set': () => ({ up: (k) => m0028.up(k) }),
    '0029-partition-ledger-by-set': (d) => ({ up: (k) => m0029.up(k, d.dialect) }),
    '0030-funds': (d) => ({ up: (k) => m0030.up(k, d.dialect) }),
    '0031-funds-report-pages': () => ({ up: (k) => m0031.up(k) }),
    '0032-funds-unit-expenditure-type': () => ({ up: (k) => m0032.up(k) }),
    '0033-budgets': (d) => ({ up: (k) => m0033.up(k, d.dialect) }),
    '0034-budget-pages': () => ({ up: (k) => m0034.up(k) }),
    '0035-transition': (d) => ({ up: (k) => m0035.up(k, d.dialect) }),
    '0036-assets': (d) => ({ up: (k) => m0036.up(k, d.dialect) }),
  };
  return Object.fromEntries(Object.entries(list).map(([k, f]) => [k, f(db)]));
}

export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    // Numbers are handed out to work done side by side, so one may land after a higher one has run.
    allowUnorderedMigrations: true,
    provider: { getMigrations: () => Promise.resolve(migrationsOf(db)) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
