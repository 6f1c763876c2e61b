import { describe, expect, it } from 'vitest';
import { createGridEngine } from '../../../formulas/engine.js';
import { blankFundsEntryRow, createFundsEntryGrid, type FundsEntryRow } from '../../../grids/funds-entry.js';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { cellKey, GridModel, normaliseInput, type GridEngineLike } from './grid-model.js';

type Row = GridRow & { code: string; name: string | null; amount: number | null; parent: string | null };

const def = {
  id: 'test',
  title: '测试',
  fields: [
    { id: 'code', header: '编码', kind: 'subject', editable: false },
    { id: 'name', header: '名称', kind: 'text', required: true },
    { id: 'amount', header: '金额', kind: 'money', capFen: 99_999_999_999 },
  ],
  tree: { key: 'code', parentKey: 'parent' },
  totals: [{ id: 'sum', label: '合计', expression: 'SUM(amount)', rows: (r: Row) => r.parent === null, showUnder: 'amount' }],
  derived: [{ field: 'amount', expression: 'SUM(CHILDREN(amount))' }],
  commands: ['undo', 'redo'],
  allowAddRows: true,
  allowDeleteRows: true,
  export: { sheetName: 's', title: 't', totalsAsFormulas: true },
} as const satisfies GridDefinition<Row>;

const rows: Row[] = [
  { rowId: '1', code: '1', name: '父', amount: null, parent: null },
  { rowId: '11', code: '11', name: '子一', amount: 100, parent: '1' },
  { rowId: '12', code: '12', name: '子二', amount: 200, parent: '1' },
  { rowId: '2', code: '2', name: '独立', amount: 50, parent: null },
];

function model() {
  const m = new GridModel<GridRow>(def as unknown as GridDefinition, rows);
  const engine = createGridEngine(def as unknown as GridDefinition, rows) as GridEngineLike;
  m.attachEngine(engine);
  return m;
}

