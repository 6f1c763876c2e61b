/**
 * The SQLite side of a restore: the backup file is attached to the server's one connection
 * (between statements: ATTACH needs no transaction open, which the connection's lock
 * guarantees), and one write of the write queue (vouchers/write-queue.ts) makes the set's rows
 * those of the backup, SQLite moving the rows. The write queue's transaction holds the
 * connection, so no voucher save or other read or write comes in between.
 *
 * Only what differs is written, by the primary key the backup table shares with the live one:
 * rows whose key the backup lacks go (and rows whose other unique columns differ, so that no
 * intermediate state can collide on a unique index, e.g. renumbered vouchers), rows that differ
 * otherwise are updated in place (no cascade to their children), and the backup's rows missing
 * here come in. A table without such a key is replaced whole. Foreign keys are checked at the
 * commit, when every row is in place again.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { Db } from '../db/database.js';
import { liftRevisions, revisionCeiling } from '../vouchers/revisions.js';
import { runWrite } from '../vouchers/write-queue.js';
import { BACKED_UP } from './covered-tables.js';
import { quoteId, turn } from './set-snapshot.js';
import type { SnapshotMeta, SnapshotTable } from './snapshot-file.js';

interface IndexRow {
  name: string;
  unique: number;
  origin: string;
}

interface Plan {
  remove: string;
  update: string | null;
  insert: string;
}

/** The statements that bring one table of the set to the backup's rows. */
function planFor(sqlite: SqliteDatabase.Database, source: string, table: SnapshotTable, key: readonly string[]): Plan {
  const q = quoteId;
  const live = `main.${q(table.name)}`;
  const backup = `${source}.${q(table.name)}`;
  const indexes = sqlite.pragma(`main.index_list(${q(table.name)})`) as IndexRow[];
  const pk = indexes.find((i) => i.origin === 'pk');
  const unique = new Set<string>();
  for (const index of indexes.filter((i) => i.unique && i.origin !== 'pk')) {
    for (const c of sqlite.pragma(`main.index_info(${q(index.name)})`) as { name: string | null }[]) {
      if (c.name && !key.includes(c.name)) unique.add(c.name);
    }
  }
  const sameKey = key.map((c) => `s.${q(c)} = m.${q(c)}`).join(' and ');
  const sameUnique = [...unique].map((c) => ` and s.${q(c)} is m.${q(c)}`).join('');
  // Walk the set's rows by the primary key (about the order they are stored in), not by another
  // index the planner might pick, which would visit the rows at random.
  const walk = pk ? `${live} as m indexed by ${q(pk.name)}` : `${live} as m`;
  const remove = `delete from ${live} where rowid in (select m.rowid from ${walk}
    where m.zt_id = ? and not exists (select 1 from ${backup} as s where ${sameKey}${sameUnique}))`;
  const values = table.columns.filter((c) => !key.includes(c));
  const update =
    values.length === 0
      ? null
      : `update ${live} as m set ${values.map((c) => `${q(c)} = s.${q(c)}`).join(', ')} from ${backup} as s
         where m.zt_id = ? and ${sameKey} and not (${values.map((c) => `s.${q(c)} is m.${q(c)}`).join(' and ')})`;
  const list = table.columns.map(q).join(', ');
  const insert = `insert into ${live} (${list}) select ${table.columns.map((c) => `s.${q(c)}`).join(', ')} from ${backup} as s
    where not exists (select 1 from ${live} as m where ${sameKey})`;
  return { remove, update, insert };
}

/** Makes the set's rows those of the attached backup file; answers the file ids the set had. */
export async function restoreRowsOnSqlite(db: Db, file: string, meta: SnapshotMeta, ztId: number): Promise<string[]> {
  const sqlite = db.sqlite;
  if (!sqlite) throw new Error('SQLite handle missing');
  const source = `restore_${ztId}`;
  await db.kysely.connection().execute(() => {
    sqlite.prepare(`attach database ? as ${source}`).run(file);
    return Promise.resolve();
  });
  try {
    return await runWrite(db, async (trx) => {
      const previous = await trx.selectFrom('file_relation').select('file_id').where('zt_id', '=', ztId).execute();
      const ceiling = await revisionCeiling(trx, ztId);
      sqlite.pragma('defer_foreign_keys = on');
      const plans = new Map<string, Plan>();
      for (const name of BACKED_UP) {
        const table = meta.tables.find((t) => t.name === name);
        if (table?.key) plans.set(name, planFor(sqlite, source, table, table.key));
      }
      // Children first when rows go, parents first when they come.
      for (const name of [...BACKED_UP].reverse()) {
        const plan = plans.get(name);
        sqlite.prepare(plan ? plan.remove : `delete from main.${quoteId(name)} where zt_id = ?`).run(ztId);
        await turn();
      }
      for (const name of BACKED_UP) {
        const table = meta.tables.find((t) => t.name === name);
        if (!table) continue;
        const plan = plans.get(name);
        if (plan?.update) sqlite.prepare(plan.update).run(ztId);
        if (plan) sqlite.prepare(plan.insert).run();
        else {
          const list = table.columns.map(quoteId).join(', ');
          sqlite.prepare(`insert into main.${quoteId(name)} (${list}) select ${list} from ${source}.${quoteId(name)}`).run();
        }
        await turn();
      }
      await liftRevisions(trx, ztId, ceiling);
      return previous.map((r) => r.file_id);
    });
  } finally {
    await db.kysely.connection().execute(() => {
      sqlite.exec(`detach database ${source}`);
      return Promise.resolve();
    });
  }
}
