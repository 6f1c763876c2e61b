/**
 * Voucher writes, each all-or-nothing. On PostgreSQL a write is its own transaction. On SQLite,
 * where a commit waits for the disk (synchronous=FULL: one fsync, about 5 ms on the development
 * machine, during which better-sqlite3 blocks the process) and writers run one at a time anyway,
 * writes that arrive together share one transaction and one fsync (group commit): each runs
 * inside its own SAVEPOINT, a refused write is rolled back to its savepoint alone, and every
 * caller hears its outcome only after the shared COMMIT, so a success is durable when answered.
 * A batch takes what is queued when it starts, at most MAX_BATCH writes, to bound the wait.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Q } from '../subjects/subject-repository.js';

export const MAX_BATCH = 16;

type Job = (trx: Q) => Promise<unknown>;

interface Pending {
  job: Job;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

class GroupCommit {
  private pending: Pending[] = [];
  private running = false;

  constructor(private readonly db: Db) {
    db.checkpointer?.start();
  }

  run<T>(job: (trx: Q) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ job, resolve, reject });
      if (!this.running) {
        this.running = true;
        // After the current I/O callbacks, so requests being checked right now join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      try {
        await this.db.kysely.transaction().execute(async (trx) => {
          // A lone write needs no savepoint: its refusal rolls the transaction back.
          if (batch.length === 1 && batch[0]) {
            outcomes.push({ ok: true, value: await batch[0].job(trx) });
            return;
          }
          for (const item of batch) {
            await sql`savepoint voucher_write`.execute(trx);
            try {
              const value = await item.job(trx);
              await sql`release voucher_write`.execute(trx);
              outcomes.push({ ok: true, value });
            } catch (error) {
              await sql`rollback to voucher_write`.execute(trx);
              await sql`release voucher_write`.execute(trx);
              outcomes.push({ ok: false, error });
            }
          }
        });
      } catch (error) {
        // A lone write was refused, or the commit itself failed: nothing of the batch is stored.
        for (const item of batch) item.reject(error);
        continue;
      }
      batch.forEach((item, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) item.resolve(outcome.value);
        else item.reject(outcome?.error);
      });
    }
    this.running = false;
  }
}

const queues = new WeakMap<Db, GroupCommit>();

/** Runs one voucher write all-or-nothing (see above); resolves after it is committed. */
export function runWrite<T>(db: Db, job: (trx: Q) => Promise<T>): Promise<T> {
  if (db.dialect !== 'sqlite') return db.kysely.transaction().execute(job);
  let queue = queues.get(db);
  if (!queue) {
    queue = new GroupCommit(db);
    queues.set(db, queue);
  }
  return queue.run(job);
}
