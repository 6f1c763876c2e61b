import { describe, expect, it } from 'vitest';
import { rowFen, rowsOfTree } from './indicator-rows.js';

describe('indicator rows', () => {
  it('flattens the tree in order and sums a parent from its leaves, in fen', () => {
    const rows = rowsOfTree([
      {
        code: '01',
        name: '上级补助',
        parentCode: null,
        amount: 50,
        isLeaf: false,
        children: [
          { code: '0101', name: '第一批', parentCode: '01', amount: 30.1, isLeaf: true, children: [] },
          { code: '0102', name: '第二批', parentCode: '01', amount: 19.9, isLeaf: true, children: [] },
        ],
      },
      { code: '02', name: '本级', parentCode: null, amount: 0.3, isLeaf: true, children: [] },
    ]);
    expect(rows.map((r) => [r.code, r.parentCode, r.amount])).toEqual([
      ['01', '', '50'],
      ['0101', '01', '30.1'],
      ['0102', '01', '19.9'],
      ['02', '', '0.3'],
    ]);
    expect(rowFen(rows, '01')).toBe(5000);
    expect(rowFen(rows, '02')).toBe(30);
    const typed = rows.map((r) => (r.code === '0102' ? { ...r, amount: '0.105' } : r));
    expect(rowFen(typed, '01')).toBeNull();
  });
});
