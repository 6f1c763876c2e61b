/**
 * What a carry into next year does to next year's chart and openings (the December close and the
 * period-switch carry-over), decided before anything is written: pure, so the close can refuse
 * before its backup and a property test can drive it.
 *
 * What must stay true:
 * - Next year's chart after the carry holds every code of either year; a subject with children in
 *   either year is a parent (and keeps no auxiliary types), every other one is last-level. A
 *   subject copied under a disabled subject of next year is disabled too.
 * - Every closing amount lands on an enabled last-level subject of next year: its own code, or,
 *   where that is a parent next year, its first enabled detail in code order (as in 用友 and 金蝶,
 *   the data of a subject passes to its first child), turned into the receiver's balance
 *   direction, its auxiliary key narrowed to the receiver's types.
 * - Where an amount cannot land (every detail disabled, the receiver kept by an auxiliary type the
 *   balance has no item of, a subject next year's vouchers use must become a parent), nothing is
 *   written and each problem is named with the subject and what to do.
 * So per first-level subject, and per auxiliary item where the receiver keeps items, next year's
 * openings equal this year's closing balances, and next year's trial balance stays balanced.
 */
import { CarryMessages } from '../../shared/close/messages.js';
import { auxiKeyOf, parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';

export interface PlanSubject {
  code: string;
  parentCode: string | null;
  lastLevel: boolean;
  enable: boolean;
  /** 1 借, 2 贷. */
  direction: number;
  typeNos: readonly string[];
}

export interface CarryInput {
  from: number;
  to: number;
  thisChart: readonly PlanSubject[];
  /** Empty when next year is new. */
  nextChart: readonly PlanSubject[];
  /** Codes that next year's vouchers use. */
  nextUsed: ReadonlySet<string>;
  /** This year's closing balance per subject and auxiliary key ('' without items), in the subject's direction. */
  closing: ReadonlyMap<string, ReadonlyMap<string, number>>;
  typeName: (typeNo: string) => string;
}

export interface CarryPlan {
  /** This year's subjects next year lacks, as they are to be inserted. */
  copied: PlanSubject[];
  /** Subjects of next year whose last-level flag changes (true: becomes last-level). */
  relevelled: Map<string, boolean>;
  /** Next year's chart after the carry. */
  merged: Map<string, PlanSubject>;
  /** Openings of last-level subjects without auxiliary types (in their direction). */
  own: Map<string, number>;
  /** Openings of last-level subjects with auxiliary types, per key. */
  aux: Map<string, Map<string, number>>;
  /** Balances that passed to a detail, for the user's note. */
  moved: { code: string; to: string }[];
  problems: string[];
}

const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

function mergeCharts(input: CarryInput) {
  const next = new Map(input.nextChart.map((s) => [s.code, s]));
  const merged = new Map<string, PlanSubject>(next);
  const copiedCodes = new Set<string>();
  for (const s of input.thisChart) {
    if (next.has(s.code)) continue;
    merged.set(s.code, { ...s });
    copiedCodes.add(s.code);
  }
  const children = new Map<string, string[]>();
  for (const s of [...merged.values()].sort(byCode)) {
    if (s.parentCode === null || !merged.has(s.parentCode)) continue;
    const list = children.get(s.parentCode) ?? [];
    list.push(s.code);
    children.set(s.parentCode, list);
  }
  const disabledAbove = (code: string): boolean => {
    for (let p = merged.get(code)?.parentCode ?? null; p !== null; p = merged.get(p)?.parentCode ?? null) {
      const parent = merged.get(p);
      if (!parent) return false;
      if (!parent.enable) return true;
    }
    return false;
  };
  const relevelled = new Map<string, boolean>();
  for (const s of [...merged.values()]) {
    const leaf = !children.has(s.code);
    const copied = copiedCodes.has(s.code);
    if (!copied && leaf !== s.lastLevel) relevelled.set(s.code, leaf);
    merged.set(s.code, {
      ...s,
      lastLevel: leaf,
      typeNos: leaf ? s.typeNos : [],
      enable: copied && disabledAbove(s.code) ? false : s.enable,
    });
  }
  const copied = [...copiedCodes].sort().map((code) => merged.get(code) as PlanSubject);
  return { merged, children, relevelled, copied };
}

export function planCarry(input: CarryInput): CarryPlan {
  const { from, to } = input;
  const { merged, children, relevelled, copied } = mergeCharts(input);
  const problems = new Set<string>();
  for (const [code, leaf] of relevelled) {
    if (!leaf && input.nextUsed.has(code)) {
      const child = children.get(code)?.[0] ?? '';
      problems.add(CarryMessages.usedBecomesParent(from, to, code, child));
    }
  }

  const firstEnabledLeaf = (code: string): PlanSubject | null => {
    const s = merged.get(code);
    if (!s?.enable) return null;
    const kids = children.get(code);
    if (!kids) return s;
    for (const kid of kids) {
      const found = firstEnabledLeaf(kid);
      if (found) return found;
    }
    return null;
  };

  const thisByCode = new Map(input.thisChart.map((s) => [s.code, s]));
  const own = new Map<string, number>();
  const aux = new Map<string, Map<string, number>>();
  const moved = new Map<string, string>();
  for (const [code, byKey] of [...input.closing].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const source = thisByCode.get(code);
    const target = merged.get(code);
    for (const [key, amount] of byKey) {
      if (amount === 0) continue;
      if (!source || !target) {
        problems.add(CarryMessages.subjectGone(from, code));
        continue;
      }
      const receiver = target.lastLevel ? (target.enable ? target : null) : firstEnabledLeaf(code);
      if (!receiver) {
        problems.add(
          target.lastLevel ? CarryMessages.receiverDisabled(from, to, code) : CarryMessages.detailsDisabled(from, to, code),
        );
        continue;
      }
      const debitMinusCredit = source.direction === 2 ? -amount : amount;
      const value = receiver.direction === 2 ? -debitMinusCredit : debitMinusCredit;
      if (receiver.code !== code) moved.set(code, receiver.code);
      if (receiver.typeNos.length === 0) {
        own.set(receiver.code, (own.get(receiver.code) ?? 0) + value);
        continue;
      }
      const choices = parseAuxiKey(key);
      const kept = receiver.typeNos.map((t) => choices.find((c) => c.typeNo === t));
      if (kept.some((c) => c === undefined)) {
        problems.add(
          CarryMessages.itemsMissing(from, to, {
            code,
            receiver: receiver.code,
            receiverTypes: receiver.typeNos.map(input.typeName),
            sourceTypes: choices.map((c) => input.typeName(c.typeNo)),
          }),
        );
        continue;
      }
      const rows = aux.get(receiver.code) ?? new Map<string, number>();
      const narrowed = auxiKeyOf(kept.filter((c) => c !== undefined));
      rows.set(narrowed, (rows.get(narrowed) ?? 0) + value);
      aux.set(receiver.code, rows);
    }
  }
  for (const rows of aux.values()) for (const [key, value] of rows) if (value === 0) rows.delete(key);
  return {
    copied,
    relevelled,
    merged,
    own,
    aux,
    moved: [...moved].map(([code, toCode]) => ({ code, to: toCode })),
    problems: [...problems],
  };
}
