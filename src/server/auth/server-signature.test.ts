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
        const timestamp = String(Date.now() + i);
        const nonce = randomBytes(16).toString('hex');
        expect(serverSign(key, params, timestamp, nonce)).toBe(sign(key, params, timestamp, nonce));
      }
    }
  });

  it('differs when a parameter, the key or the nonce differs', () => {
    const base = serverSign('k', { a: 1 }, '1', 'nonce-000');
    expect(serverSign('k', { a: 2 }, '1', 'nonce-000')).not.toBe(base);
    expect(serverSign('k2', { a: 1 }, '1', 'nonce-000')).not.toBe(base);
    expect(serverSign('k', { a: 1 }, '1', 'nonce-001')).not.toBe(base);
  });
});
