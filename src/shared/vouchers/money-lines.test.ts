import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_CAP_SIMPLE_FEN } from '../grid/definition.js';
import { formatFen } from '../money.js';
import { MONEY_LINE_LABELS, moneyLineDigits } from './money-lines.js';

describe('金额线', () => {
  it('writes an amount one digit a column, from 亿 to 分', () => {
    expect(MONEY_LINE_LABELS.join('')).toBe('亿千百十万千百十元角分');
    expect(moneyLineDigits(123_456)?.digits).toEqual(['', '', '', '', '', '1', '2', '3', '4', '5', '6']);
    expect(moneyLineDigits(5)?.digits).toEqual(['', '', '', '', '', '', '', '', '0', '0', '5']);
    expect(moneyLineDigits(-2_50)).toEqual({ digits: ['', '', '', '', '', '', '', '', '2', '5', '0'], negative: true });
  });

  it('leaves zero, empty and amounts beyond 亿 to the caller', () => {
    expect(moneyLineDigits(0)).toBeNull();
    expect(moneyLineDigits(null)).toBeNull();
    expect(moneyLineDigits(1.5)).toBeNull();
    expect(moneyLineDigits(MONEY_CAP_SIMPLE_FEN)?.digits.join('')).toBe('99999999999');
    expect(moneyLineDigits(MONEY_CAP_SIMPLE_FEN + 1)).toBeNull();
  });

  it('reads back as the amount it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MONEY_CAP_SIMPLE_FEN, max: MONEY_CAP_SIMPLE_FEN }), (fen) => {
        const lines = moneyLineDigits(fen);
        if (fen === 0) {
          expect(lines).toBeNull();
          return;
        }
        const digits = lines?.digits.join('') ?? '';
        const yuan = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
        expect(`${lines?.negative ? '-' : ''}${yuan}`).toBe(formatFen(fen, { thousands: false }));
      }),
    );
  });
});
