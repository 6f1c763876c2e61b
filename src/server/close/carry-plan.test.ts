/**
 * The carry plan against the independent model of the property test, on many random pairs of
 * charts (details added in either year with or without auxiliary types and of either direction,
 * types changed, details disabled or deleted) and random closing balances per auxiliary key:
 * the same refusals, and otherwise the same merged chart and openings; per first-level subject
 * the openings keep the closing balance. Pure and fast, so it runs thousands of cases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planCarry, type PlanSubject } from './carry-plan.js';
import {
  copyChart,
  expectCarry,
  hasChildren,
  keyOfItems,
  type ModelBalances,
  type ModelChart,
  type ModelSubject,
} from './year-carry-model.js';

const ITEMS: Record<string, string[]> = { ZJLY: ['001', '002'], JFHS: ['001001', '002'] };

type Edit =
  | { kind: 'add'; pick: number; types: number; otherSide: boolean }
  | { kind: 'types'; pick: number; types: number }
  | { kind: 'disable'; pick: number }
  | { kind: 'delete'; pick: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), types: fc.nat(4), otherSide: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('types' as const), pick: fc.nat(), types: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('disable' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);

function baseChart(): ModelChart {
  const roots: [string, number][] = [
    ['101', 1],
    ['141', 1],
    ['215', 2],
  ];
  return new Map(
    roots.map(([code, direction]) => [code, { code, parent: null, direction, types: [], enable: true, standard: true }]),
  );
}

const typesOf = (n: number): string[] => [[], ['ZJLY'], ['JFHS', 'ZJLY'], ['JFHS']][n % 4] ?? [];
const leavesOf = (chart: ModelChart) => [...chart.keys()].filter((c) => !hasChildren(chart, c)).sort();

/** Applies the edits as the subject calls would (an edit the calls refuse is one these leave out). */
function edit(chart: ModelChart, edits: readonly Edit[]): void {
  for (const e of edits) {
    const leaves = leavesOf(chart);
    const code = leaves[e.pick % leaves.length] as string;
    const row = chart.get(code);
    if (!row) continue;
    if (e.kind === 'add') {
      if (!row.enable || code.length > 7) continue;
      let child = '';
      for (let i = 1; i <= 99 && !child; i++)
        if (!chart.has(`${code}${String(i).padStart(2, '0')}`)) child = `${code}${String(i).padStart(2, '0')}`;
      const types = e.types === 4 ? row.types : typesOf(e.types);
      chart.set(child, {
        code: child,
        parent: code,
        direction: e.otherSide ? 3 - row.direction : row.direction,
        types: [...types],
        enable: true,
        standard: false,
      });
      row.types = [];
    } else if (e.kind === 'types') row.types = typesOf(e.types);
    else if (e.kind === 'disable') row.enable = false;
    else if (!row.standard) chart.delete(code);
  }
}

const toPlan = (chart: ModelChart): PlanSubject[] =>
  [...chart.values()].map((s) => ({
    code: s.code,
    parentCode: s.parent,
    lastLevel: !hasChildren(chart, s.code),
    enable: s.enable,
    direction: s.direction,
    typeNos: s.types,
  }));

const scenarioArb = fc.record({
  common: fc.array(editArb, { maxLength: 5 }),
  thisYear: fc.array(editArb, { maxLength: 5 }),
  nextYear: fc.array(editArb, { maxLength: 5 }),
  nextIsNew: fc.boolean(),
  amounts: fc.array(
    fc.record({
      pick: fc.nat(),
      items: fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
      fen: fc.integer({ min: -9_999_999, max: 9_999_999 }),
    }),
    {
      maxLength: 8,
    },
  ),
  used: fc.array(fc.nat(), { maxLength: 3 }),
});

