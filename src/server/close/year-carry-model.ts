/**
 * An independent model of the year carry for its property test: two years' charts as a user's
 * calls leave them, the vouchers' balances per subject and auxiliary key, and what a carry must
 * write or why it must refuse. Written apart from close/carry-plan.ts and in other terms (a
 * balance's receiver is the first enabled last-level subject at or under its code, in code order),
 * so the two can check each other.
 */

export interface ModelSubject {
  code: string;
  parent: string | null;
  /** 1 借, 2 贷. */
  direction: number;
  types: string[];
  enable: boolean;
  standard: boolean;
}

export type ModelChart = Map<string, ModelSubject>;

/** Debit minus credit per subject, then per auxiliary key. */
export type ModelBalances = Map<string, Map<string, number>>;

export const hasChildren = (chart: ModelChart, code: string): boolean => [...chart.values()].some((s) => s.parent === code);

export function copyChart(chart: ModelChart): ModelChart {
  return new Map([...chart].map(([code, s]) => [code, { ...s, types: [...s.types] }]));
}

/** The canonical key of a line's items: `TYPE:info` pairs sorted by type, joined with `|`. */
export function keyOfItems(items: readonly { typeNo: string; infoNo: string }[]): string {
  return [...items]
    .sort((a, b) => (a.typeNo < b.typeNo ? -1 : a.typeNo > b.typeNo ? 1 : 0))
    .map((i) => `${i.typeNo}:${i.infoNo}`)
    .join('|');
}

export function addBalance(balances: ModelBalances, code: string, key: string, debitMinusCredit: number): void {
  const byKey = balances.get(code) ?? new Map<string, number>();
  byKey.set(key, (byKey.get(key) ?? 0) + debitMinusCredit);
  balances.set(code, byKey);
}

export interface ExpectedCarry {
  /** Codes the refusal must name (empty: the carry succeeds). */
  refusedFor: string[];
  /** Next year's chart after the carry. */
  merged: ModelChart;
  /** Non-zero openings in each receiver's direction: `code` without items, `code#key` per item. */
  openings: Map<string, number>;
}

function enabledWithAncestors(chart: ModelChart, code: string): boolean {
  for (let s = chart.get(code); s; s = s.parent ? chart.get(s.parent) : undefined) if (!s.enable) return false;
  return true;
}

export function expectCarry(
  thisChart: ModelChart,
  nextChart: ModelChart,
  closing: ModelBalances,
  nextUsed: ReadonlySet<string>,
): ExpectedCarry {
  const merged = copyChart(nextChart);
  const copied = [...thisChart.values()].filter((s) => !nextChart.has(s.code));
  for (const s of copied) merged.set(s.code, { ...s, types: [...s.types] });
  for (const s of copied) merged.set(s.code, { ...s, types: [...s.types], enable: enabledWithAncestors(merged, s.code) });
  for (const s of merged.values()) if (hasChildren(merged, s.code)) s.types = [];

  const refused = new Set<string>();
  for (const s of nextChart.values())
    if (!hasChildren(nextChart, s.code) && hasChildren(merged, s.code) && nextUsed.has(s.code)) refused.add(s.code);

  const leaves = [...merged.values()].filter((s) => !hasChildren(merged, s.code)).sort((a, b) => (a.code < b.code ? -1 : 1));
  const isUnder = (code: string, root: string): boolean => {
    for (let s = merged.get(code); s; s = s.parent ? merged.get(s.parent) : undefined) if (s.code === root) return true;
    return false;
  };
  const openings = new Map<string, number>();
  for (const [code, byKey] of closing) {
    for (const [key, debitMinusCredit] of byKey) {
      if (debitMinusCredit === 0) continue;
      const receiver = leaves.find((l) => isUnder(l.code, code) && enabledWithAncestors(merged, l.code));
      if (!receiver) {
        refused.add(code);
        continue;
      }
      const amount = receiver.direction === 2 ? -debitMinusCredit : debitMinusCredit;
      let slot = receiver.code;
      if (receiver.types.length > 0) {
        const items =
          key === '' ? [] : key.split('|').map((p) => ({ typeNo: p.split(':')[0] ?? '', infoNo: p.split(':')[1] ?? '' }));
        const kept = items.filter((i) => receiver.types.includes(i.typeNo));
        if (kept.length !== receiver.types.length) {
          refused.add(code);
          continue;
        }
        slot = `${receiver.code}#${keyOfItems(kept)}`;
      }
      openings.set(slot, (openings.get(slot) ?? 0) + amount);
    }
  }
  for (const [slot, amount] of openings) if (amount === 0) openings.delete(slot);
  return { refusedFor: [...refused], merged, openings };
}
