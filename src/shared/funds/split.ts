/**
 * Splitting a receipt by its unit's ratios (spec: "funds entry splits the amount by the ratios;
 * the last line takes the remainder; the this-level line rounds to 2 decimals, half-up at the
 * third digit").
 *
 * Each share is amount × its ratio ÷ the base, rounded half-up to the fen (away from zero for a
 * negative amount, so a reversal mirrors its receipt); the last share with a ratio takes the
 * remainder, so the shares add up to the amount exactly. A share whose ratio is 0 is 0 and never
 * takes a remainder. The collection fee is amount × fee ratio of the whole, rounded the same way;
 * it is deducted from what the bank receives, not from the shares.
 */
import { allocateByRatios, assertSafeFen } from '../money.js';
import { SHARE_KINDS, WHOLE_PPM, type RatioSet, type ShareKind } from './ratios.js';

export interface Split {
  readonly shares: Readonly<Record<ShareKind, number>>;
  readonly collectionFee: number;
  /** What the counterpart (bank) subject receives: the amount less the collection fee. */
  readonly net: number;
}

export function splitReceipt(amountFen: number, ratios: RatioSet): Split {
  assertSafeFen(amountFen);
  const kinds = SHARE_KINDS.filter((k) => ratios.sharesPpm[k] > 0);
  if (kinds.length === 0) throw new RangeError('经费比例没有配置');
  const amounts = allocateByRatios(
    amountFen,
    kinds.map((k) => ratios.sharesPpm[k]),
  );
  const shares = Object.fromEntries(SHARE_KINDS.map((k) => [k, 0])) as Record<ShareKind, number>;
  kinds.forEach((k, i) => {
    shares[k] = amounts[i] ?? 0;
  });
  const collectionFee = feeOf(amountFen, ratios.collectionFeePpm);
  return { shares, collectionFee, net: amountFen - collectionFee };
}

function feeOf(amountFen: number, feePpm: number): number {
  if (feePpm === 0) return 0;
  const total = BigInt(amountFen);
  const abs = total < 0n ? -total : total;
  const product = abs * BigInt(feePpm);
  const whole = BigInt(WHOLE_PPM);
  let fee = product / whole;
  if ((product % whole) * 2n >= whole) fee += 1n;
  return Number(total < 0n ? -fee : fee);
}
