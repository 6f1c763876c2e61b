/**
 * WAL checkpoints off the main thread. SQLite's automatic checkpoint runs inside the COMMIT that
 * crosses its threshold: it copies the WAL into the database file and syncs both, and
 * better-sqlite3 blocks the process meanwhile (10–20 ms every few hundred voucher saves, the
 * largest part of a save's slowest times). A worker thread with its own connection runs a PASSIVE
 * checkpoint, which never blocks writers, every INTERVAL_MS instead; the main connection's
 * automatic checkpoint stays as a backstop with a higher threshold, for when the worker falls
 * behind.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export const INTERVAL_MS = 100;
/** WAL pages after which a commit on the main connection checkpoints by itself (SQLite's default is 1000). */
export const BACKSTOP_PAGES = 10_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or gone: the next tick tries again, and the backstop is there
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export class Checkpointer {
  private worker: Worker | null = null;

  constructor(private readonly file: string) {}

  get running(): boolean {
    return this.worker !== null;
  }

  /** Starts the worker once; a server that never writes vouchers never starts it. */
  start(): void {
    if (this.worker) return;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file: this.file, driver, intervalMs: INTERVAL_MS },
    });
    this.worker.unref();
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // An unref'd worker does not keep the process alive: a script awaiting this at top level
    // would end (exit code 13) before the worker has closed its connection.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  }
}