describe('GridModel', () => {
  it('reads derived parent cells from the engine and holds them read-only', () => {
    const m = model();
    const parent = m.rows[0]!;
    const amount = m.field('amount')!;
    expect(m.isDerived(parent, 'amount')).toBe(true);
    expect(m.value(parent, 'amount')).toBe(300);
    expect(m.editable(parent, amount)).toBe(false);
    expect(m.editable(m.rows[1]!, amount)).toBe(true);
    expect(m.editable(m.rows[1]!, m.field('code')!)).toBe(false);
    expect(m.totals()).toEqual({ sum: 350 });
  });

  it('parses text into fen, updates the engine, and undoes and redoes as one step', () => {
    const m = model();
    const update = m.setCells([{ rowId: '11', fieldId: 'amount', next: m.parse(m.field('amount')!, '1,000.50') }]);
    expect(update).toMatchObject({ kind: 'cells', rowIds: ['11'] });
    expect(m.row('11')?.amount).toBe(100_050);
    expect(m.totals()).toEqual({ sum: 100_300 });
    expect(m.value(m.rows[0]!, 'amount')).toBe(100_250);
    m.undo();
    expect(m.row('11')?.amount).toBe(100);
    expect(m.totals()).toEqual({ sum: 350 });
    m.redo();
    expect(m.row('11')?.amount).toBe(100_050);
  });

  it('keeps text that does not parse as a draft with the message, blocking save', () => {
    const m = model();
    const amount = m.field('amount')!;
    m.setCells([{ rowId: '11', fieldId: 'amount', next: m.parse(amount, '12.345') }]);
    expect(m.row('11')?.amount).toBeNull();
    expect(m.displayText(m.row('11')!, amount)).toBe('12.345');
    expect(m.cellError('11', 'amount')).toBe('金额最多两位小数');
    expect(m.canSave).toBe(false);
    expect(m.errors()).toEqual([{ rowId: '11', fieldId: 'amount', message: '金额最多两位小数' }]);
    m.setCells([{ rowId: '11', fieldId: 'amount', next: m.parse(amount, 'abc') }]);
    expect(m.cellError('11', 'amount')).toBe('金额格式不正确');
    m.setCells([{ rowId: '11', fieldId: 'amount', next: m.parse(amount, '5') }]);
    expect(m.canSave).toBe(true);
    expect(m.drafts.has(cellKey('11', 'amount'))).toBe(false);
  });

  it('applies the cap of the field', () => {
    const m = model();
    const amount = m.field('amount')!;
    expect(m.parse(amount, '999999999.99')).toEqual({ value: 99_999_999_999, draft: null });
    expect(m.parse(amount, '1000000000').draft?.message).toMatch(/金额不能超过/);
  });

  it('reports required cells, and clears the issue when filled', () => {
    const m = model();
    m.setCells([{ rowId: '2', fieldId: 'name', next: m.parse(m.field('name')!, '  ') }]);
    expect(m.cellError('2', 'name')).toBe('名称不能为空');
    expect(m.canSave).toBe(false);
    m.setCells([{ rowId: '2', fieldId: 'name', next: m.parse(m.field('name')!, ' 新名称 ') }]);
    expect(m.row('2')?.name).toBe('新名称');
    expect(m.canSave).toBe(true);
  });

  it('replaces rows as one undoable action and keeps the engine in step', () => {
    const m = model();
    const extra: GridRow = { rowId: '3', code: '3', name: '新', amount: 7, parent: null };
    m.replaceRows([...m.rows, extra]);
    expect(m.totals()).toEqual({ sum: 357 });
    m.undo();
    expect(m.rows).toHaveLength(4);
    expect(m.totals()).toEqual({ sum: 350 });
  });

  it('shows server issues on their cells until the next change', () => {
    const m = model();
    m.setExternalIssues([{ rowId: '2', fieldId: 'amount', message: '服务器拒绝' }]);
    expect(m.cellError('2', 'amount')).toBe('服务器拒绝');
    expect(m.canSave).toBe(false);
    m.setCells([{ rowId: '2', fieldId: 'amount', next: { value: 60, draft: null } }]);
    expect(m.cellError('2', 'amount')).toBeNull();
    expect(m.canSave).toBe(true);
  });

  it('names the rows whose grid-level marks an edit changed, and only those', () => {
    // A cross-row rule: when the total passes 1,000.00, the largest amount is marked.
    const ruled = {
      ...def,
      gridValidators: [
        (all: readonly GridRow[]) => {
          const amounts = (all as Row[]).filter((r) => r.parent !== null || r.code === '2');
          const sum = amounts.reduce((n, r) => n + (r.amount ?? 0), 0);
          if (sum <= 100_000) return [];
          const largest = amounts.reduce((a, b) => ((b.amount ?? 0) > (a.amount ?? 0) ? b : a));
          return [{ rowId: largest.rowId, fieldId: 'amount', message: '超过限额' }];
        },
      ],
    };
    const m = new GridModel<GridRow>(ruled as unknown as GridDefinition, rows);
    m.attachEngine(createGridEngine(ruled as unknown as GridDefinition, rows));
    m.takeRowsOfChangedGridIssues();
    m.setCells([{ rowId: '11', fieldId: 'amount', next: { value: 150, draft: null } }]);
    expect(m.takeRowsOfChangedGridIssues()).toEqual([]);
    m.setCells([{ rowId: '12', fieldId: 'amount', next: { value: 100_000, draft: null } }]);
    expect(m.takeRowsOfChangedGridIssues()).toEqual(['12']);
    expect(m.cellError('12', 'amount')).toBe('超过限额');
    // The mark moves to another row: both rows change.
    m.setCells([{ rowId: '2', fieldId: 'amount', next: { value: 200_000, draft: null } }]);
    expect(m.takeRowsOfChangedGridIssues().sort()).toEqual(['12', '2']);
    expect(m.takeRowsOfChangedGridIssues()).toEqual([]);
  });

  it('opens money for editing without grouping', () => {
    const m = model();
    m.setCells([{ rowId: '2', fieldId: 'amount', next: { value: 123_456_789, draft: null } }]);
    expect(m.editText(m.row('2')!, m.field('amount')!)).toBe('1234567.89');
    expect(m.displayText(m.row('2')!, m.field('amount')!)).toBe('1,234,567.89');
  });
});

