/**
 * The gate in front of every API route. A route declares its access in config.access:
 *   public   no session (captcha, logOn, config)
 *   password a signed session, even one that must change its password first
 *   session  a signed session with a valid password (the default)
 *   zt       a session that has chosen a ledger set and year, still enabled, unexpired and granted
 *   admin    a session of an administrator
 * On zt routes any ztId the client sends must be the session's: the server always works on
 * the session's ledger set, and naming another one is refused (4005), whatever the client sends.
 * The page or button a route needs besides its access is its config.right (auth/route-rights.ts).
 * A route a browser opens as a page (the API documentation) may name a cookie that stands in for
 * the signature (config.cookieSession, http/docs-cookie.ts); the session is checked all the same.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { receivedPath, SIGNATURE_MAX_SKEW_MS, signaturesEqual } from '../../shared/signature.js';
import { isApiPath } from '../../shared/api/paths.js';
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { Db } from '../db/database.js';
import { cachedRead, keptValue, refreshStamps } from '../db/read-cache.js';
import type { AppUser, Session } from '../db/schema.js';
import type { ServerConfig } from '../config.js';
import { refuse } from '../http/app-error.js';
import { NonceStore } from './nonce-store.js';
import { passwordExpired } from './password-expiry.js';
import { serverSign } from './server-signature.js';
import { findSessionContext, hashToken, touchSession, type SessionContext } from './sessions.js';

export type Access = 'public' | 'password' | 'session' | 'zt' | 'admin';

export interface SessionZt {
  id: number;
  year: number;
  name: string;
  accountingSystem: AccountingSystem;
  /** The user's level in this ledger set; null for an administrator without an explicit grant. */
  levelId: number | null;
}

export interface AuthContext {
  session: Session;
  user: AppUser;
  zt: SessionZt | null;
}

/**
 * A cookie the server set for a session, accepted on the routes that name it instead of the signed
 * headers a page navigation cannot carry.
 */
export interface CookieSession {
  /** The token hash of the session the request's cookie names; null without one (the call must then be signed). */
  tokenHashOf(request: FastifyRequest): string | null;
  /** Whether the cookie was made for this session and is within its lifetime. */
  accepts(request: FastifyRequest, session: Session, now: number): boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    cookieSession?: CookieSession;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The authenticated context of a request that passed the guard. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route reached without the guard');
  return request.auth;
}

export function ztOf(request: FastifyRequest): SessionZt {
  const zt = authOf(request).zt;
  if (!zt) throw new Error('zt route reached without a ledger set');
  return zt;
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export function tokenOf(request: FastifyRequest): string {
  const token = header(request, 'token');
  if (token) return token;
  const authorization = header(request, 'authorization');
  return authorization.toLowerCase().startsWith('bearer ') ? authorization.slice(7).trim() : '';
}

function signedParams(request: FastifyRequest): Record<string, unknown> {
  const source =
    request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD' ? request.query : request.body;
  return source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>) : {};
}

const ZT_PARAM_KEYS = ['ztId', 'ztid', 'zt_id'];

function namedZtIds(request: FastifyRequest): unknown[] {
  const out: unknown[] = [];
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const key of ZT_PARAM_KEYS) {
      const value = (source as Record<string, unknown>)[key];
      if (value !== undefined && value !== null && value !== '') out.push(value);
    }
  }
  return out;
}

/** Whether the call's signature is the one the sign key makes over its method, path, parameters, timestamp and nonce. */
function signedWith(request: FastifyRequest, signKey: string, timestamp: string, nonce: string): boolean {
  const expected = serverSign(signKey, {
    method: request.method,
    path: receivedPath(request.url),
    params: signedParams(request),
    timestamp,
    nonce,
  });
  return signaturesEqual(header(request, 'authencryptkey').toLowerCase(), expected);
}

/** The signature headers of a call when they are well formed and within the accepted time; otherwise why not. */
function signatureHeaders(
  request: FastifyRequest,
  now: number,
): { timestamp: string; nonce: string } | { refusal: 'SignatureInvalid' | 'ReplayRefused'; message?: string } {
  const timestamp = header(request, 'timestamp');
  const nonce = header(request, 'nonce');
  if (!timestamp || !nonce || !header(request, 'authencryptkey')) return { refusal: 'SignatureInvalid', message: '请求缺少签名' };
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > SIGNATURE_MAX_SKEW_MS) {
    return { refusal: 'ReplayRefused', message: '请求时间与服务器时间相差超过5分钟，请校准时间后重试' };
  }
  if (nonce.length < 8 || nonce.length > 64) return { refusal: 'SignatureInvalid', message: '请求随机数无效' };
  return { timestamp, nonce };
}

/**
 * The nonce and timestamp of a call signed with the sign key of a session this process has seen
 * (a session's key never changes): such a call's nonce can be recorded before the session is read
 * again. Only a call so signed: a copy of a call sent with changed parameters or to another path
 * must not use up the real call's nonce.
 */
function nonceToRecordEarly(
  request: FastifyRequest,
  kept: SessionContext | undefined,
  now: number,
): { nonce: string; timestamp: number } | null {
  if (!kept) return null;
  const signed = signatureHeaders(request, now);
  if ('refusal' in signed || !signedWith(request, kept.session.sign_key, signed.timestamp, signed.nonce)) return null;
  return { nonce: signed.nonce, timestamp: Number(signed.timestamp) };
}

/** The guard's stamps and the session's context come from the read cache under these groups (db/read-cache.ts). */
const SESSION_GROUPS = ['session', 'access'] as const;

/**
 * The signature headers of a call: made with the session's signKey over this call, and never seen
 * before (nonceFresh: already recorded with the cache stamps, on PostgreSQL).
 */
