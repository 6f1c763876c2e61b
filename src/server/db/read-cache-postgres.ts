/**
 * The read cache's stamps on PostgreSQL (db/read-cache.ts has the contract). Every process of a
 * deployment writes the same database, so the counters live there: a row per group in
 * read_cache_epoch, raised by a statement trigger on each watched table in the writer's own
 * transaction (a rollback takes the raise back with its rows). A value is served while the
 * group's counter is the one it was read under.
 *
 * Reading the counters is a round trip, so a call reads them once, when it arrives (the guard
 * calls refreshStamps), and every cached read of that call is judged by them: whatever committed
 * before the call arrived is seen, which is the order a caller can observe. Calls that arrive
 * while a read of the counters is on its way share the next one, never the one already sent.
 * Stamps only move forward, so a read that started later is never replaced by an earlier one.
 *
 * The counters and triggers are set up on first use (idempotent, under an advisory lock so two
 * processes starting together do not race); when that fails, nothing is cached.
 */
import { sql } from 'kysely';
import type { Db } from './database.js';

/** Any number: only this module takes it, to serialise setting up the triggers. */
const INSTALL_LOCK = 0x75666301;

export class PostgresStamps {
  private stamps: ReadonlyMap<string, string> | null = null;
  private inFlight: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private installed: Promise<boolean> | null = null;

  constructor(
    private readonly db: Db,
    private readonly watched: Readonly<Record<string, readonly string[]>>,
  ) {}

  /** The group's counter as last read, or null when it cannot be trusted. */
  stamp(group: string): string | null {
    return this.stamps?.get(group) ?? null;
  }

  /** Reads the counters anew; resolves once a read sent after this call has answered. */
  refresh(): Promise<void> {
    if (!this.inFlight) {
      this.inFlight = this.read().finally(() => (this.inFlight = null));
      return this.inFlight;
    }
    // A read is on its way, sent before this call arrived: wait for the one after it.
    this.next ??= this.inFlight.then(() => {
      this.next = null;
      return this.refresh();
    });
    return this.next;
  }

  private async read(): Promise<void> {
    try {
      if (!(await (this.installed ??= this.install()))) return;
      const rows = await sql<{ grp: string; n: string | number }>`select grp, n from read_cache_epoch`.execute(this.db.kysely);
      this.stamps = new Map(rows.rows.map((r) => [r.grp, String(r.n)]));
    } catch {
      // Not trusted until a read succeeds.
      this.stamps = null;
    }
  }

  private async install(): Promise<boolean> {
    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`.execute(trx);
        await sql`create table if not exists read_cache_epoch (grp text primary key, n bigint not null)`.execute(trx);
        await sql`create or replace function read_cache_bump() returns trigger language plpgsql as $$
          begin
            update read_cache_epoch set n = n + 1 where grp = tg_argv[0];
            return null;
          end $$`.execute(trx);
        for (const [group, tables] of Object.entries(this.watched)) {
          await sql`insert into read_cache_epoch (grp, n) values (${group}, 0) on conflict do nothing`.execute(trx);
          for (const table of tables) {
            // Table and group names are the module's own constants (db/read-cache.ts WATCHED), never input.
            await sql
              .raw(
                `create or replace trigger read_cache_bump after insert or update or delete or truncate on "${table}"
                 for each statement execute function read_cache_bump('${group}')`,
              )
              .execute(trx);
          }
        }
        // Writes made before the triggers were there went uncounted: nothing read before counts.
        await sql`update read_cache_epoch set n = n + 1`.execute(trx);
      });
      return true;
    } catch {
      return false;
    }
  }
}
