import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_CAP_SIMPLE_FEN } from './grid/definition.js';
import {
  MONEY_CAP_FEN,
  allocateByRatios,
  assertSafeFen,
  fenToYuanString,
  formatFen,
  parseAmount,
  roundHalfUpToFen,
} from './money.js';

const fen = (text: string, cap = MONEY_CAP_FEN) => {
  const r = parseAmount(text, cap);
  return r.ok ? r.fen : r.message;
};

describe('parseAmount', () => {
  it.each([
    ['0', 0],
    ['1', 100],
    ['1.5', 150],
    ['1.05', 105],
    ['-12.34', -1234],
    ['.5', 50],
    ['5.', 500],
    ['  7.10 ', 710],
    ['1,234.56', 123456],
    ['1,234,567', 123456700],
    ['-0', 0],
    ['-0.00', 0],
    ['007.5', 750],
    ['１２３．４', 12340],
    ['99999999999.99', MONEY_CAP_FEN],
    ['-99999999999.99', -MONEY_CAP_FEN],
  ])('%s is %d fen', (text, expected) => {
    expect(fen(text)).toBe(expected);
  });

  it.each(['', ' ', '-', '.', '1.2.3', '1e5', 'abc', '+1', '--1', '1-', '12,34', '1,2345', ',123', '1 000', '¥1', '0x10'])(
    'rejects %j as a bad format',
    (text) => {
      expect(fen(text)).toBe('金额格式不正确');
    },
  );

  it('rejects extra decimals instead of rounding them away', () => {
    expect(fen('1.005')).toBe('金额最多两位小数');
    expect(fen('1.230')).toBe('金额最多两位小数');
    expect(fen('-0.001')).toBe('金额最多两位小数');
  });

  it('applies the cap to the absolute value', () => {
    expect(fen('100000000000')).toBe('金额不能超过99,999,999,999.99');
    expect(fen('-100000000000')).toBe('金额不能超过99,999,999,999.99');
    expect(fen('999999999.99', MONEY_CAP_SIMPLE_FEN)).toBe(MONEY_CAP_SIMPLE_FEN);
    expect(fen('1000000000', MONEY_CAP_SIMPLE_FEN)).toBe('金额不能超过999,999,999.99');
    expect(fen('123456789012345678901234567890')).toBe('金额不能超过99,999,999,999.99');
  });

  it('parses what it formats (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MONEY_CAP_FEN, max: MONEY_CAP_FEN }), fc.boolean(), (x, thousands) => {
        expect(parseAmount(formatFen(x, { thousands }), MONEY_CAP_FEN)).toEqual({ ok: true, fen: x === 0 ? 0 : x });
      }),
    );
  });

  it('never accepts more than the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_CAP_FEN }),
        fc.integer({ min: -MONEY_CAP_FEN * 2, max: MONEY_CAP_FEN * 2 }),
        (cap, x) => {
          const r = parseAmount(fenToYuanString(x), cap);
          expect(r.ok).toBe(Math.abs(x) <= cap);
        },
      ),
    );
  });
});

describe('formatFen and fenToYuanString', () => {
  it('formats 0,0.00', () => {
    expect(formatFen(123450)).toBe('1,234.50');
    expect(formatFen(-123456789)).toBe('-1,234,567.89');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(-5)).toBe('-0.05');
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(123450, { thousands: false })).toBe('1234.50');
    expect(fenToYuanString(-100000)).toBe('-1000.00');
  });

  it('refuses non-integers', () => {
    expect(() => formatFen(1.5)).toThrow(RangeError);
  });
});

describe('assertSafeFen', () => {
  it('accepts safe integers only', () => {
    expect(() => assertSafeFen(Number.MAX_SAFE_INTEGER)).not.toThrow();
    for (const bad of [Number.MAX_SAFE_INTEGER + 1, 0.5, NaN, Infinity, '1', null, 1n]) {
      expect(() => assertSafeFen(bad)).toThrow(RangeError);
    }
  });
});

describe('roundHalfUpToFen', () => {
  it.each([
    [1.005, 101],
    [1.004, 100],
    [-1.005, -101],
    [-1.004, -100],
    [0.125, 13],
    [2.675, 268],
    ['1234.565', 123457],
    ['-0.005', -1],
    ['0.0049', 0],
    [1e-7, 0],
    [1.5e3, 150000],
    ['10', 1000],
  ])('%s yuan is %d fen', (yuan, expected) => {
    expect(roundHalfUpToFen(yuan)).toBe(expected);
  });

  it('refuses what is not a number', () => {
    expect(() => roundHalfUpToFen('abc')).toThrow(RangeError);
    expect(() => roundHalfUpToFen(NaN)).toThrow(RangeError);
    expect(() => roundHalfUpToFen(1e30)).toThrow(RangeError);
  });
});

describe('allocateByRatios', () => {
  it('rounds each line half-up and gives the last line the remainder', () => {
    expect(allocateByRatios(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(allocateByRatios(1005, [0.5, 0.5])).toEqual([503, 502]);
    expect(allocateByRatios(-1005, [0.5, 0.5])).toEqual([-503, -502]);
    expect(allocateByRatios(10000, [60, 30, 10])).toEqual([6000, 3000, 1000]);
    expect(allocateByRatios(100, [33.3, 66.7])).toEqual([33, 67]);
    expect(allocateByRatios(15, [0.3, 0.7])).toEqual([5, 10]);
    expect(allocateByRatios(7, [0, 1])).toEqual([0, 7]);
    expect(allocateByRatios(7, [1, 0])).toEqual([7, 0]);
  });

  it('refuses bad ratios', () => {
    expect(() => allocateByRatios(100, [])).toThrow(RangeError);
    expect(() => allocateByRatios(100, [0, 0])).toThrow(RangeError);
    expect(() => allocateByRatios(100, [-1, 2])).toThrow(RangeError);
    expect(() => allocateByRatios(100, [NaN])).toThrow(RangeError);
  });

  it('sums exactly to the total (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MONEY_CAP_FEN, max: MONEY_CAP_FEN }),
        fc
          .array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 8 })
          .filter((r) => r.some((x) => x > 0)),
        (total, ratios) => {
          const lines = allocateByRatios(total, ratios);
          expect(lines).toHaveLength(ratios.length);
          expect(lines.reduce((a, b) => a + b, 0)).toBe(total);
          for (const line of lines) expect(Number.isSafeInteger(line)).toBe(true);
        },
      ),
    );
  });

  it('keeps every line but the last within half a fen of its exact share (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_00 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 6 }),
        (total, ratios) => {
          const sum = ratios.reduce((a, b) => a + b, 0);
          const lines = allocateByRatios(total, ratios);
          lines.slice(0, -1).forEach((line, i) => {
            expect(Math.abs(line - (total * (ratios[i] ?? 0)) / sum)).toBeLessThanOrEqual(0.5 + 1e-9);
          });
        },
      ),
    );
  });
});
