/**
 * The request signature (authEncryptKey), shared by the client that signs and the server that
 * checks. It must stay byte-for-byte identical on both sides, and it is documented in the README
 * so that other programs can call the API:
 *
 *   pairs  = the call's parameters (query for GET/DELETE, top-level body fields for POST/PUT),
 *            without undefined values and without keys timestamp, nonce, authEncryptKey;
 *            then timestamp and nonce from the headers are added
 *   value  = the string itself for strings, JSON.stringify(value) for anything else
 *   string = pairs sorted by key (UTF-16 code-unit order) as key=value joined with '&'
 *   authEncryptKey = lower-case hex HMAC-SHA256(key = UTF-8 bytes of signKey, message = string)
 *
 * Pure JavaScript HMAC (@noble/hashes): Web Crypto is missing on plain-http intranet pages.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;
const RESERVED = new Set(['timestamp', 'nonce', 'authEncryptKey']);

export type SignableParams = Readonly<Record<string, unknown>>;

export function canonicalValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function canonicalString(params: SignableParams | null | undefined, timestamp: string, nonce: string): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || RESERVED.has(key)) continue;
    pairs.push([key, canonicalValue(value)]);
  }
  pairs.push(['timestamp', timestamp], ['nonce', nonce]);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

export function sign(signKey: string, params: SignableParams | null | undefined, timestamp: string, nonce: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(signKey), utf8ToBytes(canonicalString(params, timestamp, nonce))));
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
