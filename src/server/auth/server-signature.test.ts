import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sign } from '../../shared/signature.js';
import { serverSign } from './server-signature.js';

describe('serverSign', () => {
  it('gives the bytes the shared (client) sign gives, Chinese text, numbers, nesting and nulls included', () => {
    const samples: Record<string, unknown>[] = [
      {},
      { ztId: 3, year: 2026 },
      {
        year: 2026,
        certiDetails: [
          { summary: '职工培训费 “引号” \\ 反斜杠', subjectCode: '50101', debitAmount: '100.25', creditAmount: null },
        ],
        remark: 'émoji 😀',
        flag: true,
        nothing: null,
        skipped: undefined,
      },
    ];
    for (const params of samples) {
      for (let i = 0; i < 5; i++) {
        const key = randomBytes(32).toString('hex');
        const call = {
          method: i % 2 ? 'POST' : 'GET',
          path: '/account/api/%E5%87%AD%E8%AF%81',
          params,
          timestamp: String(Date.now() + i),
          nonce: randomBytes(16).toString('hex'),
        };
        expect(serverSign(key, call)).toBe(sign(key, call));
      }
    }
  });

  it('differs when a parameter, the key, the nonce, the method or the path differs', () => {
    const call = { method: 'GET', path: '/api/a', params: { a: 1 }, timestamp: '1', nonce: 'nonce-000' };
    const base = serverSign('k', call);
    expect(serverSign('k', { ...call, params: { a: 2 } })).not.toBe(base);
    expect(serverSign('k2', call)).not.toBe(base);
    expect(serverSign('k', { ...call, nonce: 'nonce-001' })).not.toBe(base);
    expect(serverSign('k', { ...call, method: 'DELETE' })).not.toBe(base);
    expect(serverSign('k', { ...call, path: '/api/b' })).not.toBe(base);
  });
});
