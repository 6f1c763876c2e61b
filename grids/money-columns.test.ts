import { describe, expect, it } from 'vitest';
import type { GridRow } from '../src/shared/grid/definition.js';
import { moneyFields, sumTotals } from './money-columns.js';

interface Row extends GridRow {
  readonly rowId: string;
  original: number;
  net: number;
}
const COLUMNS = [
  { id: 'original', header: '原值' },
  { id: 'net', header: '净值' },
] as const;

describe('money columns', () => {
  it('declares each amount read-only, blank for zero only when asked', () => {
    const blank = moneyFields<Row>(COLUMNS, { blankZero: true });
    expect(blank.map((f) => [f.id, f.kind, f.editable, f.blankZero])).toEqual([
      ['original', 'money', false, true],
      ['net', 'money', false, true],
    ]);
    expect(moneyFields<Row>(COLUMNS).every((f) => f.blankZero === undefined)).toBe(true);
  });

  it('totals each column by SUM, shown under it and named after it', () => {
    expect(sumTotals<Row>(COLUMNS)).toEqual([
      { id: 'sum_original', label: '原值合计', expression: 'SUM(original)', showUnder: 'original' },
      { id: 'sum_net', label: '净值合计', expression: 'SUM(net)', showUnder: 'net' },
    ]);
  });
});
