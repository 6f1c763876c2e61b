import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZT_CODE_MAX, ztCodeProblem, ztNameProblem } from './ledger-set-rules.js';

describe('ledger-set code rule', () => {
  it('takes exactly the digit strings that extend the upper unit’s code, up to the length limit', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(digits, fc.option(digits, { nil: null }), (code, upper) => {
        const extends_ = upper === null || (code.startsWith(upper) && code.length > upper.length);
        expect(ztCodeProblem(code, upper) === null).toBe(extends_ && code.length <= ZT_CODE_MAX);
        if (upper !== null) expect(ztCodeProblem(upper + code, upper)).toBeNull();
      }),
    );
  });

  it('refuses what is not digits, and says why', () => {
    expect(ztCodeProblem('', null)).toBe('请输入账套编码');
    expect(ztCodeProblem('00A', null)).toBe('账套编码只能是数字');
    expect(ztCodeProblem(' 001', null)).toBe('账套编码只能是数字');
    expect(ztCodeProblem('1'.repeat(ZT_CODE_MAX + 1), null)).toBe(`账套编码最多${ZT_CODE_MAX}位`);
    expect(ztCodeProblem('001', '001')).toBe('账套编码须以上级单位的编码 001 开头，并至少多一位（如 001001）');
  });
});

describe('ledger-set name rule', () => {
  it('takes 1 to 60 characters without control characters or angle brackets', () => {
    expect(ztNameProblem('')).toBe('请输入账套名称');
    expect(ztNameProblem('示范市总工会')).toBeNull();
    expect(ztNameProblem('工'.repeat(60))).toBeNull();
    expect(ztNameProblem('工'.repeat(61))).toBe('账套名称最多60个字');
    expect(ztNameProblem('a<b')).toBe('账套名称不能含有控制字符或尖括号');
    expect(ztNameProblem('a\tb')).toBe('账套名称不能含有控制字符或尖括号');
  });
});
