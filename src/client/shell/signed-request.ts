/**
 * Builds what goes on the wire for one call: common params, the flattened query or the body, and
 * the signature headers. Pure, so the tests can check that `sign` accepts what the wrapper sends.
 */
import { Paths } from '../../shared/api/paths.js';
import { queryParams, requestPath, sign } from '../../shared/signature.js';

/** Calls made before there is a session: no token and no signature. */
export const UNSIGNED_PATHS: readonly string[] = [Paths.getValidateCode, Paths.logOn, Paths.config];

export type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';

export interface CommonParams {
  originUrl: string;
  version: string;
  timestamp: string;
  financialInstitution?: number | null;
}

export interface Credentials {
  token: string | null;
  signKey: string | null;
}

export interface PreparedRequest {
  method: Method;
  url: string;
  /** Query for GET/DELETE: exactly the flattened object that was signed. */
  params?: Record<string, string>;
  /** Body for POST/PUT: the payload with the common params as top-level fields. */
  data?: unknown;
  headers: Record<string, string>;
}

export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function commonFields(common: CommonParams): Record<string, unknown> {
  const fields: Record<string, unknown> = { originUrl: common.originUrl, version: common.version, timestamp: common.timestamp };
  if (common.financialInstitution != null) fields.financialInstitution = common.financialInstitution;
  return fields;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype
  );
}

export function prepareRequest(
  method: Method,
  url: string,
  payload: unknown,
  common: CommonParams,
  credentials: Credentials,
  nonce: string = randomNonce(),
): PreparedRequest {
  const headers: Record<string, string> = {};
  let signed: Record<string, unknown>;
  const prepared: PreparedRequest = { method, url, headers };
  if (method === 'GET' || method === 'DELETE') {
    const query = queryParams({ ...(isPlainObject(payload) ? payload : {}), ...commonFields(common) });
    prepared.params = query;
    signed = query;
  } else if (payload === undefined || payload === null || isPlainObject(payload)) {
    const body = { ...(payload ?? {}), ...commonFields(common) };
    prepared.data = body;
    signed = body;
  } else {
    // Arrays and form data travel as they are; only their common fields could be signed, so none.
    prepared.data = payload;
    signed = {};
  }
  if (credentials.token && !UNSIGNED_PATHS.includes(url)) {
    headers.token = credentials.token;
    headers.Authorization = `Bearer ${credentials.token}`;
    headers.timestamp = common.timestamp;
    headers.nonce = nonce;
    if (credentials.signKey) {
      headers.authEncryptKey = sign(credentials.signKey, {
        method,
        path: requestPath(url),
        params: signed,
        timestamp: common.timestamp,
        nonce,
      });
    }
  }
  return prepared;
}
