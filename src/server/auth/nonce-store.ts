/**
 * Nonces of signed calls, each signed call accepted once for as long as its timestamp is
 * accepted: kept in the database (used_nonce), so a call captured before a restart is refused
 * after it, and every process of a deployment refuses what another accepted. The primary key
 * (expiry, i.e. the signed timestamp, token hash, nonce) makes the insert the check: of two
 * copies of one call, one inserts and the other is refused. Rows are swept once expired.
 *
 * The guard runs on every call, so this must stay cheap. An in-memory first check refuses a
 * replay into the same process without asking the database. On SQLite, the nonces of the calls
 * that arrive together are written in one transaction (a commit writes whole pages to the log:
 * one per call would write kilobytes per call), committed with synchronous=NORMAL instead of
 * FULL: WAL mode then writes the commit to the log without waiting for the disk (an fsync per
 * read call would cost milliseconds and block the process). A restart keeps it (the log is in the
 * file system's cache); only a power loss before the next synchronous commit or checkpoint could
 * forget the nonces of the last moments, which a replay would then also need to fall within five
 * minutes of. Each call still hears of its nonce only after that commit.
 *
 * On PostgreSQL the same: the nonces of the calls that arrive together go in one statement (with
 * the read of the cache stamps), on connections that commit without waiting for the disk
 * (synchronous_commit off, Db.relaxed). The
 * log is written in order, so the next durable commit (a voucher's, say) takes every nonce
 * committed before it to the disk too: a write is never durable while the nonce of the call that
 * made it is not.
 */
import type SqliteDatabase from 'better-sqlite3';
import { SIGNATURE_MAX_SKEW_MS } from '../../shared/signature.js';
import type { Db } from '../db/database.js';
import { NonceCache } from './nonce-cache.js';
import { refreshStamps } from '../db/read-cache.js';

/** How often each process deletes expired nonces. */
export const SWEEP_INTERVAL_MS = 60_000;

interface Pending {
  expiresAt: number;
  tokenHash: string;
  nonce: string;
  resolve(fresh: boolean): void;
  reject(error: unknown): void;
}

function isConnectionBusy(error: unknown): boolean {
  return error instanceof TypeError && /busy/i.test(error.message);
}

/** The nonces of one SQLite database, written on its connection directly, in batches (see above). */
class SqliteNonceWriter {
  private pending: Pending[] = [];
  private scheduled = false;
  private statements: {
    insert: SqliteDatabase.Statement<[number, string, string]>;
    begin: SqliteDatabase.Statement;
    commit: SqliteDatabase.Statement;
    relax: SqliteDatabase.Statement | null;
    restore: SqliteDatabase.Statement | null;
  } | null = null;

  constructor(
    private readonly db: Db,
    private readonly sqlite: SqliteDatabase.Database,
  ) {}

  write(expiresAt: number, tokenHash: string, nonce: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ expiresAt, tokenHash, nonce, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // After the current I/O callbacks, so that the calls being checked right now join the batch.
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    try {
      // Inside a transaction (another request's write is open on the one connection) the batch
      // would join it, so it waits for the connection through Kysely's lock, as it does while a
      // read is still being iterated.
      if (!this.sqlite.inTransaction) {
        try {
          this.writeBatch(batch);
          return;
        } catch (error) {
          if (!isConnectionBusy(error)) throw error;
        }
      }
      await this.db.kysely.connection().execute(() => Promise.resolve(this.writeBatch(batch)));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }

  /** Writes the batch in one transaction and answers it; throws, answering nothing, when it could not. */
  private writeBatch(batch: readonly Pending[]): void {
    // Prepared outside any transaction: SQLite refuses to change the safety level inside one.
    const s = (this.statements ??= this.prepare());
    const fresh: boolean[] = [];
    s.relax?.run();
    try {
      s.begin.run();
      try {
        for (const p of batch) fresh.push(s.insert.run(p.expiresAt, p.tokenHash, p.nonce).changes === 1);
        s.commit.run();
      } catch (error) {
        if (this.sqlite.inTransaction) this.sqlite.exec('rollback');
        throw error;
      }
    } finally {
      s.restore?.run();
    }
    batch.forEach((p, i) => p.resolve(fresh[i] ?? false));
  }

  private prepare() {
    // Every signed call now writes: checkpoints go off the main thread, as for voucher writes.
    this.db.checkpointer?.start();
    const level = Number(this.sqlite.pragma('synchronous', { simple: true }));
    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA: only a stricter level than NORMAL is relaxed, and restored.
    return {
      insert: this.sqlite.prepare<[number, string, string]>(
        'insert into used_nonce (expires_at, token_hash, nonce) values (?, ?, ?) on conflict do nothing',
      ),
      begin: this.sqlite.prepare('begin'),
      commit: this.sqlite.prepare('commit'),
      relax: level > 1 ? this.sqlite.prepare('pragma synchronous = NORMAL') : null,
      restore: level > 1 ? this.sqlite.prepare(`pragma synchronous = ${level}`) : null,
    };
  }
}

export class NonceStore {
  private readonly memory = new NonceCache(2 * SIGNATURE_MAX_SKEW_MS);
  private readonly writer: SqliteNonceWriter | null;
  private lastSweep = 0;

  constructor(private readonly db: Db) {
    this.writer = db.sqlite ? new SqliteNonceWriter(db, db.sqlite) : null;
  }

  /**
   * Records the nonce of a call the session signed at `timestamp` (already checked to be within
   * the skew); false when that call was accepted before. On PostgreSQL the nonce rides with a read
   * of the cache stamps (db/read-cache-postgres.ts): the calls arriving together share one
   * statement. `early`: the guard records it as the call arrives, in the read of the stamps the
   * call is judged by (a call signed with the key of a session the process knows: an unsigned
   * copy of a call could only use up a nonce of 128 random bits it has seen), so the stamps are
   * read even when the nonce is refused here.
   */
  async remember(tokenHash: string, nonce: string, timestamp: number, now = Date.now(), early = false): Promise<boolean> {
    if (!this.memory.remember(`${tokenHash}:${nonce}`, now)) {
      if (early) await refreshStamps(this.db);
      return false;
    }
    const expiresAt = timestamp + SIGNATURE_MAX_SKEW_MS + 1000;
    const fresh = this.writer
      ? await this.writer.write(expiresAt, tokenHash, nonce)
      : await refreshStamps(this.db, { expiresAt, tokenHash, nonce });
    this.sweepNow(now);
    return fresh;
  }

  private sweepNow(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    // A sweep that fails is simply tried again a minute later.
    this.sweep(now).catch(() => undefined);
  }

  /** Deletes the nonces whose timestamps can no longer be accepted. */
  async sweep(now = Date.now()): Promise<number> {
    const result = await this.db.kysely.deleteFrom('used_nonce').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
