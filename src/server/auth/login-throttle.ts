/**
 * Sign-in throttling per account and per client address, kept in the database (login_throttle)
 * so that it holds across restarts and processes, and taken atomically so that it holds under
 * concurrent bursts: a sign-in first takes an attempt, in one conditional upsert per counter that
 * only succeeds while the counter is under its limit, and only then is the password checked. Of
 * a hundred simultaneous wrong passwords, at most the limit are ever checked; once the limit is
 * reached nothing is checked, so a right password inside the burst does not get in either.
 *
 * A failed check keeps its attempt. A successful sign-in gives the account's attempts back (the
 * account's owner proved itself) and its own attempt on the address (the address's other
 * failures stay, so logging into one's own account does not reset a guesser's address).
 * A counter starts again once `window` has passed since the last attempt it granted: the lock
 * lifts by itself `window` after the last checked failure, and no window-long stretch of time
 * ever sees more checked failures than the limit. A limit of 0 switches that counter off.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, LoginThrottleTable } from '../db/schema.js';

export interface ThrottleLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowMs: number;
}

type Scope = LoginThrottleTable['scope'];

export type Attempt =
  | {
      granted: true;
      /** This attempt used the last one the account or the address had: a failure now locks. */
      last: boolean;
    }
  | { granted: false; waitMs: number };

class Locked extends Error {
  constructor(readonly waitMs: number) {
    super('locked');
  }
}

async function take(q: Kysely<Database>, scope: Scope, key: string, max: number, windowMs: number, now: number): Promise<number> {
  const since = now - windowMs;
  const taken = await q
    .insertInto('login_throttle')
    .values({ scope, throttle_key: key, attempts: 1, last_at: now })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'throttle_key'])
        .doUpdateSet({
          attempts: sql<number>`case when login_throttle.last_at <= ${since} then 1 else login_throttle.attempts + 1 end`,
          last_at: now,
        })
        .where((eb) => eb.or([eb('login_throttle.last_at', '<=', since), eb('login_throttle.attempts', '<', max)])),
    )
    .returning('attempts')
    .executeTakeFirst();
  if (taken) return taken.attempts;
  const row = await q
    .selectFrom('login_throttle')
    .select('last_at')
    .where('scope', '=', scope)
    .where('throttle_key', '=', key)
    .executeTakeFirst();
  throw new Locked(Math.max(1, (row?.last_at ?? now) + windowMs - now));
}

/**
 * Takes one sign-in attempt for the account (its throttle key, see login-name.ts) and the
 * address, both or neither; refused with the wait while either is at its limit.
 */
export async function takeAttempt(
  db: Db,
  limits: ThrottleLimits,
  accountKey: string,
  address: string,
  now = Date.now(),
): Promise<Attempt> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      let last = false;
      // Always the account first, then the address: two sign-ins never wait on each other in a circle.
      const counters: [Scope, string, number][] = [
        ['account', accountKey, limits.maxFailuresPerAccount],
        ['address', address, limits.maxFailuresPerAddress],
      ];
      for (const [scope, key, max] of counters) {
        if (max <= 0) continue;
        const attempts = await take(trx, scope, key, max, limits.windowMs, now);
        if (attempts >= max) last = true;
      }
      return { granted: true as const, last };
    });
  } catch (error) {
    if (error instanceof Locked) return { granted: false, waitMs: error.waitMs };
    throw error;
  }
}

/** After a successful sign-in: the account starts afresh, the address gets this attempt back. */
export async function releaseAttempt(db: Db, limits: ThrottleLimits, accountKey: string, address: string, now = Date.now()) {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_throttle').where('scope', '=', 'account').where('throttle_key', '=', accountKey).execute();
    await trx
      .updateTable('login_throttle')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('scope', '=', 'address')
      .where('throttle_key', '=', address)
      .where('attempts', '>', 0)
      .execute();
    // Counters whose window has passed count for nothing any more.
    await trx
      .deleteFrom('login_throttle')
      .where('last_at', '<', now - limits.windowMs)
      .execute();
  });
}

export function lockMessage(ms: number): string {
  return `登录失败次数过多，请${Math.max(1, Math.ceil(ms / 60_000))}分钟后再试`;
}

/** The answer to the failure that used the last attempt: the password was wrong, and now it is locked. */
export function lockedByThisFailureMessage(windowMs: number): string {
  return `用户名或密码错误，${lockMessage(windowMs)}`;
}
