/**
 * One backup operation of a ledger set at a time in this process (take, restore, delete): the
 * 20-backup rotation counts and deletes, and a restore must not race a backup of the same set.
 * Callers wait their turn rather than being refused. (Several server processes would need a
 * database lock instead; the deployment notes route one set to one process.)
 */
import type { Db } from '../db/database.js';

const tails = new WeakMap<Db, Map<number, Promise<unknown>>>();

export function withSetLock<T>(db: Db, ztId: number, work: () => Promise<T>): Promise<T> {
  let byZt = tails.get(db);
  if (!byZt) {
    byZt = new Map();
    tails.set(db, byZt);
  }
  const previous = byZt.get(ztId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  byZt.set(ztId, tail);
  void tail.then(() => {
    if (byZt.get(ztId) === tail) byZt.delete(ztId);
  });
  return run;
}