describe('carry plan', () => {
  it('agrees with the model: the same refusals, else the same chart and openings, every first-level balance kept', () => {
    let refused = 0;
    let carried = 0;
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const common = baseChart();
        edit(common, s.common);
        const thisChart = copyChart(common);
        edit(thisChart, s.thisYear);
        const nextChart: ModelChart = s.nextIsNew ? new Map<string, ModelSubject>() : copyChart(common);
        if (!s.nextIsNew) edit(nextChart, s.nextYear);

        const closing: ModelBalances = new Map();
        const leaves = leavesOf(thisChart);
        for (const a of s.amounts) {
          const code = leaves[a.pick % leaves.length] as string;
          const items = (thisChart.get(code)?.types ?? []).map((typeNo, i) => {
            const list = ITEMS[typeNo] ?? [];
            return { typeNo, infoNo: list[(a.items[i] ?? 0) % list.length] ?? '' };
          });
          const byKey = closing.get(code) ?? new Map<string, number>();
          const key = keyOfItems(items);
          byKey.set(key, (byKey.get(key) ?? 0) + a.fen);
          closing.set(code, byKey);
        }
        const nextLeaves = leavesOf(nextChart);
        const used = new Set(nextLeaves.length > 0 ? s.used.map((n) => nextLeaves[n % nextLeaves.length] as string) : []);

        const expected = expectCarry(thisChart, nextChart, closing, used);
        // The plan takes closing balances in each subject's own direction.
        const ownDirection = new Map(
          [...closing].map(([code, byKey]) => [
            code,
            new Map([...byKey].map(([key, dmc]) => [key, thisChart.get(code)?.direction === 2 ? -dmc : dmc])),
          ]),
        );
        const plan = planCarry({
          from: 2026,
          to: 2027,
          thisChart: toPlan(thisChart),
          nextChart: toPlan(nextChart),
          nextUsed: used,
          closing: ownDirection,
          typeName: (t) => t,
        });

        if (expected.refusedFor.length > 0) {
          refused++;
          expect(plan.problems.length).toBeGreaterThan(0);
          const said = plan.problems.join('；');
          for (const code of expected.refusedFor) expect(said).toContain(`科目${code}`);
          return;
        }
        carried++;
        expect(plan.problems).toEqual([]);
        const openings = new Map<string, number>();
        for (const [code, amount] of plan.own) if (amount !== 0) openings.set(code, amount);
        for (const [code, rows] of plan.aux) for (const [key, amount] of rows) openings.set(`${code}#${key}`, amount);
        expect(openings).toEqual(expected.openings);
        const shape = (chart: Map<string, { lastLevel: boolean; enable: boolean; typeNos: readonly string[] }>) =>
          [...chart].map(([code, s]) => [code, s.lastLevel, s.enable, [...s.typeNos].sort().join('+')]).sort();
        expect(shape(plan.merged)).toEqual(
          shape(
            new Map(
              [...expected.merged].map(([code, m]) => [
                code,
                { lastLevel: !hasChildren(expected.merged, code), enable: m.enable, typeNos: m.types },
              ]),
            ),
          ),
        );
        // Per first-level subject, debit minus credit: next year's openings equal this year's closing balances.
        const firstLevel = (code: string) => code.slice(0, 3);
        const before = new Map<string, number>();
        for (const [code, byKey] of closing)
          for (const dmc of byKey.values()) before.set(firstLevel(code), (before.get(firstLevel(code)) ?? 0) + dmc);
        const after = new Map<string, number>();
        for (const [slot, amount] of openings) {
          const code = slot.split('#')[0] ?? '';
          const dmc = plan.merged.get(code)?.direction === 2 ? -amount : amount;
          after.set(firstLevel(code), (after.get(firstLevel(code)) ?? 0) + dmc);
        }
        const nonZero = (m: Map<string, number>) => new Map([...m].filter(([, v]) => v !== 0));
        expect(nonZero(after)).toEqual(nonZero(before));
      }),
      { numRuns: 3000, seed: 20260101 },
    );
    expect(refused).toBeGreaterThan(100);
    expect(carried).toBeGreaterThan(1000);
  });
});
