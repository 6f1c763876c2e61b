import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextOpenMonth, workingMonth } from './working-month.js';

describe('the working month', () => {
  it('is the first month from the start month that is not closed, December when all are', () => {
    expect(workingMonth(1, [])).toBe(1);
    expect(workingMonth(1, [1])).toBe(2);
    expect(workingMonth(4, [])).toBe(4);
    expect(workingMonth(1, [1, 2, 3, 5])).toBe(4);
    expect(nextOpenMonth(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe(13);
    expect(workingMonth(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe(12);
  });

  it('is never closed unless the whole year is, and every month before it from the start is closed (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.uniqueArray(fc.integer({ min: 1, max: 12 })), (start, closed) => {
        const m = workingMonth(start, closed);
        expect(m).toBeGreaterThanOrEqual(start);
        for (let k = start; k < m; k++) expect(closed).toContain(k);
        if (closed.includes(m)) expect(nextOpenMonth(start, closed)).toBe(13);
      }),
    );
  });
});
