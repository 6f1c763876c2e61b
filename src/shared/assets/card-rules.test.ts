import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { belowThreshold, splitOpening, thresholdOf } from './card-rules.js';

describe('the fixed-asset threshold', () => {
  it('applies 1000 元 to 通用设备 and 1500 元 to 专用设备, by unit price, and nothing elsewhere', () => {
    expect(thresholdOf(1, '0201')).toBe(100_000);
    expect(thresholdOf(1, '0301')).toBe(150_000);
    expect(thresholdOf(1, '0103')).toBeNull();
    expect(thresholdOf(2, '0201')).toBeNull();
    expect(belowThreshold(1, '0201', 99_999, 1)).toBe(true);
    expect(belowThreshold(1, '0201', 100_000, 1)).toBe(false);
    expect(belowThreshold(1, '0201', 240_000, 2)).toBe(false);
    expect(belowThreshold(1, '0301', 240_000, 2)).toBe(true);
  });

  it('is below exactly when the unit price is below the limit (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('0201', '0301', '0202'),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (code, fen, qty) => {
          const limit = code.startsWith('03') ? 150_000 : 100_000;
          expect(belowThreshold(1, code, fen, qty)).toBe(fen / qty < limit);
        },
      ),
    );
  });
});

describe('splitting a class’s openings over init cards', () => {
  it('keeps the totals to the fen, each accumulated within its card’s cost (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 6 }),
        (cost, provision, shares) => {
          const p = Math.min(provision, cost);
          const cards = splitOpening(cost, p, shares);
          expect(cards.reduce((s, c) => s + c.original, 0)).toBe(cost);
          expect(cards.reduce((s, c) => s + c.accumulated, 0)).toBe(p);
          for (const c of cards) {
            expect(c.original).toBeGreaterThanOrEqual(0);
            expect(c.accumulated).toBeGreaterThanOrEqual(0);
            expect(c.accumulated).toBeLessThanOrEqual(c.original);
          }
        },
      ),
    );
  });
});
