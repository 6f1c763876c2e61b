import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalString, queryParams, receivedPath, requestPath, sign, signaturesEqual } from './signature.js';

const call = (params: Record<string, unknown>, timestamp = '1', nonce = 'n', method = 'GET', path = '/api/x') => ({
  method,
  path,
  params,
  timestamp,
  nonce,
});

describe('authEncryptKey signature', () => {
  it('builds the documented canonical string: method, path, then the sorted parameters', () => {
    const s = canonicalString({
      method: 'post',
      path: '/account/api/certificate',
      params: { year: 2026, ztId: 7, name: '工会', list: [1, 2], skip: undefined, timestamp: 'ignored' },
      timestamp: '1767225600000',
      nonce: 'n0nce',
    });
    expect(s).toBe('POST\n/account/api/certificate\nlist=[1,2]&name=工会&nonce=n0nce&timestamp=1767225600000&year=2026&ztId=7');
  });

  it('is HMAC-SHA256 with the sign key, as Node computes it', () => {
    const key = 'ab'.repeat(32);
    const expected = createHmac('sha256', key).update('GET\n/api/x\na=1&nonce=n&timestamp=1').digest('hex');
    expect(sign(key, call({ a: '1' }))).toBe(expected);
  });

  it('matches the worked example of the README', () => {
    const key = '0123456789abcdef'.repeat(4);
    const example = {
      method: 'GET',
      path: requestPath('/account/api/subject?ztId=2&year=2026'),
      params: { ztId: 2, year: 2026 },
      timestamp: '1795240800000',
      nonce: '9f86d081884c7d65',
    };
    expect(canonicalString(example)).toBe(
      'GET\n/account/api/subject\nnonce=9f86d081884c7d65&timestamp=1795240800000&year=2026&ztId=2',
    );
    expect(sign(key, example)).toBe('606325b63ecfaa050c6fe7597dced280a80b67dea578b67a0ea88d6c5d1c45da');
  });

  it('changes when any parameter, the timestamp, the nonce, the method or the path changes', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string()),
        fc.string({ minLength: 1 }),
        (params, extra) => {
          const base = sign('k', call(params));
          const key = `x${Object.keys(params).join('')}`;
          expect(sign('k', call({ ...params, [key]: extra }))).not.toBe(base);
          expect(sign('k', call(params, '2'))).not.toBe(base);
          expect(sign('k', call(params, '1', 'm'))).not.toBe(base);
          expect(sign('k', call(params, '1', 'n', 'DELETE'))).not.toBe(base);
          expect(sign('k', call(params, '1', 'n', 'GET', '/account/api/x'))).not.toBe(base);
        },
      ),
    );
  });

  it('signs the method in upper case', () => {
    expect(sign('k', call({}, '1', 'n', 'delete'))).toBe(sign('k', call({}, '1', 'n', 'DELETE')));
  });

  it('takes the path as it travels: without the query, percent-encoded as the URL parser writes it', () => {
    expect(requestPath('/account/api/subject?ztId=2')).toBe('/account/api/subject');
    expect(requestPath('/files/api/x/凭证 1.pdf')).toBe('/files/api/x/%E5%87%AD%E8%AF%81%201.pdf');
    expect(requestPath('http://127.0.0.1:8080/api/auth/getInfo?a=1')).toBe('/api/auth/getInfo');
    // What the server reads off the request line is the same string.
    expect(receivedPath('/files/api/x/%E5%87%AD%E8%AF%81%201.pdf?a=%20')).toBe('/files/api/x/%E5%87%AD%E8%AF%81%201.pdf');
    expect(receivedPath('/account/api/subject')).toBe('/account/api/subject');
    expect(receivedPath('http://proxy.example/account/api/subject?x=1')).toBe('/account/api/subject');
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
