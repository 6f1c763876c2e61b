import { describe, expect, it } from 'vitest';
import type { GridDefinition } from './definition.js';
import { validateCell, validateGrid, validateRow } from './validate.js';

interface Row {
  readonly rowId: string;
  readonly [key: string]: unknown;
  name: string | null;
  amount: number | null;
  kind: 'a' | 'b';
}

const def = {
  id: 'test',
  title: '测试',
  fields: [
    { id: 'name', header: '名称', kind: 'text', required: true },
    { id: 'amount', header: '金额', kind: 'money', required: (r) => r.kind === 'a', capFen: 10000 },
    {
      id: 'kind',
      header: '类别',
      kind: 'select',
      options: [
        { value: 'a', label: '甲' },
        { value: 'b', label: '乙' },
      ],
      validate: (v) => (v === 'b' ? null : null),
    },
  ],
  rowValidators: [(r) => (r.name === '坏' ? [{ message: '名称不能为坏', fieldId: 'name' }] : [])],
  gridValidators: [(rows) => (rows.length > 2 ? [{ message: '最多两行' }] : [])],
  commands: [],
  allowAddRows: true,
  allowDeleteRows: true,
  export: { sheetName: '测试', title: '测试', totalsAsFormulas: false },
} satisfies GridDefinition<Row>;

function field(id: string) {
  const f = def.fields.find((x) => x.id === id);
  if (!f) throw new Error(id);
  return f as GridDefinition<Row>['fields'][number];
}

describe('validate', () => {
  it('checks required (also by row rule), then kind, then the field rule', () => {
    const row: Row = { rowId: 'r1', name: null, amount: null, kind: 'a' };
    expect(validateCell(def, field('name'), null, row)).toBe('名称不能为空');
    expect(validateCell(def, field('amount'), null, row)).toBe('金额不能为空');
    expect(validateCell(def, field('amount'), null, { ...row, kind: 'b' })).toBeNull();
    expect(validateCell(def, field('amount'), 10001, row)).toBe('金额不能超过100.00');
    expect(validateCell(def, field('amount'), 1.5, row)).toBe('金额格式不正确');
  });

  it('names the row and field of each issue', () => {
    expect(validateRow(def, { rowId: 'r1', name: '坏', amount: null, kind: 'a' })).toEqual([
      { message: '金额不能为空', rowId: 'r1', fieldId: 'amount' },
      { message: '名称不能为坏', rowId: 'r1', fieldId: 'name' },
    ]);
  });

  it('validates all rows, duplicate ids and grid rules', () => {
    const rows: Row[] = [
      { rowId: 'r1', name: '甲', amount: 1, kind: 'a' },
      { rowId: 'r1', name: '乙', amount: null, kind: 'b' },
      { rowId: 'r3', name: '', amount: 1, kind: 'b' },
    ];
    expect(validateGrid(def, rows)).toEqual([
      { message: '行标识重复: r1', rowId: 'r1' },
      { message: '名称不能为空', rowId: 'r3', fieldId: 'name' },
      { message: '最多两行' },
    ]);
    expect(validateGrid(def, rows.slice(0, 1))).toEqual([]);
  });
});
