import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseLoginName, throttleKeyOf } from './login-name.js';

describe('login names', () => {
  it('trims, folds full width to ASCII and drops invisible characters', () => {
    expect(normaliseLoginName('  kuaiji\t')).toBe('kuaiji');
    expect(normaliseLoginName('\u3000ｋｕａｉｊｉ１')).toBe('kuaiji1');
    expect(normaliseLoginName('kuai\u200bji\ufeff')).toBe('kuaiji');
    expect(normaliseLoginName('张三')).toBe('张三');
    expect(normaliseLoginName('Admin')).toBe('Admin');
  });

  it('counts every spelling of a name under one key', () => {
    expect(new Set(['admin', ' Admin ', 'ＡＤＭＩＮ', 'ad\u200bmin'].map(throttleKeyOf))).toEqual(new Set(['admin']));
  });

  it('is stable: a normalised name normalises to itself, and padding never changes the key', () => {
    const pad = fc.constantFrom('', ' ', '\t', '\u3000', '\u200b', '\ufeff', '\n');
    fc.assert(
      fc.property(fc.string(), pad, pad, (name, left, right) => {
        const once = normaliseLoginName(name);
        expect(normaliseLoginName(once)).toBe(once);
        expect(throttleKeyOf(left + name + right)).toBe(throttleKeyOf(name));
      }),
    );
  });
});
