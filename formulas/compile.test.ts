import { describe, expect, it } from 'vitest';
import { cellList, columnLetters, compileExpression, scanExpression } from './compile.js';

describe('scanExpression', () => {
  it('tells names, functions, CHILDREN and the rest apart', () => {
    expect(scanExpression('SUM(initAmount) - credit * 2').map((t) => [t.type, t.text])).toEqual([
      ['function', 'SUM'],
      ['other', '('],
      ['name', 'initAmount'],
      ['other', ') - '],
      ['name', 'credit'],
      ['other', ' * 2'],
    ]);
    expect(scanExpression('SUM(CHILDREN(initAmount, balanceDirection))')[2]).toMatchObject({
      type: 'children',
      field: 'initAmount',
      signBy: 'balanceDirection',
    });
    expect(scanExpression('IF(TRUE, "a b", x)').filter((t) => t.type === 'name')).toEqual([
      { type: 'name', text: 'x', name: 'x' },
    ]);
  });

  it('refuses what it cannot read', () => {
    expect(() => scanExpression('SUM("open')).toThrow('无法解析公式');
  });
});

describe('compileExpression', () => {
  it('rewrites names and CHILDREN to A1 references', () => {
    const ctx = { name: (n: string) => (n === 'a' ? 'g!B1:B9' : n === 't' ? 'A2' : null), children: () => 'C2:C4,-C7' };
    expect(compileExpression('SUM(a) + t', ctx)).toBe('=SUM(g!B1:B9) + A2');
    expect(compileExpression('SUM(CHILDREN(a))', ctx)).toBe('=SUM(C2:C4,-C7)');
    expect(() => compileExpression('SUM(zzz)', ctx)).toThrow('公式中的名称不存在: zzz');
    expect(() => compileExpression('SUM(CHILDREN(a))', { name: ctx.name })).toThrow('CHILDREN');
  });
});

describe('A1 helpers', () => {
  it('letters columns and compresses consecutive rows to ranges', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(cellList('C', [2, 3, 4, 7])).toBe('C3:C5,C8');
    expect(cellList('C', [0], 'g!')).toBe('g!C1');
    expect(cellList('C', [])).toBe('');
  });
});
