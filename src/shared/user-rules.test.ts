import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginNameProblem, normaliseLogin, normalisePhone, phoneProblem } from './user-rules.js';

describe('the rules of a user record', () => {
  it('accepts mainland mobiles, with spaces or dashes typed inside, and landlines with their area code', () => {
    for (const ok of [
      '13800138000',
      '199 1234 5678',
      '138-0013-8000',
      '010-12345678',
      '0571-87654321',
      '075588888888',
      '010-12345678-123',
      '',
    ])
      expect(phoneProblem(ok), ok).toBeNull();
    for (const bad of ['12345678901', '1380013800', '138001380001', '12345', '010-123', '+8613800138000', 'abc'])
      expect(phoneProblem(bad), bad).toContain('联系电话');
    expect(normalisePhone('１３８ ００１３ ８０００')).toBe('13800138000');
  });

  it('every 11-digit number starting 13-19 is a mobile; starting 10-12 is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 19 }), fc.integer({ min: 0, max: 999_999_999 }), (head, tail) => {
        const phone = `${head}${String(tail).padStart(9, '0')}`;
        expect(phoneProblem(phone) === null).toBe(head >= 13);
      }),
    );
  });

  it('normalises a login name as the sign-in box does, and refuses spaces and symbols inside', () => {
    expect(normaliseLogin(' ｋｕａｉｊｉ\u200b ')).toBe('kuaiji');
    expect(loginNameProblem('李会计')).toBeNull();
    expect(loginNameProblem('li.kj@union-1')).toBeNull();
    expect(loginNameProblem('li kj')).toContain('只能包含');
    expect(loginNameProblem('x')).toContain('长度');
    expect(loginNameProblem('x'.repeat(33))).toContain('长度');
  });
});
