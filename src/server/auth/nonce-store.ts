/**
 * Nonces of signed calls, each accepted once for as long as its timestamp is accepted: kept in
 * the database (used_nonce), so a call captured before a restart is refused after it, and every
 * process of a deployment refuses what another accepted. The primary key (token hash, nonce)
 * makes the insert the check: of two calls with one nonce, one inserts and the other is refused.
 * A nonce is kept until its signed timestamp can no longer pass the skew check, then swept.
 *
 * The guard runs on every call, so this is one insert, behind an in-memory first check that
 * refuses a replay into the same process without asking the database. On SQLite that insert is
 * committed with synchronous=NORMAL instead of FULL: WAL mode then writes the commit to the log
 * without waiting for the disk (an fsync on every read call would cost milliseconds and block the
 * process). A restart keeps it (the log is in the file system's cache); only a power loss before
 * the next synchronous commit or checkpoint could forget nonces of the last moments, which a
 * replay would then also need to fall within five minutes of.
 */
import type SqliteDatabase from 'better-sqlite3';
import { SIGNATURE_MAX_SKEW_MS } from '../../shared/signature.js';
import type { Db } from '../db/database.js';
import { NonceCache } from './nonce-cache.js';

/** How often each process deletes expired nonces. */
export const SWEEP_INTERVAL_MS = 60_000;

/** The nonces of one database, written on the SQLite connection directly (see above). */
class SqliteNonceWriter {
  private readonly insert: SqliteDatabase.Statement<[string, string, number]>;
  private readonly relax: SqliteDatabase.Statement | null;
  private readonly restore: SqliteDatabase.Statement | null;

  constructor(sqlite: SqliteDatabase.Database) {
    this.insert = sqlite.prepare<[string, string, number]>(
      'insert into used_nonce (token_hash, nonce, expires_at) values (?, ?, ?) on conflict do nothing',
    );
    const level = Number(sqlite.pragma('synchronous', { simple: true }));
    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA: only a stricter level than NORMAL is relaxed, and restored.
    this.relax = level > 1 ? sqlite.prepare('pragma synchronous = NORMAL') : null;
    this.restore = level > 1 ? sqlite.prepare(`pragma synchronous = ${level}`) : null;
  }

  /** True when the nonce was new. Synchronous: nothing else runs on the connection meanwhile. */
  write(tokenHash: string, nonce: string, expiresAt: number): boolean {
    this.relax?.run();
    try {
      return this.insert.run(tokenHash, nonce, expiresAt).changes === 1;
    } finally {
      this.restore?.run();
    }
  }
}

function isConnectionBusy(error: unknown): boolean {
  return error instanceof TypeError && /busy/i.test(error.message);
}

export class NonceStore {
  private readonly memory = new NonceCache(2 * SIGNATURE_MAX_SKEW_MS);
  private writer: SqliteNonceWriter | null = null;
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  /**
   * Records the nonce of a call the session signed at `timestamp` (already checked to be within
   * the skew); false when the nonce was used before.
   */
  async remember(tokenHash: string, nonce: string, timestamp: number, now = Date.now()): Promise<boolean> {
    if (!this.memory.remember(`${tokenHash}:${nonce}`, now)) return false;
    const expiresAt = timestamp + SIGNATURE_MAX_SKEW_MS + 1000;
    const fresh = await this.insert(tokenHash, nonce, expiresAt);
    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      // A sweep that fails is simply tried again a minute later.
      this.sweep(now).catch(() => undefined);
    }
    return fresh;
  }

  /** Deletes the nonces whose timestamps can no longer be accepted. */
  async sweep(now = Date.now()): Promise<number> {
    const result = await this.db.kysely.deleteFrom('used_nonce').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async insert(tokenHash: string, nonce: string, expiresAt: number): Promise<boolean> {
    const sqlite = this.db.sqlite;
    if (!sqlite) {
      const result = await this.db.kysely
        .insertInto('used_nonce')
        .values({ token_hash: tokenHash, nonce, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['token_hash', 'nonce']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    // Outside a transaction the insert commits on its own at once. Inside one (another request's
    // write is open on the one connection) it would join that transaction, so it waits for the
    // connection through Kysely's lock, as would a read that is still being iterated.
    const write = () => {
      // Prepared outside any transaction: SQLite refuses to change the safety level inside one.
      this.writer ??= new SqliteNonceWriter(sqlite);
      return this.writer.write(tokenHash, nonce, expiresAt);
    };
    if (!sqlite.inTransaction) {
      try {
        return write();
      } catch (error) {
        if (!isConnectionBusy(error)) throw error;
      }
    }
    return this.db.kysely.connection().execute(() => Promise.resolve(write()));
  }
}
