import { describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { sign, signaturesEqual } from '../../shared/signature.js';
import { prepareRequest, randomNonce } from './signed-request.js';

const credentials = { token: 'tok-123', signKey: 'a'.repeat(64) };
const common = { originUrl: '/home', version: '0.1.0', timestamp: '1767225600000', financialInstitution: 3 };

/** What the server does: recompute the signature over what arrived (method, path and parameters). */
function verify(
  params: Record<string, unknown>,
  headers: Record<string, string>,
  method = 'GET',
  path: string = Paths.subjectList,
): boolean {
  const expected = sign(credentials.signKey, {
    method,
    path,
    params,
    timestamp: headers.timestamp ?? '',
    nonce: headers.nonce ?? '',
  });
  return signaturesEqual(expected, headers.authEncryptKey ?? '');
}

describe('signed requests', () => {
  it('makes a 16-byte hex nonce', () => {
    const nonce = randomNonce();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(randomNonce()).not.toBe(nonce);
  });

  it('flattens a GET query before signing and sends exactly what was signed', () => {
    const req = prepareRequest(
      'GET',
      Paths.subjectList,
      { ztId: 5, codes: ['101', '102'], filter: { a: 1 }, none: undefined },
      common,
      credentials,
    );
    expect(req.params).toEqual({
      ztId: '5',
      codes: '101,102',
      filter: '{"a":1}',
      originUrl: '/home',
      version: '0.1.0',
      timestamp: common.timestamp,
      financialInstitution: '3',
    });
    expect(req.headers.token).toBe('tok-123');
    expect(req.headers.Authorization).toBe('Bearer tok-123');
    expect(req.headers.timestamp).toBe(common.timestamp);
    expect(req.headers.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(verify(req.params ?? {}, req.headers)).toBe(true);
  });

  it('signs the top-level fields of a POST body with the common params', () => {
    const req = prepareRequest('POST', Paths.setUserZtLevel, { ztId: 2, year: 2026 }, common, credentials);
    expect(req.data).toEqual({
      ztId: 2,
      year: 2026,
      originUrl: '/home',
      version: '0.1.0',
      timestamp: common.timestamp,
      financialInstitution: 3,
    });
    expect(verify(req.data as Record<string, unknown>, req.headers, 'POST', Paths.setUserZtLevel)).toBe(true);
    expect(verify({ ztId: 3, year: 2026 }, req.headers, 'POST', Paths.setUserZtLevel)).toBe(false);
    // The same parameters under another method or path are not covered.
    expect(verify(req.data as Record<string, unknown>, req.headers, 'DELETE', Paths.setUserZtLevel)).toBe(false);
    expect(verify(req.data as Record<string, unknown>, req.headers, 'POST', Paths.logOut)).toBe(false);
  });

  it('leaves out financialInstitution until it is known', () => {
    const req = prepareRequest('GET', Paths.getInfo, undefined, { ...common, financialInstitution: null }, credentials);
    expect(req.params).not.toHaveProperty('financialInstitution');
    expect(verify(req.params ?? {}, req.headers, 'GET', Paths.getInfo)).toBe(true);
  });

  it('does not sign getValidateCode, logOn and config', () => {
    for (const url of [Paths.getValidateCode, Paths.logOn, Paths.config]) {
      const req = prepareRequest(url === Paths.logOn ? 'POST' : 'GET', url, {}, common, credentials);
      expect(req.headers).toEqual({});
    }
  });

  it('sends no session headers without a token', () => {
    const req = prepareRequest('GET', Paths.getInfo, {}, common, { token: null, signKey: null });
    expect(req.headers).toEqual({});
  });
});
