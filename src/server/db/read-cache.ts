/**
 * An in-process cache of reads that every call repeats (the session behind a token, the chart a
 * voucher is checked against), dropped as soon as any table it was read from is written.
 *
 * SQLite only. How it knows of writes without every writer's help: on first use it creates, in
 * the connection's TEMP schema (nothing is stored in the file), a counter per group of tables and
 * triggers that add one to it on every insert, update and delete of those tables. A value is
 * cached with the counter it was read under and PRAGMA data_version (writes by other
 * connections), and served while both are unchanged. Any change of the tables (a dropped table
 * takes its triggers along, a renamed one keeps them) sets the triggers up again and moves every
 * counter on. The counter is part
 * of each writer's transaction: a rollback takes its increments back together with its rows.
 *
 * Why a hit is never stale: the counters are read before the value, and only when no transaction
 * is open on the connection (so they show committed state, not a writer's pending increments
 * that a rollback would undo). A value may thus be labelled older than it is (a later read
 * repeats it), never newer. A hit while another writer's transaction is open answers with the
 * state before that transaction, as a read waiting for it would have been ordered before it.
 *
 * On PostgreSQL the counters are rows of the database, read once per call when it arrives
 * (db/read-cache-postgres.ts, refreshStamps from the guard). Whenever the triggers cannot be set
 * up, every call reads the database.
 */
import type { Kysely } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type { Db } from './database.js';
import { PostgresStamps, type NonceRider } from './read-cache-postgres.js';
import type { Database } from './schema.js';

export type WatchGroup = 'session' | 'access' | 'chart';

/** The tables whose writes end a group's cached values. */
export const WATCHED: Readonly<Record<WatchGroup, readonly string[]>> = {
  // The guard's session context (auth/sessions.ts findSessionContext) and button rights (auth/permissions.ts).
  // Sessions on their own: each is touched once a minute (idle expiry), and at a province's
  // thousands of sessions those writes must not end every user's cached rights with them.
  session: ['session'],
  access: [
    'app_user',
    'zt_info',
    'user_zt_level',
    'menu',
    'user_level',
    'permission',
    'global_button_off',
    'platform',
    'platform_menu',
    'zt_platform',
    // The categories a user may key (rights/voucher-categories.ts).
    'user_pz_type_right',
  ],
  // What a voucher is checked against (vouchers/save-service.ts checkDraft).
  chart: ['zt_year', 'subject', 'subject_auxi_type', 'auxi_type', 'certificate_type'],
};

/**
 * Values kept per group; beyond it the group starts afresh (sessions of a busy day; the charts of
 * the sets being keyed, each a few hundred subjects, so fewer of them at a province's scale).
 */
export const MAX_ENTRIES: Readonly<Record<WatchGroup, number>> = { session: 5000, access: 5000, chart: 500 };

const OPERATIONS = ['insert', 'update', 'delete'] as const;

interface Entry {
  stamp: string;
  value: unknown;
}

class Watcher {
  private installedAtSchema: unknown = null;
  private readonly counter: SqliteDatabase.Statement<[string], number>;
  private readonly dataVersion: SqliteDatabase.Statement<[], number>;
  private readonly schemaVersion: SqliteDatabase.Statement<[], number>;

  constructor(private readonly sqlite: SqliteDatabase.Database) {
    this.install();
    this.counter = sqlite.prepare<[string], number>('select n from temp.read_cache_epoch where grp = ?').pluck();
    this.dataVersion = sqlite.prepare<[], number>('pragma data_version').pluck();
    this.schemaVersion = sqlite.prepare<[], number>('pragma main.schema_version').pluck();
  }

  /** Creates the counters and triggers (idempotent); only outside a transaction, which could roll them back. */
  private install(): boolean {
    if (this.sqlite.inTransaction) return false;
    const statements = [
      'create temp table if not exists read_cache_epoch (grp text primary key, n integer not null)',
      ...Object.keys(WATCHED).map((g) => `insert or ignore into temp.read_cache_epoch (grp, n) values ('${g}', 0)`),
    ];
    for (const [group, tables] of Object.entries(WATCHED)) {
      for (const table of tables) {
        for (const op of OPERATIONS) {
          // Dropped first: a renamed table takes its triggers along, so they may be on another table now.
          statements.push(
            `drop trigger if exists temp.read_cache_${table}_${op}`,
            `create temp trigger read_cache_${table}_${op} after ${op} on main.${table}
             begin update temp.read_cache_epoch set n = n + 1 where grp = '${group}'; end`,
          );
        }
      }
    }
    // Writes made while a table was without its triggers went uncounted: nothing read before counts.
    statements.push('update temp.read_cache_epoch set n = n + 1');
    this.sqlite.transaction(() => {
      for (const s of statements) this.sqlite.exec(s);
    })();
    this.installedAtSchema = this.sqlite.pragma('main.schema_version', { simple: true });
    return true;
  }

  /** The group's stamp now, or null when it cannot be trusted (the triggers are being set up again). */
  stamp(group: WatchGroup): string | null {
    if (this.schemaVersion.get() !== this.installedAtSchema) {
      // The tables changed (a dropped table takes its triggers along, a renamed one keeps them
      // under its new name): set the triggers up again.
      if (!this.install()) return null;
    }
    const n = this.counter.get(group);
    return n === undefined ? null : `${this.dataVersion.get()}:${n}`;
  }

