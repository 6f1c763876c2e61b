import { describe, expect, it } from 'vitest';
import type { GridDefinition } from '../src/shared/grid/definition.js';
import { createGridEngine } from './engine.js';
import { buildTreeIndex, rollUpDerivedSums } from './tree-index.js';

interface Row {
  readonly rowId: string;
  readonly [key: string]: unknown;
  code: string;
  parentCode: string | null;
  dir: 1 | 2;
  aux?: boolean;
  amount: number;
  turnover: number;
}

const def = {
  id: 'tree-test',
  title: 't',
  fields: [
    { id: 'amount', header: '余额', kind: 'money' },
    { id: 'turnover', header: '发生额', kind: 'money' },
  ],
  tree: { key: 'code', parentKey: 'parentCode', isLeaf: (r) => r.aux === true },
  derived: [
    { field: 'amount', expression: 'SUM(CHILDREN(amount, dir))' },
    { field: 'turnover', expression: 'SUM( CHILDREN( turnover ) )' },
  ],
  commands: [],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: 't', title: 't', totalsAsFormulas: false },
} satisfies GridDefinition<Row>;

const rows: Row[] = [
  { rowId: '1', code: '1', parentCode: null, dir: 1, amount: 0, turnover: 0 },
  { rowId: '101', code: '101', parentCode: '1', dir: 1, amount: 300, turnover: 10 },
  { rowId: '102', code: '102', parentCode: '1', dir: 2, amount: 100, turnover: 5 },
  { rowId: '103', code: '103', parentCode: '1', dir: 1, amount: 0, turnover: 0 },
  { rowId: '103#a', code: '103', parentCode: '103', dir: 1, aux: true, amount: 40, turnover: 1 },
  { rowId: '103#b', code: '103', parentCode: '103', dir: 1, aux: true, amount: 2, turnover: 1 },
];

describe('tree index', () => {
  it('finds children by parent key; leaf rows never have children', () => {
    const index = buildTreeIndex(def, rows);
    expect(index.childrenOf(0)).toEqual([1, 2, 3]);
    expect(index.childrenOf(3)).toEqual([4, 5]);
    expect(index.hasChildren(4)).toBe(false);
  });

  it('rolls signed and plain sums up (children before parents), as the engine does', () => {
    const rolled = rollUpDerivedSums(def, rows);
    expect(rolled.map((r) => [r.rowId, r.amount, r.turnover])).toEqual([
      ['1', 300 - 100 + 42, 17],
      ['101', 300, 10],
      ['102', 100, 5],
      ['103', 42, 2],
      ['103#a', 40, 1],
      ['103#b', 2, 1],
    ]);
    const engine = createGridEngine(def, rows);
    for (const r of rolled) {
      expect(engine.value(r.rowId, 'amount')).toBe(r.amount);
      expect(engine.value(r.rowId, 'turnover')).toBe(r.turnover);
    }
    engine.destroy();
  });
});
