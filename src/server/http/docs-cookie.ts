/**
 * The cookie that opens the API documentation in a browser tab. Every other call is signed with
 * headers, which a browser cannot add to a page it navigates to; so a signed administrator's call
 * (POST /api/docs/session) sets this cookie, and the documentation's routes accept it instead of
 * the signature (auth/guard.ts, config.cookieSession).
 *
 * What must stay true:
 * - It names the session it was made for (the token's hash, which opens nothing by itself: the
 *   guard hashes what it is given) and is sealed with that session's signKey, so it cannot be made
 *   for another session, nor its lifetime stretched. The guard then checks the session as for a
 *   signed call: live (not logged out, replaced, idle or past its lifetime), its user enabled and,
 *   the routes' access being admin, still an administrator.
 * - It lives a few minutes, travels only to /api/docs (Path), never with a request another site
 *   starts (SameSite=Strict), is out of reach of scripts (HttpOnly), and Secure over HTTPS.
 */
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Paths } from '../../shared/api/paths.js';
import { signaturesEqual } from '../../shared/signature.js';
import type { CookieSession } from '../auth/guard.js';
import type { Session } from '../db/schema.js';

export const DOCS_COOKIE = 'ufc_api_docs';
export const DOCS_COOKIE_LIFETIME_MS = 10 * 60 * 1000;

const VALUE = /^([0-9a-f]{64})\.(\d{13})\.([0-9a-f]{64})$/;

function seal(signKey: string, tokenHash: string, expiresAt: number): string {
  return createHmac('sha256', signKey).update(`api-docs\n${tokenHash}\n${expiresAt}`).digest('hex');
}

/** The cookie's value for a session, good until expiresAt. */
export function docsCookieValue(session: Pick<Session, 'token_hash' | 'sign_key'>, expiresAt: number): string {
  return `${session.token_hash}.${expiresAt}.${seal(session.sign_key, session.token_hash, expiresAt)}`;
}

/** The values of the cookie the request carries (a browser may send two of one name, from different paths). */
function cookieValues(request: FastifyRequest): string[] {
  const header = request.headers.cookie ?? '';
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === DOCS_COOKIE) values.push(part.slice(at + 1).trim());
  }
  return values;
}

function parsed(request: FastifyRequest): { tokenHash: string; expiresAt: number; seal: string } | null {
  for (const value of cookieValues(request)) {
    const match = VALUE.exec(value);
    if (match) return { tokenHash: match[1] ?? '', expiresAt: Number(match[2]), seal: match[3] ?? '' };
  }
  return null;
}

/** How the guard reads the cookie on the documentation's routes. */
export const docsCookieSession: CookieSession = {
  tokenHashOf: (request) => parsed(request)?.tokenHash ?? null,
  accepts: (request, session, now) => {
    const cookie = parsed(request);
    if (!cookie || cookie.tokenHash !== session.token_hash || cookie.expiresAt <= now) return false;
    if (cookie.expiresAt > now + DOCS_COOKIE_LIFETIME_MS) return false;
    return signaturesEqual(cookie.seal, seal(session.sign_key, session.token_hash, cookie.expiresAt));
  },
};

/** Sets the cookie on the answer of the signed call that asked for it. */
export function setDocsCookie(reply: FastifyReply, request: FastifyRequest, session: Session, now: number): number {
  const expiresAt = now + DOCS_COOKIE_LIFETIME_MS;
  const attributes = [
    `${DOCS_COOKIE}=${docsCookieValue(session, expiresAt)}`,
    `Path=${Paths.apiDocs}`,
    `Max-Age=${DOCS_COOKIE_LIFETIME_MS / 1000}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ];
  void reply.header('set-cookie', attributes.join('; '));
  return expiresAt;
}
