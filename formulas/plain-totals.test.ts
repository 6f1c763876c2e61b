import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_DEFINITIONS } from '../grids/index.js';
import type { GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { createGridEngine } from './engine.js';
import { isNumericKind } from './layout.js';
import { createPlainEngine } from './plain-engine.js';
import { plainTotalsPlan, sumTerms } from './plain-totals.js';

type Row = GridRow & { a: number | null; b: number | null; c: number | null; flag: number; name: string };

const FILTERS = [undefined, (r: Row) => r.flag === 1, (r: Row) => r.flag !== 1] as const;

/** Fen as the grids hold them: zero, null, or amounts whose sums stay exact integers. */
const amount = fc.oneof(fc.constant(null), fc.constant(0), fc.integer({ min: -1e12, max: 1e12 }));

const row = (i: number) =>
  fc
    .record({ a: amount, b: amount, c: amount, flag: fc.integer({ min: 0, max: 2 }) })
    .map((r): Row => ({ ...r, rowId: `r${i}`, name: `行${i}` }));

const rowsArb = fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => row(i))));

/** Totals of sums of fields and of earlier totals, each over all rows or a filter. */
const totalsArb = fc
  .array(
    fc.record({
      terms: fc.array(
        fc.record({ sign: fc.constantFrom('+', '-'), ref: fc.oneof(fc.constantFrom('SUM(a)', 'SUM(b)', 'SUM(c)'), fc.nat(5)) }),
        { minLength: 1, maxLength: 4 },
      ),
      filter: fc.nat(FILTERS.length - 1),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((list) =>
    list.map((t, k): TotalDef<Row> => {
      const refs = t.terms.map((term, j) => {
        const ref = typeof term.ref === 'number' ? (k === 0 ? 'SUM(a)' : `t${term.ref % k}`) : term.ref;
        return j === 0 ? `${term.sign === '-' ? '-' : ''}${ref}` : ` ${term.sign} ${ref}`;
      });
      return { id: `t${k}`, label: `合计${k}`, expression: refs.join(''), rows: FILTERS[t.filter] };
    }),
  );

const defWith = (totals: TotalDef<Row>[]): GridDefinition<Row> => ({
  id: 'plain-totals-test',
  title: '合计测试',
  fields: [
    { id: 'name', header: '名称', kind: 'text' },
    { id: 'a', header: '甲', kind: 'money' },
    { id: 'b', header: '乙', kind: 'money' },
    { id: 'c', header: '丙', kind: 'integer' },
    { id: 'flag', header: '标记', kind: 'integer' },
  ],
  totals,
  commands: [],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: 't', title: 't', totalsAsFormulas: true },
});

const edit = fc.record({ row: fc.nat(), field: fc.constantFrom('a', 'b', 'c', 'flag'), value: amount });

describe('plain totals', () => {
  it('reads sums of fields and totals, and leaves every other formula to HyperFormula', () => {
    expect(sumTerms('-SUM(a)')).toEqual([{ sign: -1, kind: 'sum', field: 'a' }]);
    expect(sumTerms('SUM(a) - b + SUM( c )')).toEqual([
      { sign: 1, kind: 'sum', field: 'a' },
      { sign: -1, kind: 'total', id: 'b' },
      { sign: 1, kind: 'sum', field: 'c' },
    ]);
    for (const other of ['LEN(RMB_UPPER(a))', 'SUM(a) * 2', '(a - b)', 'SUM(a, b)', 'MAX(a)', 'a -', '', '--a', '0 - a'])
      expect(sumTerms(other)).toBeNull();
    expect(plainTotalsPlan(defWith([{ id: 't0', label: '', expression: 'SUM(name)' }]))).toBeNull();
    expect(
      plainTotalsPlan(
        defWith([
          { id: 't0', label: '', expression: 't1' },
          { id: 't1', label: '', expression: 't0' },
        ]),
      ),
    ).toBeNull();
  });

  it('takes the plain path for the grids whose totals are sums, never for derived cells', () => {
    const plain = GRID_DEFINITIONS.filter((d) => plainTotalsPlan(d) !== null).map((d) => d.id);
    expect(plain).toEqual(expect.arrayContaining(['voucher', 'voucher-list', 'trial-balance']));
    for (const d of GRID_DEFINITIONS) if ((d.derived ?? []).length > 0) expect(plainTotalsPlan(d)).toBeNull();
  });

  it('equals the HyperFormula engine on every row set and after every edit', () => {
    fc.assert(
      fc.property(totalsArb, rowsArb, fc.array(edit, { maxLength: 8 }), (totals, rows, edits) => {
        const def = defWith(totals);
        const plain = createPlainEngine(def, rows);
        expect(plain).not.toBeNull();
        const hf = createGridEngine(def, rows);
        try {
          expect(plain?.totals()).toEqual(hf.totals());
          for (const e of edits) {
            const target = rows[e.row % Math.max(rows.length, 1)];
            if (!target) break;
            const value = e.field === 'flag' ? Math.abs(e.value ?? 0) % 3 : e.value;
            expect(plain?.setCell(target.rowId, e.field, value)).toEqual([]);
            hf.setCell(target.rowId, e.field, value);
            expect(plain?.totals()).toEqual(hf.totals());
          }
        } finally {
          hf.destroy();
          plain?.destroy();
        }
      }),
      { numRuns: 100 },
    );
  });

  it('equals the HyperFormula engine on the product grids that take the plain path', () => {
    const defs = GRID_DEFINITIONS.filter((d) => plainTotalsPlan(d) !== null && (d.totals ?? []).length > 0);
    const pool = [null, true, false, '1001', 1, 2, 0];
    fc.assert(
      fc.property(
        fc.constantFrom(...defs),
        fc.array(
          fc.tuple(
            fc.array(amount, { minLength: 12, maxLength: 12 }),
            fc.array(fc.constantFrom(...pool), { minLength: 6, maxLength: 6 }),
          ),
          { maxLength: 30 },
        ),
        (def, seeds) => {
          const numeric = def.fields.filter((f) => isNumericKind(f.kind)).map((f) => f.id);
          const rows = seeds.map(([amounts, picks], i) => {
            const [p0, p1, p2, p3, p4, p5] = picks;
            const r: GridRow = {
              rowId: `r${i}`,
              parentCode: p0,
              counted: p1,
              isGovernment: p2,
              code: p3,
              status: p4,
              isAuxiliary: p5,
            };
            numeric.forEach((id, k) => (r[id] = amounts[k % amounts.length] ?? null));
            return r;
          });
          const plain = createPlainEngine(def, rows);
          const hf = createGridEngine(def, rows);
          try {
            expect(plain?.totals()).toEqual(hf.totals());
          } finally {
            hf.destroy();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
