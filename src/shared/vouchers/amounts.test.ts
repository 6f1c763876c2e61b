import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_CAP_FEN, MONEY_MESSAGES } from '../money.js';
import { fenToYuan, optionalYuanToFen, yuanToFen } from './amounts.js';

describe('yuanToFen', () => {
  it.each([
    [1234.5, 123450],
    ['1234.50', 123450],
    [0.01, 1],
    ['0.1', 10],
    [-12.34, -1234],
    [99999999999.99, MONEY_CAP_FEN],
    ['99999999999.99', MONEY_CAP_FEN],
  ])('%s yuan is %d fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toEqual({ ok: true, fen });
  });

  it.each([
    [0.1 + 0.2, MONEY_MESSAGES.decimals],
    ['1.234', MONEY_MESSAGES.decimals],
    [1.005, MONEY_MESSAGES.decimals],
    [1e-7, MONEY_MESSAGES.decimals],
    ['100000000000.00', MONEY_MESSAGES.cap(MONEY_CAP_FEN)],
    [1e21, MONEY_MESSAGES.cap(MONEY_CAP_FEN)],
    ['abc', MONEY_MESSAGES.format],
    [Number.NaN, MONEY_MESSAGES.format],
    [Number.POSITIVE_INFINITY, MONEY_MESSAGES.format],
  ])('%s is refused: %s', (yuan, message) => {
    expect(yuanToFen(yuan)).toEqual({ ok: false, message });
  });

  it('refuses what is neither number nor string', () => {
    expect(yuanToFen(true as unknown as string).ok).toBe(false);
  });

  it('round-trips every fen amount within the cap through fenToYuan', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MONEY_CAP_FEN, max: MONEY_CAP_FEN }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toEqual({ ok: true, fen: fen === 0 ? 0 : fen });
        expect(yuanToFen(String(fenToYuan(fen)))).toEqual({ ok: true, fen: fen === 0 ? 0 : fen });
      }),
    );
  });
});

describe('optionalYuanToFen', () => {
  it('reads null, undefined, empty and zero as no amount', () => {
    for (const v of [null, undefined, '', '  ', 0, '0.00']) expect(optionalYuanToFen(v)).toEqual({ ok: true, fen: null });
  });
  it('converts and refuses like yuanToFen otherwise', () => {
    expect(optionalYuanToFen('2.5')).toEqual({ ok: true, fen: 250 });
    expect(optionalYuanToFen('2.555').ok).toBe(false);
  });
});

describe('fenToYuan', () => {
  it('gives the two-decimal yuan number', () => {
    expect(fenToYuan(123450)).toBe(1234.5);
    expect(fenToYuan(-1)).toBe(-0.01);
    expect(fenToYuan(MONEY_CAP_FEN)).toBe(99999999999.99);
  });
  it('refuses a non-integer', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });
});
