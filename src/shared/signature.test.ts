import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalString, queryParams, sign, signaturesEqual } from './signature.js';

describe('authEncryptKey signature', () => {
  it('builds the documented canonical string (the README example)', () => {
    const s = canonicalString(
      { year: 2026, ztId: 7, name: '工会', list: [1, 2], skip: undefined, timestamp: 'ignored' },
      '1767225600000',
      'n0nce',
    );
    expect(s).toBe('list=[1,2]&name=工会&nonce=n0nce&timestamp=1767225600000&year=2026&ztId=7');
  });

  it('is HMAC-SHA256 with the sign key, as Node computes it', () => {
    const key = 'ab'.repeat(32);
    const expected = createHmac('sha256', key).update('a=1&nonce=n&timestamp=1').digest('hex');
    expect(sign(key, { a: '1' }, '1', 'n')).toBe(expected);
  });

  it('matches the worked example of the README', () => {
    const key = '0123456789abcdef'.repeat(4);
    expect(canonicalString({ ztId: 2, year: 2026 }, '1795240800000', '9f86d081884c7d65')).toBe(
      'nonce=9f86d081884c7d65&timestamp=1795240800000&year=2026&ztId=2',
    );
    expect(sign(key, { ztId: 2, year: 2026 }, '1795240800000', '9f86d081884c7d65')).toBe(
      'ef4fb7167dce816c7efe45631a750dbaff73d955fd53821fe4c181a53386f418',
    );
  });

  it('changes when any parameter, the timestamp or the nonce changes', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string()),
        fc.string({ minLength: 1 }),
        (params, extra) => {
          const base = sign('k', params, '1', 'n');
          const key = `x${Object.keys(params).join('')}`;
          expect(sign('k', { ...params, [key]: extra }, '1', 'n')).not.toBe(base);
          expect(sign('k', params, '2', 'n')).not.toBe(base);
          expect(sign('k', params, '1', 'm')).not.toBe(base);
        },
      ),
    );
  });

  it('flattens query parameters the way they travel', () => {
    expect(queryParams({ a: 1, b: [1, 2], c: null, d: undefined, e: true })).toEqual({ a: '1', b: '1,2', e: 'true' });
  });

  it('compares signatures exactly', () => {
    expect(signaturesEqual('abc', 'abc')).toBe(true);
    expect(signaturesEqual('abc', 'abd')).toBe(false);
    expect(signaturesEqual('abc', 'ab')).toBe(false);
  });
});