  /** A stamp under which a value now read may be stored: committed state only (see above). */
  stampForStore(group: WatchGroup): string | null {
    return this.sqlite.inTransaction ? null : this.stamp(group);
  }

  readonly entries = new Entries();
}

class Entries {
  private readonly byGroup = new Map<WatchGroup, Map<string, Entry>>();

  peek(group: WatchGroup, key: string): unknown {
    return this.byGroup.get(group)?.get(key)?.value;
  }

  get(group: WatchGroup, key: string, stamp: string): { value: unknown } | undefined {
    const entry = this.byGroup.get(group)?.get(key);
    return entry && entry.stamp === stamp ? { value: entry.value } : undefined;
  }

  set(group: WatchGroup, key: string, stamp: string, value: unknown): void {
    let map = this.byGroup.get(group);
    if (!map || map.size >= MAX_ENTRIES[group]) {
      map = new Map();
      this.byGroup.set(group, map);
    }
    map.set(key, { stamp, value });
  }
}

/** The PostgreSQL side: stamps read per call, values kept as on SQLite. */
class PostgresWatcher {
  readonly entries = new Entries();
  readonly stamps: PostgresStamps;

  constructor(db: Db) {
    this.stamps = new PostgresStamps(db, WATCHED);
  }

  stamp(group: WatchGroup): string | null {
    return this.stamps.stamp(group);
  }

  /** Read over the pool, outside any transaction: committed state, never newer than the stamp read before it. */
  stampForStore(group: WatchGroup): string | null {
    return this.stamps.stamp(group);
  }
}

const watchers = new WeakMap<Db, Watcher | PostgresWatcher | null>();

function watcherOf(db: Db): Watcher | PostgresWatcher | null {
  let watcher = watchers.get(db);
  if (watcher === undefined) {
    if (db.dialect === 'postgres') watcher = new PostgresWatcher(db);
    else watcher = db.sqlite && !db.sqlite.inTransaction ? new Watcher(db.sqlite) : null;
    // Not set up inside a transaction: try again on the next call.
    if (watcher || !db.sqlite) watchers.set(db, watcher);
  }
  return watcher;
}

/**
 * On PostgreSQL, reads the stamps the call's cached reads are judged by; the guard calls it as a
 * call arrives, with the call's nonce when it has one to record (answered: whether it was new).
 * Nothing to do on SQLite, where every cached read checks its stamp in process.
 */
export async function refreshStamps(db: Db, rider: NonceRider | null = null): Promise<boolean> {
  const watcher = watcherOf(db);
  if (watcher instanceof PostgresWatcher) return watcher.stamps.refresh(rider);
  if (rider) throw new Error('a nonce rides only with PostgreSQL stamps');
  return true;
}

/** Values read from several groups are kept in the first group's entries under a key naming them all. */
function entryKeyOf(groups: readonly WatchGroup[], key: string): string {
  return groups.length > 1 ? `${groups.join('+')}:${key}` : key;
}

/**
 * The value kept under the key whatever its stamp, so possibly out of date: only for what cannot
 * change (a session's sign key), never to answer a call.
 */
export function keptValue<T>(db: Db, group: WatchGroup | readonly WatchGroup[], key: string): T | undefined {
  const watcher = watcherOf(db);
  const groups: readonly WatchGroup[] = typeof group === 'string' ? [group] : group;
  const first = groups[0];
  if (!watcher || first === undefined) return undefined;
  return watcher.entries.peek(first, entryKeyOf(groups, key)) as T | undefined;
}

/** Whether cachedRead keeps values on this database (its triggers in place; on PostgreSQL once stamps were read). */
export function isCaching(db: Db): boolean {
  const watcher = watcherOf(db);
  return watcher instanceof PostgresWatcher ? watcher.stamp('chart') !== null : watcher !== null;
}

/**
 * The value load reads, from the cache while no table of the group has been written since it was
 * read. The value is shared between calls: treat it as read-only. Undefined (nothing found) is
 * not kept, so unknown keys cannot crowd out known ones.
 */
export async function cachedRead<T>(
  db: Db,
  group: WatchGroup | readonly WatchGroup[],
  key: string,
  load: (q: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const watcher = watcherOf(db);
  if (!watcher) return load(db.kysely);
  // A value read from the tables of several groups is kept while none of them is written.
  const groups: readonly WatchGroup[] = typeof group === 'string' ? [group] : group;
  const first = groups[0];
  if (first === undefined) return load(db.kysely);
  const stampOf = (one: (g: WatchGroup) => string | null): string | null => {
    const parts = groups.map(one);
    return parts.includes(null) ? null : parts.join('/');
  };
  const entryKey = entryKeyOf(groups, key);
  const now = stampOf((g) => watcher.stamp(g));
  const hit = now === null ? undefined : watcher.entries.get(first, entryKey, now);
  if (hit) return hit.value as T;
  const stamp = stampOf((g) => watcher.stampForStore(g));
  const value = await load(db.kysely);
  if (stamp !== null && value !== undefined) watcher.entries.set(first, entryKey, stamp, value);
  return value;
}
