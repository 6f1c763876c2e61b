/**
 * Failed-login throttling per account and per address, kept in the database so that it holds
 * across restarts and processes. A lock lifts by itself once the failures age out of the window.
 */
import type { Db } from '../db/database.js';

export interface ThrottleLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowMs: number;
}

/** Milliseconds until the next attempt is allowed, or 0 when not locked. */
export async function lockedFor(
  db: Db,
  limits: ThrottleLimits,
  loginName: string,
  address: string,
  now = Date.now(),
): Promise<number> {
  const since = now - limits.windowMs;
  const check = async (column: 'login_name' | 'address', value: string, max: number): Promise<number> => {
    const rows = await db.kysely
      .selectFrom('login_failure')
      .select('at')
      .where(column, '=', value)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(max)
      .execute();
    const oldest = rows[max - 1];
    return rows.length >= max && oldest ? oldest.at + limits.windowMs - now : 0;
  };
  return Math.max(
    await check('login_name', loginName, limits.maxFailuresPerAccount),
    await check('address', address, limits.maxFailuresPerAddress),
  );
}

export async function recordFailure(db: Db, loginName: string, address: string, now = Date.now()): Promise<void> {
  await db.kysely.insertInto('login_failure').values({ login_name: loginName, address, at: now }).execute();
}

export async function clearFailures(db: Db, loginName: string, windowMs: number, now = Date.now()): Promise<void> {
  await db.kysely
    .deleteFrom('login_failure')
    .where((eb) => eb.or([eb('login_name', '=', loginName), eb('at', '<', now - windowMs)]))
    .execute();
}

export function lockMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `登录失败次数过多，请${minutes}分钟后再试`;
}
