import { describe, expect, it } from 'vitest';
import { government2017 } from '../templates/charts/index.js';
import { openingBalanceGridMidYear } from '../grids/opening-balance.js';
import { openingRowsOf } from '../grids/test-rows.js';
import type { GridDefinition } from '../src/shared/grid/definition.js';
import { createGridEngine } from './engine.js';
import { evaluateTotals } from './evaluate.js';

interface Row {
  readonly rowId: string;
  readonly [key: string]: unknown;
  a: number;
  b: number | null;
}

const def = {
  id: 'evaluate-test',
  title: 't',
  fields: [
    { id: 'a', header: 'a', kind: 'money' },
    { id: 'b', header: 'b', kind: 'integer' },
  ],
  totals: [
    { id: 'sum', label: '', expression: 'SUM(a) + SUM(b)' },
    { id: 'big', label: '', expression: 'SUM(a)', rows: (r) => r.a > 1 },
    { id: 'mix', label: '', expression: '(sum - big) * 2 / 4 + -MAX(a, 10) + ABS(0 - 3) + MIN(b)' },
    { id: 'custom', label: '', expression: 'LEN(RMB_UPPER(sum))' },
    { id: 'bare', label: '', expression: 'a + 1' },
    { id: 'unknown', label: '', expression: 'SUM(zzz)' },
  ],
  commands: [],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: 't', title: 't', totalsAsFormulas: true },
} satisfies GridDefinition<Row>;

const rows: Row[] = [
  { rowId: '1', a: 1, b: 5 },
  { rowId: '2', a: 2, b: null },
  { rowId: '3', a: 4, b: 7 },
];

describe('evaluateTotals', () => {
  it('evaluates sums, filters, totals over totals and arithmetic like the engine', () => {
    const totals = evaluateTotals(def, rows);
    expect(totals).toMatchObject({ sum: 19, big: 6, mix: (19 - 6) * 0.5 - 10 + 3 + 5 });
    const engine = createGridEngine({ ...def, totals: def.totals.filter((t) => t.id !== 'unknown') }, rows);
    const reference = engine.totals();
    engine.destroy();
    for (const id of ['sum', 'big', 'mix']) expect(totals[id], id).toBe(reference[id]);
  });

  it('is NaN for what it does not cover', () => {
    const totals = evaluateTotals(def, rows);
    expect(totals.custom).toBeNaN();
    expect(totals.bare).toBeNaN();
    expect(totals.unknown).toBeNaN();
  });

  it('matches the engine on the opening-balance grid of the government chart', () => {
    const amounts = Object.fromEntries(government2017.subjects.map((s, i) => [s.code, (i * 7919) % 100_000]));
    const rows = openingRowsOf(government2017, amounts).map((r, i) => ({
      ...r,
      cumuleDebitAmount: i * 3,
      cumuleCreditAmount: i * 2,
    }));
    const engine = createGridEngine(openingBalanceGridMidYear, rows);
    expect(evaluateTotals(openingBalanceGridMidYear, rows)).toEqual(engine.totals());
    engine.destroy();
  });
});
