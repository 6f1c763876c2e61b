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

/** What a set-based write answers for each of the writes it was given. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Writes many requests of one kind in one set of statements (a row per request in each), inside
 * the transaction given. A request refused by a rule (a closed period) is answered with its
 * error and written nothing; a statement that fails throws, and then each request is tried alone.
 */
export type SetWrite<P, T> = (trx: Q, payloads: readonly P[]) => Promise<Outcome<T>[]>;

/** Requests per set-based batch on PostgreSQL (a row of each table per request, well within its parameter limit). */
export const MAX_SET_BATCH = 64;

interface SetPending<P> {
  payload: P;
  alone: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * PostgreSQL's group commit for one kind of write in one ledger set: what arrives while a batch
 * is being written waits and goes in the next, as one transaction whose statements each carry
 * every request of the batch. The set's numbering lock and the commit's wait for the disk are
 * then paid once per batch instead of once per request, which is what lets many bookkeepers of
 * one union save into the same month at once. Batches of one set run one after another, sets
 * in parallel.
 */
class SetBatcher<P, T> {
  private pending: SetPending<P>[] = [];
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly write: SetWrite<P, T>,
    /** Called when the last batch is written and nothing waits (a province has thousands of sets). */
    private readonly onIdle: () => void,
  ) {}

  run(payload: P): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ payload, alone: false, resolve: resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      // A request that failed inside a batch is written alone, so one bad request fails alone.
      const first = this.pending[0];
      const batch = first?.alone ? this.pending.splice(0, 1) : this.takeTogether();
      try {
        const outcomes = await this.db.kysely.transaction().execute((trx) =>
          this.write(
            trx,
            batch.map((b) => b.payload),
          ),
        );
        batch.forEach((item, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) item.resolve(outcome.value);
          else item.reject(outcome ? outcome.error : new Error('no outcome'));
        });
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error);
        else this.pending.unshift(...batch.map((b) => ({ ...b, alone: true })));
      }
    }
    this.running = false;
    this.onIdle();
  }

  private takeTogether(): SetPending<P>[] {
    const end = this.pending.findIndex((p, i) => i >= MAX_SET_BATCH || p.alone);
    return this.pending.splice(0, end === -1 ? this.pending.length : end);
  }
}

const batchers = new WeakMap<Db, Map<string, SetBatcher<unknown, unknown>>>();

/**
 * Runs one request of a set-based write (`kind` names the write and the ledger set: requests of one
 * key are batched together) and resolves after its commit. On SQLite it goes through the group
 * commit above like every voucher write, as a batch of one.
 */
export function runSetWrite<P, T>(db: Db, kind: string, write: SetWrite<P, T>, payload: P): Promise<T> {
  if (db.dialect === 'sqlite') {
    return runWrite(db, async (trx) => {
      const [outcome] = await write(trx, [payload]);
      if (!outcome) throw new Error('no outcome');
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    });
  }
  let byKind = batchers.get(db);
  if (!byKind) {
    byKind = new Map();
    batchers.set(db, byKind);
  }
  const kinds = byKind;
  let batcher = kinds.get(kind) as SetBatcher<P, T> | undefined;
  if (!batcher) {
    const created: SetBatcher<P, T> = new SetBatcher(db, write, () => {
      if (kinds.get(kind) === created) kinds.delete(kind);
    });
    batcher = created;
    kinds.set(kind, created as SetBatcher<unknown, unknown>);
  }
  return batcher.run(payload);
}
