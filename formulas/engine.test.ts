import { afterEach, describe, expect, it } from 'vitest';
import type { GridDefinition } from '../src/shared/grid/definition.js';
import { createGridEngine, type GridEngine } from './engine.js';

interface Row {
  readonly rowId: string;
  readonly [key: string]: unknown;
  code: string;
  parentCode: string | null;
  aux: boolean;
  dir: 1 | 2;
  amount: number | null;
  other: number | null;
}

const def = {
  id: 'engine-test',
  title: '引擎测试',
  fields: [
    { id: 'code', header: '代码', kind: 'subject' },
    { id: 'amount', header: '金额', kind: 'money' },
    { id: 'other', header: '其他', kind: 'money' },
    { id: 'dir', header: '方向', kind: 'direction' },
  ],
  tree: { key: 'code', parentKey: 'parentCode', isLeaf: (r) => r.aux },
  derived: [
    { field: 'amount', expression: 'SUM(CHILDREN(amount))' },
    { field: 'other', expression: 'SUM(CHILDREN(other)) + amount', when: (r) => r.code !== '2001' },
  ],
  totals: [
    { id: 'all', label: '全部', expression: 'SUM(amount)' },
    { id: 'debit', label: '借方', expression: 'SUM(amount)', rows: (r) => r.parentCode === null && r.dir === 1 },
    { id: 'credit', label: '贷方', expression: 'SUM(amount)', rows: (r) => r.parentCode === null && r.dir === 2 },
    { id: 'diff', label: '差额', expression: 'debit - credit' },
    { id: 'upper', label: '大写', expression: 'LEN(RMB_UPPER(diff / 100))' },
  ],
  commands: [],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: 't', title: 't', totalsAsFormulas: true },
} satisfies GridDefinition<Row>;

const row = (code: string, parentCode: string | null, amount: number | null, extra: Partial<Row> = {}): Row => ({
  rowId: extra.aux ? `${code}/${String(extra.rowId)}` : code,
  code,
  parentCode,
  aux: false,
  dir: code.startsWith('2') ? 2 : 1,
  amount,
  other: null,
  ...extra,
});

const rows: Row[] = [
  row('1001', null, 500),
  row('1002', null, null),
  row('100201', '1002', 1000),
  row('100202', '1002', null),
  row('10020201', '100202', 250),
  row('10020202', '100202', 250),
  row('2001', null, null),
  { ...row('2001', '2001', 1000, { aux: true }), rowId: '2001/a' },
  { ...row('2001', '2001', 1000, { aux: true }), rowId: '2001/b' },
];

let engine: GridEngine<Row> | undefined;
afterEach(() => {
  engine?.destroy();
  engine = undefined;
});

describe('createGridEngine', () => {
  it('computes derived parent sums over children (auxiliary rows under their subject)', () => {
    engine = createGridEngine(def, rows);
    expect(engine.derivedValue('100202', 'amount')).toBe(500);
    expect(engine.derivedValue('1002', 'amount')).toBe(1500);
    expect(engine.derivedValue('2001', 'amount')).toBe(2000);
    expect(engine.derivedValue('1001', 'amount')).toBeNull();
    expect(engine.derivedValue('2001/a', 'amount')).toBeNull();
    expect(engine.isDerived('1002', 'amount')).toBe(true);
    expect(engine.isDerived('2001', 'other')).toBe(false);
    expect(engine.derivedValue('1002', 'other')).toBe(500 + 1500);
    expect(engine.value('1001', 'amount')).toBe(500);
  });

  it('computes filtered totals and totals over totals', () => {
    engine = createGridEngine(def, rows);
    expect(engine.totals()).toEqual({
      all: 500 + 1500 + 1000 + 500 + 500 + 2000 + 2000,
      debit: 2000,
      credit: 2000,
      diff: 0,
      upper: 3,
    });
  });

  it('recomputes on every edit and reports the derived cells that changed', () => {
    engine = createGridEngine(def, rows);
    const changes = engine.setCell('10020201', 'amount', 1);
    expect(changes).toEqual(
      expect.arrayContaining([
        { rowId: '100202', fieldId: 'amount', value: 251 },
        { rowId: '1002', fieldId: 'amount', value: 1251 },
      ]),
    );
    expect(engine.totals()).toMatchObject({ debit: 1751, credit: 2000, diff: -249 });
    engine.setCell('2001/a', 'amount', null);
    expect(engine.totals()).toMatchObject({ credit: 1000, diff: 751 });
  });

  it('refuses to overwrite a derived cell and unknown rows', () => {
    engine = createGridEngine(def, rows);
    expect(() => engine?.setCell('1002', 'amount', 5)).toThrow('派生单元格不可编辑');
    expect(() => engine?.setCell('nope', 'amount', 5)).toThrow('行不存在');
  });

  it('rebuilds when an edit changes which rows a total keeps', () => {
    engine = createGridEngine(def, rows);
    engine.setCell('1001', 'dir', 2);
    expect(engine.totals()).toMatchObject({ debit: 1500, credit: 2500, diff: -1000 });
  });

  it('keeps fen exact far beyond ten significant digits', () => {
    engine = createGridEngine(def, [row('1001', null, 4503599627370000), row('2001', null, 4503599627369999)]);
    expect(engine.totals()).toMatchObject({ debit: 4503599627370000, credit: 4503599627369999, diff: 1 });
  });

  it('takes new rows and handles an empty grid', () => {
    engine = createGridEngine(def, []);
    expect(engine.totals()).toMatchObject({ all: 0, debit: 0, diff: 0 });
    engine.setRows(rows.slice(0, 2));
    expect(engine.totals()).toMatchObject({ all: 500, debit: 500 });
  });

  it('cannot be used after destroy', () => {
    const e = createGridEngine(def, rows);
    e.destroy();
    expect(() => e.totals()).toThrow('已释放');
  });

  it('sums filtered totals through a helper column when the kept rows are scattered', () => {
    const scattered = Array.from({ length: 600 }, (_, i) => row(`${i % 2 ? 2 : 1}${String(i).padStart(4, '0')}`, null, i));
    engine = createGridEngine(def, scattered);
    const debit = scattered.filter((r) => r.dir === 1).reduce((a, r) => a + (r.amount ?? 0), 0);
    expect(engine.totals()).toMatchObject({ debit, credit: (599 * 600) / 2 - debit });
    engine.setCell(scattered[2]!.rowId, 'amount', 1002);
    expect(engine.totals()).toMatchObject({ debit: debit + 1000 });
  });

  it('grows past the 40,000-row default cap', () => {
    const many = Array.from({ length: 41_000 }, (_, i) => row(`1${String(i).padStart(6, '0')}`, null, 1));
    engine = createGridEngine(def, many);
    expect(engine.totals()).toMatchObject({ all: 41_000, debit: 41_000 });
  });
});
