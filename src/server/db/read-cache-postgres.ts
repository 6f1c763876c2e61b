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
 * while a read of the counters is on its way share the next one, never the one already sent;
 * reads run one after another, so stamps only move forward. The read goes on the connections
 * that commit without waiting for the disk (Db.relaxed), because a signed call's nonce rides in
 * the same statement (auth/nonce-store.ts): one round trip for both.
 *
 * The counters and triggers are set up on first use (idempotent, under an advisory lock so two
 * processes starting together do not race); when that fails, nothing is cached.
 */
import { sql } from 'kysely';
import type { Db } from './database.js';

/** Any number: only this module takes it, to serialise setting up the triggers. */
const INSTALL_LOCK = 0x75666301;

/** A signed call's nonce, recorded by the same statement that reads the stamps (auth/nonce-store.ts). */
export interface NonceRider {
  expiresAt: number;
  tokenHash: string;
  nonce: string;
}

interface Waiting {
  rider: NonceRider | null;
  resolve(fresh: boolean): void;
  reject(error: unknown): void;
}

/**
 * One statement for the stamps and the nonces riding along: the inserts first (a nonce seen
 * before inserts nothing and is not returned), then the counters, read by the same statement.
 */
const READ_WITH_NONCES = `
  with fresh as (
    insert into used_nonce (expires_at, token_hash, nonce)
    select * from unnest($1::bigint[], $2::text[], $3::text[])
    on conflict do nothing
    returning token_hash, nonce
  )
  select grp, n, null as token_hash, null as nonce from read_cache_epoch
  union all
  select null, null, token_hash, nonce from fresh`;

/** The same without the stamps, where the counters and triggers could not be set up. */
const NONCES_ONLY = `
  insert into used_nonce (expires_at, token_hash, nonce)
  select * from unnest($1::bigint[], $2::text[], $3::text[])
  on conflict do nothing
  returning null as grp, null as n, token_hash, nonce`;

export class PostgresStamps {
  private stamps: ReadonlyMap<string, string> | null = null;
  private waiting: Waiting[] = [];
  private reading = false;
  private installed: Promise<boolean> | null = null;

  constructor(
    private readonly db: Db,
    private readonly watched: Readonly<Record<string, readonly string[]>>,
  ) {}

  /** The group's counter as last read, or null when it cannot be trusted. */
  stamp(group: string): string | null {
    return this.stamps?.get(group) ?? null;
  }

  /**
   * Reads the counters anew; resolves once a read sent after this call has answered. A nonce given
   * is recorded by that read: the answer is whether it was new (true without one).
   */
  refresh(rider: NonceRider | null = null): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ rider, resolve, reject });
      if (this.reading) return;
      this.reading = true;
      // After the current I/O callbacks, so the calls arriving together share one read.
      setImmediate(() => void this.pump());
    });
  }

  private async pump(): Promise<void> {
    while (this.waiting.length > 0) {
      // Those waiting now; a call arriving while this read is on its way waits for the next one.
      const batch = this.waiting.splice(0);
      const riders = batch.flatMap((w) => (w.rider ? [w.rider] : []));
      try {
        const fresh = await this.read(riders);
        for (const w of batch) w.resolve(w.rider ? fresh.has(`${w.rider.tokenHash}:${w.rider.nonce}`) : true);
      } catch (error) {
        // Not trusted until a read succeeds; a call with a nonce cannot be answered.
        this.stamps = null;
        for (const w of batch) {
          if (w.rider) w.reject(error);
          else w.resolve(true);
        }
      }
    }
    this.reading = false;
  }

  /** The nonces that were new; the stamps set from the same statement (left unset when the triggers are not in place). */
  private async read(riders: readonly NonceRider[]): Promise<Set<string>> {
    const installed = await (this.installed ??= this.install());
    const pool = this.db.relaxed;
    if (!pool) throw new Error('no connections for the stamps');
    if (!installed && riders.length === 0) return new Set();
    const { rows } = await pool.query<{ grp: string | null; n: string | null; token_hash: string | null; nonce: string | null }>(
      installed ? READ_WITH_NONCES : NONCES_ONLY,
      [riders.map((r) => r.expiresAt), riders.map((r) => r.tokenHash), riders.map((r) => r.nonce)],
    );
    const stamps = new Map<string, string>();
    const fresh = new Set<string>();
    for (const r of rows) {
      if (r.grp !== null) stamps.set(r.grp, String(r.n));
      else fresh.add(`${r.token_hash ?? ''}:${r.nonce ?? ''}`);
    }
    this.stamps = installed ? stamps : null;
    return fresh;
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