async function checkSignature(
  request: FastifyRequest,
  session: Session,
  nonces: NonceStore,
  now: number,
  nonceFresh: boolean | null,
): Promise<void> {
  const signed = signatureHeaders(request, now);
  if ('refusal' in signed) refuse(signed.refusal, signed.message);
  const { timestamp, nonce } = signed;
  if (!signedWith(request, session.sign_key, timestamp, nonce)) refuse('SignatureInvalid');
  if (!(nonceFresh ?? (await nonces.remember(session.token_hash, nonce, Number(timestamp), now)))) {
    refuse('ReplayRefused', '重复的请求已被拒绝');
  }
}

export function installGuard(app: FastifyInstance, db: Db, config: ServerConfig): void {
  const nonces = new NonceStore(db);
  app.decorateRequest('auth', null);

  // Before schema validation: the signature covers the parameters as they were sent (validation
  // coerces types and drops undeclared fields), and a caller without a session learns nothing of
  // the schemas.
  app.addHook('preValidation', async (request) => {
    // Static files of the client are public; every API route is guarded unless it says otherwise.
    if (request.is404 || !isApiPath(request.routeOptions.url ?? '')) return;
    const access: Access = request.routeOptions.config.access ?? 'session';
    if (access === 'public') return;

    const now = Date.now();
    const token = tokenOf(request);
    const cookie = token ? undefined : request.routeOptions.config.cookieSession;
    const cookieHash = cookie?.tokenHashOf(request) ?? null;
    if (!token && !cookieHash) refuse('TokenInvalid', '未登录或登录已失效，请重新登录');
    const tokenHash = cookieHash ?? hashToken(token);
    // On PostgreSQL the cache's stamps are read once as the call arrives (db/read-cache.ts), and a
    // signed call of a session seen before records its nonce in the same round trip.
    const riding =
      db.dialect === 'postgres' && !cookie
        ? nonceToRecordEarly(request, keptValue<SessionContext>(db, SESSION_GROUPS, tokenHash), now)
        : null;
    let nonceFresh: boolean | null = null;
    if (riding) {
      nonceFresh = await nonces.remember(tokenHash, riding.nonce, riding.timestamp, now, true);
    } else {
      await refreshStamps(db);
    }
    // From the cache while none of the session's tables has been written since (db/read-cache.ts).
    const found = await cachedRead(db, SESSION_GROUPS, tokenHash, (q) => findSessionContext(q, tokenHash));
    if (!found) refuse('TokenInvalid');
    const { session } = found;
    if (session.revoked_at !== null) {
      if (session.revoke_reason === 'replaced') refuse('SessionReplaced');
      if (session.revoke_reason === 'disabled') refuse('AccountDisabled');
      const setEnded = SET_ENDED[session.revoke_reason ?? ''];
      if (setEnded) refuse('LedgerSetExpired', setEnded);
      if (session.revoke_reason === 'reset') refuse('TokenInvalid', '密码已被管理员重置，请用新的初始密码重新登录');
      refuse('TokenInvalid');
    }
    if (now - session.last_seen_at > config.session.idleMs || now - session.created_at > config.session.absoluteMs) {
      refuse('TokenInvalid', '登录已超时，请重新登录');
    }

    if (cookie) {
      if (!cookie.accepts(request, session, now)) refuse('TokenInvalid', '页面已过期，请从系统中重新打开');
    } else {
      await checkSignature(request, session, nonces, now, nonceFresh);
    }

    const { user } = found;
    if (!user) refuse('TokenInvalid');
    if (!user.enable) refuse('AccountDisabled');
    if (access !== 'password' && passwordExpired(user, config.passwordExpiryDays, now)) refuse('PasswordChangeRequired');
    if (access === 'admin' && !user.is_admin) refuse('Forbidden');

    let zt: SessionZt | null = null;
    const row = found.zt;
    if (row && session.year !== null && (row.user_level_id !== null || user.is_admin)) {
      zt = {
        id: row.id,
        year: session.year,
        name: row.name,
        accountingSystem: row.accounting_system as AccountingSystem,
        levelId: row.user_level_id,
      };
      // A set disabled or past its date after the session chose it: no call works in it, and on
      // the other calls the session holds no rights through it (zt null), whatever is in flight.
      const closed = !row.enable ? SET_ENDED['zt-disabled'] : isExpired(row.expire_time, now) ? SET_ENDED['zt-expired'] : null;
      if (closed) {
        if (access === 'zt') refuse('LedgerSetExpired', closed);
        zt = null;
      }
    }
    if (access === 'zt') {
      if (!zt) refuse('Forbidden', '请先选择账套和年度');
      for (const named of namedZtIds(request)) {
        if (String(named) !== String(zt.id)) refuse('Forbidden', '无权访问该账套的数据');
      }
    }

    request.auth = { session, user, zt };
    await touchSession(db, session, now);
  });
}

/** The message of a call refused because the session's ledger set was disabled, expired or deleted. */
const SET_ENDED: Readonly<Record<string, string>> = {
  'zt-disabled': '当前账套已被停用，登录已结束；请重新登录并选择其他账套，或联系管理员',
  'zt-expired': '当前账套已到期，登录已结束；请重新登录并选择其他账套，或联系管理员',
  'zt-deleted': '当前账套已被删除，登录已结束；请重新登录并选择其他账套',
};

export function isExpired(expireTime: string | null, now = Date.now()): boolean {
  if (!expireTime) return false;
  // An expiry date is the last day the set may be used, to its end in local time.
  return now > new Date(`${expireTime}T23:59:59.999`).getTime();
}
