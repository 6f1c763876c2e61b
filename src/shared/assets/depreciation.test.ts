import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accumulatedThrough, monthIndex, monthlyAmount, provisionFor, type ProvisionBasis } from './depreciation.js';

const basis = (over: Partial<ProvisionBasis> = {}): ProvisionBasis => ({
  originalFen: 1_200_000,
  accumulatedFen: 0,
  lifeMonths: 72,
  activationDate: '2024-06-15',
  depreciates: true,
  ...over,
});

describe('provisionFor', () => {
  it('depreciates from the month of activation (当月增加，当月计提), not before', () => {
    expect(provisionFor(basis(), 2024, 5)).toBe(0);
    // 12,000.00 over 72 months = 166.67 a month (166.666… rounded half up).
    expect(provisionFor(basis(), 2024, 6)).toBe(16_667);
  });

  it('a computer bought in June 2024 for 7,199.99 over 6 years: June–December is 7 months of 100.00', () => {
    const pc = basis({ originalFen: 719_999, activationDate: '2024-06-03' });
    // 719,999 / 72 = 9,999.986 → 10,000 fen a month.
    expect(accumulatedThrough(pc, 2024, 12)).toBe(70_000);
  });

  it('does not depreciate in the month the asset leaves, nor after', () => {
    const left = basis({ leftMonthIndex: monthIndex(2024, 9) });
    expect(provisionFor(left, 2024, 8)).toBe(16_667);
    expect(provisionFor(left, 2024, 9)).toBe(0);
  });

  it('never depreciates an exempt category or a life of 0', () => {
    expect(provisionFor(basis({ depreciates: false }), 2024, 7)).toBe(0);
    expect(provisionFor(basis({ lifeMonths: 0 }), 2024, 7)).toBe(0);
  });

  it('over the whole life the provisions equal the original value to the fen, whatever the rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000_000 }), fc.integer({ min: 1, max: 600 }), (originalFen, lifeMonths) => {
        const b = { originalFen, lifeMonths, activationDate: '2022-03-31', depreciates: true };
        let accumulated = 0;
        let months = 0;
        for (let i = 0; i < lifeMonths + 12; i++) {
          const year = 2022 + Math.floor((2 + i) / 12);
          const month = ((2 + i) % 12) + 1;
          const amount = provisionFor({ ...b, accumulatedFen: accumulated }, year, month);
          expect(amount).toBeGreaterThanOrEqual(0);
          if (amount > 0) months++;
          accumulated += amount;
        }
        expect(accumulated).toBe(originalFen);
        expect(months).toBeLessThanOrEqual(lifeMonths);
        // Every month but the last is the rounded straight line.
        expect(monthlyAmount(originalFen, lifeMonths)).toBe(Math.round(originalFen / lifeMonths));
      }),
    );
  });

  it('a card keyed with depreciation already accumulated goes on, never past its original value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 240 }),
        fc.integer({ min: 0, max: 100 }),
        (originalFen, lifeMonths, percent) => {
          const accumulatedFen = Math.floor((originalFen * percent) / 100);
          const amount = provisionFor(
            { originalFen, lifeMonths, accumulatedFen, activationDate: '2020-01-01', depreciates: true },
            2024,
            1,
          );
          expect(amount + accumulatedFen).toBeLessThanOrEqual(originalFen);
          expect(amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
