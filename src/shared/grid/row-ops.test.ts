import { describe, expect, it } from 'vitest';
import type { FieldDef, GridRow } from './definition.js';
import { blankRow, CANNOT_SPLIT, copyPreviousRow, deleteRow, insertRow, NO_PREVIOUS_ROW, splitRow } from './row-ops.js';

type Line = GridRow & {
  summary: string | null;
  code: string | null;
  debitAmount: number | null;
  originalId?: string | null;
  parentId?: string | null;
};

const fields: FieldDef<Line>[] = [
  { id: 'summary', header: '摘要', kind: 'text' },
  { id: 'code', header: '科目', kind: 'subject' },
  { id: 'debitAmount', header: '借方金额', kind: 'money' },
];

const rows: Line[] = [
  { rowId: 'a', summary: '购买办公用品', code: '50101', debitAmount: 10000, originalId: 'o1' },
  { rowId: 'b', summary: null, code: null, debitAmount: null },
  { rowId: 'c', summary: '报销', code: '101', debitAmount: 500, parentId: 'o1' },
];

describe('copyPreviousRow', () => {
  it('copies the named fields of the row above into the row, keeping its id', () => {
    const result = copyPreviousRow(rows, 1, ['summary', 'code']);
    expect(result).toEqual({
      ok: true,
      focusIndex: 1,
      rows: [rows[0], { rowId: 'b', summary: '购买办公用品', code: '50101', debitAmount: null }, rows[2]],
    });
    expect(rows[1]?.summary).toBeNull();
  });

  it('refuses on the first row with the spec message', () => {
    expect(copyPreviousRow(rows, 0, ['summary'])).toEqual({ ok: false, message: NO_PREVIOUS_ROW });
    expect(copyPreviousRow([], 0, ['summary'])).toEqual({ ok: false, message: '没有上一行数据' });
  });
});

describe('insertRow', () => {
  const blank = blankRow(fields, 'n');
  it('inserts before and after', () => {
    const before = insertRow(rows, 1, 'before', blank);
    expect(before.ok && before.rows.map((r) => r.rowId)).toEqual(['a', 'n', 'b', 'c']);
    expect(before.ok && before.focusIndex).toBe(1);
    const after = insertRow(rows, 2, 'after', blank);
    expect(after.ok && after.rows.map((r) => r.rowId)).toEqual(['a', 'b', 'c', 'n']);
    expect(after.ok && after.focusIndex).toBe(3);
  });

  it('inserts into an empty grid', () => {
    const result = insertRow([], 5, 'after', blank);
    expect(result.ok && result.rows).toEqual([{ rowId: 'n', summary: null, code: null, debitAmount: null }]);
  });
});

describe('splitRow', () => {
  it('adds a part after the row pointing at its originalId, without amounts', () => {
    const result = splitRow(rows, 0, fields, 's1');
    expect(result.ok && result.rows[1]).toEqual({
      rowId: 's1',
      summary: '购买办公用品',
      code: '50101',
      debitAmount: null,
      originalId: null,
      parentId: 'o1',
    });
  });

  it('splits a part again under the same parent', () => {
    const result = splitRow(rows, 2, fields, 's2');
    expect(result.ok && result.rows[3]?.parentId).toBe('o1');
  });

  it('refuses a row with neither originalId nor parentId', () => {
    expect(splitRow(rows, 1, fields, 's')).toEqual({ ok: false, message: CANNOT_SPLIT });
    expect(CANNOT_SPLIT).toBe('此项无法拆分');
  });
});

describe('deleteRow', () => {
  it('removes the row and keeps the focus in range', () => {
    const result = deleteRow(rows, 2);
    expect(result.ok && result.rows.map((r) => r.rowId)).toEqual(['a', 'b']);
    expect(result.ok && result.focusIndex).toBe(1);
    expect(deleteRow(rows, 7).ok).toBe(false);
  });
});
