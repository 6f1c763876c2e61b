import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBJECTS_NAMED, subjectsText } from './messages.js';

const subjects = (n: number) => Array.from({ length: n }, (_, i) => ({ code: String(50101 + i), name: `支出${i + 1}` }));

describe('subjectsText', () => {
  it('names every subject up to ten, by code and name', () => {
    expect(subjectsText(subjects(1))).toBe('50101 支出1');
    expect(subjectsText(subjects(SUBJECTS_NAMED)).split('、')).toHaveLength(SUBJECTS_NAMED);
    expect(subjectsText([{ code: '999', name: '' }])).toBe('999');
  });

  it('names the first ten of a longer list and says how many there are', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (n) => {
        const text = subjectsText(subjects(n));
        const named = n === 0 ? [] : text.replace(/等 \d+ 个科目$/, '').split('、');
        expect(named).toHaveLength(Math.min(n, SUBJECTS_NAMED));
        expect(text.endsWith(`等 ${n} 个科目`)).toBe(n > SUBJECTS_NAMED);
      }),
    );
  });
});