describe('normaliseInput', () => {
  it('reads spreadsheet money text', () => {
    expect(normaliseInput({ kind: 'money' }, ' ¥1,234.50 ')).toBe('1,234.50');
    expect(normaliseInput({ kind: 'money' }, '(12.00)')).toBe('-12.00');
    expect(normaliseInput({ kind: 'text' }, ' (a) ')).toBe('(a)');
  });
});

describe('GridModel before its engine is attached', () => {
  it('holds parents with children read-only, as the engine will', () => {
    const m = new GridModel<GridRow>(def as unknown as GridDefinition, rows);
    expect(m.isDerived(m.rows[0]!, 'amount')).toBe(true);
    expect(m.isDerived(m.rows[1]!, 'amount')).toBe(false);
    expect(m.isDerived(m.rows[3]!, 'amount')).toBe(false);
    expect(m.editable(m.rows[3]!, m.field('amount')!)).toBe(true);
  });
});

describe('GridModel tree depth', () => {
  it('counts ancestors by the tree keys', () => {
    const m = new GridModel<GridRow>(def as unknown as GridDefinition, rows);
    expect(rows.map((r) => m.depth(r))).toEqual([0, 1, 1, 0]);
  });
});

describe('GridModel, a large block of cells (a pasted list)', () => {
  it('reaches the engine as one load, not cell by cell, and the derived cells follow it', () => {
    const units = [
      {
        code: '9001',
        name: '机械厂工会',
        ratios: {
          basePpm: 1_000_000,
          sharesPpm: { retained: 600_000, superiorOne: 400_000, superiorTwo: 0, lower: 0, preparatory: 0, smallBusiness: 0 },
          collectionFeePpm: 0,
        },
      },
    ];
    const funds = createFundsEntryGrid({
      context: () => ({ year: 2026, month: 3, units, subject: () => ({ lastLevel: true, enable: true }) }),
    });
    const start = Array.from({ length: 100 }, (_, i) => blankFundsEntryRow(`r${i}`, '102'));
    const m = new GridModel<FundsEntryRow>(funds, start);
    const engine = createGridEngine(funds, start);
    const calls = { setCell: 0, setRows: 0 };
    m.attachEngine({
      ...engine,
      setCell: (rowId, fieldId, value) => {
        calls.setCell += 1;
        return engine.setCell(rowId, fieldId, value);
      },
      setRows: (next) => {
        calls.setRows += 1;
        engine.setRows(next as FundsEntryRow[]);
      },
      totals: () => engine.totals(),
      derivedValue: (rowId, fieldId) => engine.derivedValue(rowId, fieldId),
      isDerived: (rowId, fieldId) => engine.isDerived(rowId, fieldId),
      destroy: () => engine.destroy(),
    });
    const unit = m.field('unitCode');
    const amount = m.field('fundsAmount');
    if (!unit || !amount) throw new Error('fields');
    m.setCells(
      start.flatMap((r) => [
        { rowId: r.rowId, fieldId: 'unitCode', next: m.parse(unit, '机械厂工会') },
        { rowId: r.rowId, fieldId: 'fundsAmount', next: m.parse(amount, '100.01') },
      ]),
    );
    expect(calls).toEqual({ setCell: 0, setRows: 1 });
    expect(m.value(m.rows[99] as FundsEntryRow, 'retainedAmount')).toBe(6_001);
    expect(m.totals()['superiorOneAmountTotal']).toBe(400_000);
    // A single edit still goes cell by cell.
    m.setCells([{ rowId: 'r0', fieldId: 'fundsAmount', next: m.parse(amount, '200') }]);
    expect(calls).toEqual({ setCell: 1, setRows: 1 });
    expect(m.value(m.rows[0] as FundsEntryRow, 'retainedAmount')).toBe(12_000);
    engine.destroy();
  });
});
