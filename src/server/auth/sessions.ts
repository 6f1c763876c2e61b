/**
 * Server-side sessions. The token (256 random bits) is given to the client once and stored only
 * as its SHA-256, so a copy of the database does not hand out live sessions. Each login makes a
 * new token; logout, a login elsewhere (single-session mode) and disabling the user revoke it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Session } from '../db/schema.js';

export type RevokeReason = 'logout' | 'replaced' | 'disabled';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: number, address: string, single: boolean, now = Date.now()) {
  const token = randomBytes(32).toString('hex');
  const signKey = randomBytes(32).toString('hex');
  await db.kysely.transaction().execute(async (trx) => {
    if (single) {
      await trx
        .updateTable('session')
        .set({ revoked_at: now, revoke_reason: 'replaced' })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    }
    await trx
      .insertInto('session')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        sign_key: signKey,
        created_at: now,
        last_seen_at: now,
        zt_id: null,
        year: null,
        revoked_at: null,
        revoke_reason: null,
        address,
      })
      .execute();
  });
  return { token, signKey };
}

export async function findSession(db: Db, token: string): Promise<Session | undefined> {
  return db.kysely.selectFrom('session').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
}

export async function revokeSession(db: Db, tokenHash: string, reason: RevokeReason, now = Date.now()): Promise<void> {
  await db.kysely
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: number, reason: RevokeReason, now = Date.now()): Promise<void> {
  await db.kysely
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Idle expiry is measured from last_seen_at, refreshed at most once a minute to spare writes. */
export async function touchSession(db: Db, session: Session, now = Date.now()): Promise<void> {
  if (now - session.last_seen_at < 60_000) return;
  await db.kysely.updateTable('session').set({ last_seen_at: now }).where('token_hash', '=', session.token_hash).execute();
}

export async function setSessionZt(db: Db, tokenHash: string, ztId: number, year: number): Promise<void> {
  await db.kysely.updateTable('session').set({ zt_id: ztId, year }).where('token_hash', '=', tokenHash).execute();
}

/** Drops sessions that ended more than a day ago (called at start-up and after logins). */
export async function pruneSessions(db: Db, absoluteMs: number, now = Date.now()): Promise<void> {
  await db.kysely
    .deleteFrom('session')
    .where((eb) => eb.or([eb('revoked_at', '<', now - 86_400_000), eb('created_at', '<', now - absoluteMs - 86_400_000)]))
    .execute();
}
