import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthOfTypedDate } from './voucher-head-date.js';

describe('monthOfTypedDate', () => {
  it('names the month of a real date of the year, and nothing else', () => {
    expect(monthOfTypedDate('2026-03-05', 2026)).toBe(3);
    expect(monthOfTypedDate(' 2026-12-31 ', 2026)).toBe(12);
    expect(monthOfTypedDate('2026-02-29', 2026)).toBeNull();
    expect(monthOfTypedDate('2025-03-05', 2026)).toBeNull();
    expect(monthOfTypedDate('2026-3-5', 2026)).toBeNull();
    expect(monthOfTypedDate('2026-13-01', 2026)).toBeNull();
    expect(monthOfTypedDate('', 2026)).toBeNull();
  });

  it('agrees with the calendar for every day of the year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), (offset) => {
        const day = new Date(Date.UTC(2026, 0, 1 + offset));
        expect(monthOfTypedDate(day.toISOString().slice(0, 10), 2026)).toBe(day.getUTCMonth() + 1);
      }),
    );
  });
});
