/**
 * Pure rules of the asset cards (issue 23 §1), shared by the server's checks and the client's questions:
 * the fixed-asset threshold (reference §2.2: 通用设备 unit price ≥ 1000 元, 专用设备 ≥ 1500 元) and the split of a
 * class's openings over cards keyed at initialisation (the demo's and any generated set's).
 */
import { THRESHOLD_ROOTS } from './cards-messages.js';

/** The unit-price threshold (fen) of a fixed-asset category by its code (its root's), or null when none applies. */
export function thresholdOf(assetClass: number, categoryCode: string): number | null {
  if (assetClass !== 1) return null;
  return THRESHOLD_ROOTS[categoryCode.slice(0, 2)] ?? null;
}

/** Whether the card's unit price (original over quantity) falls below its category's threshold. */
export function belowThreshold(assetClass: number, categoryCode: string, originalFen: number, quantity: number): boolean {
  const limit = thresholdOf(assetClass, categoryCode);
  return limit !== null && originalFen < limit * quantity;
}

/**
 * Splits a class's opening cost and accumulated provision (fen) over cards by shares: each card's cost by its share
 * (floored), the last taking the rest, so the totals are exact; each card's accumulated at most its cost.
 */
export function splitOpening(
  costFen: number,
  provisionFen: number,
  shares: readonly number[],
): { original: number; accumulated: number }[] {
  const total = shares.reduce((s, x) => s + x, 0);
  let costLeft = costFen;
  let provisionLeft = Math.min(provisionFen, costFen);
  return shares.map((share, i) => {
    const last = i === shares.length - 1;
    const original = last ? costLeft : Math.floor((costFen * share) / total);
    const accumulated = Math.min(original, last ? provisionLeft : Math.floor((Math.min(provisionFen, costFen) * share) / total));
    costLeft -= original;
    provisionLeft -= accumulated;
    return { original, accumulated };
  });
}
