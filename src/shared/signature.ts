/**
 * The request signature (authEncryptKey), shared by the client that signs and the server that
 * checks. It must stay byte-for-byte identical on both sides, and it is documented in the README
 * so that other programs can call the API:
 *
 *   method = the HTTP method in upper case (GET, POST, DELETE, PUT)
 *   path   = the request path as sent on the wire, without the query: module base included
 *            (/account/api/...), percent-encoded exactly as it travels (the form the WHATWG URL
 *            parser writes, which is what browsers, fetch and the server's request line carry)
 *   pairs  = the call's parameters (query for GET/DELETE, top-level body fields for POST/PUT),
 *            without undefined values and without keys timestamp, nonce, authEncryptKey;
 *            then timestamp and nonce from the headers are added
 *   value  = the string itself for strings, JSON.stringify(value) for anything else
 *   string = method + "\n" + path + "\n" + pairs sorted by key (UTF-16 code-unit order) as
 *            key=value joined with '&'
 *   authEncryptKey = lower-case hex HMAC-SHA256(key = UTF-8 bytes of signKey, message = string)
 *
 * The method and path are part of it so that a signature captured on one call (a GET) is worth
 * nothing on another (a DELETE with the same parameters, or the same parameters on another path).
 *
 * Pure JavaScript HMAC (@noble/hashes): Web Crypto is missing on plain-http intranet pages.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;
const RESERVED = new Set(['timestamp', 'nonce', 'authEncryptKey']);

export type SignableParams = Readonly<Record<string, unknown>>;

/** One call as the signature sees it. */
export interface SignedCall {
  method: string;
  /** The path as sent, without the query (see requestPath). */
  path: string;
  params: SignableParams | null | undefined;
  timestamp: string;
  nonce: string;
}

export function canonicalValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The sorted key=value pairs (the third line of the canonical string). */
export function canonicalParams(params: SignableParams | null | undefined, timestamp: string, nonce: string): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || RESERVED.has(key)) continue;
    pairs.push([key, canonicalValue(value)]);
  }
  pairs.push(['timestamp', timestamp], ['nonce', nonce]);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

export function canonicalString(call: SignedCall): string {
  return `${call.method.toUpperCase()}\n${call.path}\n${canonicalParams(call.params, call.timestamp, call.nonce)}`;
}

export function sign(signKey: string, call: SignedCall): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(signKey), utf8ToBytes(canonicalString(call))));
}

/**
 * The path a client signs for a URL it is about to request: the WHATWG URL parser's pathname,
 * which is what goes on the wire (non-ASCII and reserved characters percent-encoded, dot segments
 * resolved). URLs are absolute paths (/account/api/...) or full URLs; the query is not part of it.
 */
export function requestPath(url: string): string {
  return new URL(url, 'http://localhost').pathname;
}

/**
 * The path the server checks: the request target as received, up to the query. An absolute-form
 * target (a request through a forward proxy: http://host/path) is reduced to its path.
 */
export function receivedPath(target: string): string {
  const end = target.indexOf('?');
  const path = end < 0 ? target : target.slice(0, end);
  if (path.startsWith('/')) return path;
  try {
    return new URL(path).pathname;
  } catch {
    return path;
  }
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** GET and DELETE parameters travel in the query, so the client flattens them to strings first. */
export function queryParams(params: SignableParams | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? value.map((v) => canonicalValue(v)).join(',') : canonicalValue(value);
  }
  return out;
}
