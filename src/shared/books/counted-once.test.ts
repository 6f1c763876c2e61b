import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedOnce } from './counted-once.js';

const chart = [
  { code: '1001', parentCode: null },
  { code: '100101', parentCode: '1001' },
  { code: '10010101', parentCode: '100101' },
  { code: '100102', parentCode: '1001' },
  { code: '1002', parentCode: null },
  { code: '100201', parentCode: '1002' },
] as const;

describe('countedOnce', () => {
  it('adds first-level subjects of a whole chart', () => {
    expect(countedOnce(chart)).toEqual([true, false, false, false, true, false]);
  });

  it('adds the children a filter left alone, and a grandchild whose listed grandparent skips a level', () => {
    const children = chart.filter((r) => r.parentCode !== null);
    expect(countedOnce(children)).toEqual([true, false, true, true]);
    const skipping = [chart[0], chart[2]];
    expect(countedOnce(skipping)).toEqual([true, false]);
  });

  it('counts every leaf amount exactly once, whatever subset is listed', () => {
    // Each subject's amount is the sum of the leaves under it; the counted rows of any subset must
    // add each leaf of the listed subtrees once.
    const leaves = ['10010101', '100102', '100201'];
    const amount = (code: string) => leaves.filter((l) => l.startsWith(code)).reduce((s, l) => s + Number(l), 0);
    fc.assert(
      fc.property(fc.subarray([...chart]), (listed) => {
        const counted = countedOnce(listed);
        const total = listed.reduce((s, r, i) => (counted[i] ? s + amount(r.code) : s), 0);
        const covered = leaves.filter((l) => listed.some((r) => l.startsWith(r.code)));
        expect(total).toBe(covered.reduce((s, l) => s + Number(l), 0));
      }),
    );
  });
});
