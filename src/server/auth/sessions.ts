/**
 * Server-side sessions. The token (256 random bits) is given to the client once and stored only
 * as its SHA-256, so a copy of the database does not hand out live sessions. Each login makes a
 * new token; logout, a login elsewhere (single-session mode) and disabling the user revoke it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { fixedQuery, slot } from '../db/fixed-query.js';
import type { AppUser, Database, Session } from '../db/schema.js';
import { recordAccess, sessionEndReason } from '../logs/access-record.js';

/**
 * Why a session ended. The zt- reasons: the set it was in was disabled, expired or deleted; 'reset':
 * an administrator reset the password (users/user-service.ts). revoke_reason is 16 characters.
 */
export type RevokeReason = 'logout' | 'replaced' | 'disabled' | 'zt-disabled' | 'zt-expired' | 'zt-deleted' | 'reset';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new session; `within` runs in its transaction (the sign-in's access record). In single-session
 * mode the user's other sessions end, each recorded as ended by this sign-in.
 */
export async function createSession(
  db: Db,
  userId: number,
  address: string,
  single: boolean,
  now = Date.now(),
  within?: (trx: Kysely<Database>) => Promise<void>,
) {
  const token = randomBytes(32).toString('hex');
  const signKey = randomBytes(32).toString('hex');
  await db.kysely.transaction().execute(async (trx) => {
    if (single) await endSessions(trx, trx.selectFrom('session').where('user_id', '=', userId), 'replaced', now);
    if (within) await within(trx);
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

/** The ledger set a session has chosen, with the user's level there (null: no grant). */
export interface SessionZtRow {
  id: number;
  name: string;
  enable: number;
  expire_time: string | null;
  accounting_system: string;
  user_level_id: number | null;
}

export interface SessionContext {
  session: Session;
  /** Undefined when the user row is gone. */
  user: AppUser | undefined;
  /** Undefined when no set is chosen or the set is gone. */
  zt: SessionZtRow | undefined;
}

const sessionContextQuery = fixedQuery('session.context', (q) =>
  q
    .selectFrom('session as s')
    .leftJoin('app_user as u', 'u.id', 's.user_id')
    .leftJoin('zt_info as z', 'z.id', 's.zt_id')
    .leftJoin('user_zt_level as l', (join) => join.onRef('l.zt_id', '=', 's.zt_id').onRef('l.user_id', '=', 's.user_id'))
    .select([
      's.token_hash',
      's.user_id',
      's.sign_key',
      's.created_at',
      's.last_seen_at',
      's.zt_id',
      's.year',
      's.revoked_at',
      's.revoke_reason',
      's.address',
      'u.id as u_id',
      'u.login_name as u_login_name',
      'u.name as u_name',
      'u.password_hash as u_password_hash',
      'u.is_admin as u_is_admin',
      'u.enable as u_enable',
      'u.must_change_password as u_must_change_password',
      'u.password_changed_at as u_password_changed_at',
      'u.created_at as u_created_at',
      'z.id as z_id',
      'z.name as z_name',
      'z.enable as z_enable',
      'z.expire_time as z_expire_time',
      'z.accounting_system as z_accounting_system',
      'l.user_level_id as l_user_level_id',
    ])
    .where('s.token_hash', '=', slot<string>(0)),
);

/**
 * What the guard needs of a token, in one statement (every API call asks): the session, its user,
 * and the chosen ledger set with the user's level in it. Frozen: the guard caches it.
 */
export async function findSessionContext(q: Kysely<Database>, tokenHash: string): Promise<SessionContext | undefined> {
  const row = (await sessionContextQuery(q, [tokenHash])).rows[0];
  if (!row) return undefined;
  const session: Session = {
    token_hash: row.token_hash,
    user_id: row.user_id,
    sign_key: row.sign_key,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    zt_id: row.zt_id,
    year: row.year,
    revoked_at: row.revoked_at,
    revoke_reason: row.revoke_reason,
    address: row.address,
  };
  // The joined columns are null only when the row is missing (they are NOT NULL in their tables).
  const user: AppUser | undefined =
    row.u_id === null
      ? undefined
      : {
          id: row.u_id,
          login_name: row.u_login_name ?? '',
          name: row.u_name ?? '',
          password_hash: row.u_password_hash ?? '',
          is_admin: row.u_is_admin ?? 0,
          enable: row.u_enable ?? 0,
          must_change_password: row.u_must_change_password ?? 0,
          password_changed_at: row.u_password_changed_at ?? 0,
          created_at: row.u_created_at ?? 0,
        };
  const zt: SessionZtRow | undefined =
    row.z_id === null
      ? undefined
      : {
          id: row.z_id,
          name: row.z_name ?? '',
          enable: row.z_enable ?? 0,
          expire_time: row.z_expire_time,
          accounting_system: row.z_accounting_system ?? '',
          user_level_id: row.l_user_level_id,
        };
  return Object.freeze({
    session: Object.freeze(session),
    user: user && Object.freeze(user),
    zt: zt && Object.freeze(zt),
  });
}

type SessionSelection = SelectQueryBuilder<Database, 'session', object>;

/**
 * Ends the open sessions `which` selects, each with an access record (a sign-out for 'logout',
 * else a session the server ended, with its reason and the address it was used from).
 */
async function endSessions(trx: Kysely<Database>, which: SessionSelection, reason: RevokeReason, now: number): Promise<void> {
  const open = await which
    .innerJoin('app_user as u', 'u.id', 'session.user_id')
    .select(['session.token_hash', 'session.user_id', 'session.address', 'session.zt_id', 'u.login_name'])
    .where('session.revoked_at', 'is', null)
    .execute();
  if (open.length === 0) return;
  await trx
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where(
      'token_hash',
      'in',
      open.map((s) => s.token_hash),
    )
    .execute();
  for (const s of open) {
    await recordAccess(
      trx,
      {
        kind: reason === 'logout' ? 'logout' : 'session_end',
        loginName: s.login_name,
        userId: s.user_id,
        address: s.address,
        ztId: s.zt_id,
        reason: sessionEndReason(reason),
      },
      now,
    );
  }
}

/** Ends one session (a sign-out: the address is the session's). */
export async function revokeSession(db: Db, tokenHash: string, reason: RevokeReason, now = Date.now()): Promise<void> {
  await db.kysely
    .transaction()
    .execute((trx) => endSessions(trx, trx.selectFrom('session').where('session.token_hash', '=', tokenHash), reason, now));
}

/** Ends every open session of a user (disabled, password reset): pass the change's transaction to end them with it. */
export async function revokeUserSessions(
  db: Db | Kysely<Database>,
  userId: number,
  reason: RevokeReason,
  now = Date.now(),
): Promise<void> {
  const run = (trx: Kysely<Database>) =>
    endSessions(trx, trx.selectFrom('session').where('session.user_id', '=', userId), reason, now);
  if ('kysely' in db) await db.kysely.transaction().execute(run);
  else await run(db);
}

/** Idle expiry is measured from last_seen_at, refreshed at most once a minute to spare writes. */
export async function touchSession(db: Db, session: Session, now = Date.now()): Promise<void> {
  if (now - session.last_seen_at < 60_000) return;
  await db.kysely.updateTable('session').set({ last_seen_at: now }).where('token_hash', '=', session.token_hash).execute();
}

export async function setSessionZt(q: Kysely<Database>, tokenHash: string, ztId: number, year: number): Promise<void> {
  await q.updateTable('session').set({ zt_id: ztId, year }).where('token_hash', '=', tokenHash).execute();
}

/** Drops sessions that ended more than a day ago (called at start-up and after logins). */
export async function pruneSessions(db: Db, absoluteMs: number, now = Date.now()): Promise<void> {
  await db.kysely
    .deleteFrom('session')
    .where((eb) => eb.or([eb('revoked_at', '<', now - 86_400_000), eb('created_at', '<', now - absoluteMs - 86_400_000)]))
    .execute();
}
