/** A generated grid of `rows` rows by 8 columns (2 text, 6 money with SUM totals) for the benchmark. */
import type { FieldDef, GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export type BenchRow = GridRow & Record<'code' | 'name', string> & Record<'m1' | 'm2' | 'm3' | 'm4' | 'm5' | 'm6', number | null>;

const MONEY = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'] as const;
const GROUP_OF = { m1: 'open', m2: 'open', m3: 'period', m4: 'period', m5: 'end', m6: 'end' } as const;
const HEADER = { m1: '期初借方', m2: '期初贷方', m3: '本期借方', m4: '本期贷方', m5: '期末借方', m6: '期末贷方' } as const;

const fields: FieldDef<BenchRow>[] = [
  { id: 'code', header: '编码', kind: 'text', editable: false, width: 110, pinned: true },
  { id: 'name', header: '名称', kind: 'text', width: 160 },
  ...MONEY.map((id): FieldDef<BenchRow> => ({ id, header: HEADER[id], kind: 'money', width: 140, group: GROUP_OF[id] })),
];

export const benchGrid = {
  id: 'bench',
  title: '基准表格',
  fields,
  groups: [
    { id: 'open', header: '期初' },
    { id: 'period', header: '本期' },
    { id: 'end', header: '期末' },
  ],
  totals: MONEY.map((id) => ({ id: `sum_${id}`, label: `${HEADER[id]}合计`, expression: `SUM(${id})`, showUnder: id })),
  commands: [
    'copy',
    'paste',
    'undo',
    'redo',
    'clearCell',
    'editCell',
    'cancelEdit',
    'showHelp',
    'exportExcel',
    'insertRowBefore',
    'insertRowAfter',
    'deleteRow',
  ],
  allowAddRows: true,
  allowDeleteRows: true,
  export: { sheetName: '基准', title: '基准表格', totalsAsFormulas: true },
} as const satisfies GridDefinition<BenchRow>;

export function benchRows(count: number): BenchRow[] {
  const rows: BenchRow[] = [];
  for (let i = 0; i < count; i++) {
    const base = ((i * 7919) % 100_000) * 100 + (i % 100);
    rows.push({
      rowId: `r${i}`,
      code: String(100_000 + i),
      name: `项目${i + 1}`,
      m1: base,
      m2: i % 3 === 0 ? null : base + 1,
      m3: (i % 97) * 1000,
      m4: (i % 89) * 1000,
      m5: base * 2,
      m6: i % 5 === 0 ? null : 12_345,
    });
  }
  return rows;
}
