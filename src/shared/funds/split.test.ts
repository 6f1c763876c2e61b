import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_CAP_FEN } from '../money.js';
import { SHARE_KINDS, WHOLE_PPM, type RatioSet, type ShareKind } from './ratios.js';
import { splitReceipt } from './split.js';

function ratioSet(shares: Partial<Record<ShareKind, number>>, collectionFeePpm = 0): RatioSet {
  const sharesPpm = Object.fromEntries(SHARE_KINDS.map((k) => [k, shares[k] ?? 0])) as Record<ShareKind, number>;
  const basePpm = SHARE_KINDS.reduce((s, k) => s + sharesPpm[k], 0);
  return { basePpm, sharesPpm, collectionFeePpm };
}

/** Exact half-up (away from zero) of amount × ratio ÷ base, the spec's this-level rule, by BigInt. */
function halfUp(amount: number, ratio: number, base: number): number {
  const a = BigInt(Math.abs(amount));
  const p = a * BigInt(ratio);
  let q = p / BigInt(base);
  if ((p % BigInt(base)) * 2n >= BigInt(base)) q += 1n;
  return Number(amount < 0 ? -q : q);
}

const amounts = fc.integer({ min: -MONEY_CAP_FEN, max: MONEY_CAP_FEN }).filter((n) => n !== 0);
const ratioSets = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: WHOLE_PPM }), { minLength: SHARE_KINDS.length, maxLength: SHARE_KINDS.length }),
    fc.integer({ min: 0, max: WHOLE_PPM }),
  )
  .filter(([shares]) => shares.some((s) => s > 0))
  .map(([shares, fee]) => ratioSet(Object.fromEntries(SHARE_KINDS.map((k, i) => [k, shares[i] ?? 0])), fee));

describe('splitReceipt', () => {
  it('splits 10,000.00 by 60/30/10 exactly', () => {
    const split = splitReceipt(1_000_000, ratioSet({ retained: 600_000, superiorOne: 300_000, lower: 100_000 }));
    expect(split.shares).toMatchObject({ retained: 600_000, superiorOne: 300_000, superiorTwo: 0, lower: 100_000 });
    expect(split.net).toBe(1_000_000);
  });

  it('rounds the this-level share half-up at the third decimal and gives the remainder to the last share', () => {
    // 0.05 yuan × 50% = 0.025 → 0.03; the last share takes 0.02.
    const split = splitReceipt(5, ratioSet({ retained: 500_000, superiorOne: 500_000 }));
    expect(split.shares.retained).toBe(3);
    expect(split.shares.superiorOne).toBe(2);
  });

  it('splits by the ratios relative to the upper-remittance base (40% reaching this level)', () => {
    // A lower unit remits 40%: this level 20%, superior one 15%, superior two 5% of the whole.
    const split = splitReceipt(400_000, ratioSet({ retained: 200_000, superiorOne: 150_000, superiorTwo: 50_000 }));
    expect(split.shares).toMatchObject({ retained: 200_000, superiorOne: 150_000, superiorTwo: 50_000 });
  });

  it('never gives a remainder to a share without a ratio', () => {
    const split = splitReceipt(7, ratioSet({ retained: 500_000, superiorOne: 500_000 }));
    expect(split.shares.lower).toBe(0);
    expect(split.shares.smallBusiness).toBe(0);
    expect(split.shares.retained + split.shares.superiorOne).toBe(7);
  });

  it('deducts the collection fee from what the bank receives', () => {
    const split = splitReceipt(100_000, ratioSet({ retained: 1_000_000 }, 15_000));
    expect(split.collectionFee).toBe(1_500);
    expect(split.net).toBe(98_500);
  });

  it('refuses a ratio set with no share', () => {
    expect(() => splitReceipt(100, ratioSet({}))).toThrow('经费比例没有配置');
  });

  it('adds up to the amount to the fen for any amount and ratios', () => {
    fc.assert(
      fc.property(amounts, ratioSets, (amount, ratios) => {
        const { shares, collectionFee, net } = splitReceipt(amount, ratios);
        expect(SHARE_KINDS.reduce((s, k) => s + shares[k], 0)).toBe(amount);
        expect(net + collectionFee).toBe(amount);
        for (const k of SHARE_KINDS) {
          expect(Number.isInteger(shares[k])).toBe(true);
          if (ratios.sharesPpm[k] === 0) expect(shares[k]).toBe(0);
        }
      }),
    );
  });

  it('rounds every share but the last half-up, and the last stays within a fen per share of its exact value', () => {
    fc.assert(
      fc.property(amounts, ratioSets, (amount, ratios) => {
        const { shares } = splitReceipt(amount, ratios);
        const withRatio = SHARE_KINDS.filter((k) => ratios.sharesPpm[k] > 0);
        const last = withRatio[withRatio.length - 1];
        for (const k of withRatio) {
          const exact = halfUp(amount, ratios.sharesPpm[k], ratios.basePpm);
          if (k === last) expect(Math.abs(shares[k] - exact)).toBeLessThanOrEqual(withRatio.length);
          else expect(shares[k]).toBe(exact);
        }
        expect(Math.sign(shares.retained) * Math.sign(amount)).not.toBe(-1);
      }),
    );
  });

  it('mirrors a reversal: the split of −x is the negated split of x', () => {
    fc.assert(
      fc.property(amounts, ratioSets, (amount, ratios) => {
        const a = splitReceipt(amount, ratios);
        const b = splitReceipt(-amount, ratios);
        for (const k of SHARE_KINDS) expect(b.shares[k]).toBe(-a.shares[k] || 0);
        expect(b.collectionFee).toBe(-a.collectionFee || 0);
      }),
    );
  });
});
