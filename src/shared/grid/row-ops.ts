/**
 * Row operations of the editor's right-click menu (spec: copy previous row, insert before and
 * after, split, delete), as pure functions over an immutable row array. They never throw for a
 * user's mistake: a refusal comes back as `{ ok: false, message }` with the spec's wording.
 */
import type { FieldDef, GridRow } from './definition.js';

export const NO_PREVIOUS_ROW = '没有上一行数据';
export const CANNOT_SPLIT = '此项无法拆分';

export type RowOpResult<R extends GridRow> =
  | { readonly ok: true; readonly rows: R[]; /** Row to focus afterwards. */ readonly focusIndex: number }
  | { readonly ok: false; readonly message: string };

function inRange(rows: readonly unknown[], index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < rows.length;
}

/** A row with every field empty (null) and the given id. */
export function blankRow<R extends GridRow>(fields: readonly FieldDef<R>[], rowId: string): R {
  const row: Record<string, unknown> = { rowId };
  for (const field of fields) row[field.id] = null;
  return row as R;
}

/**
 * Copies the previous row's values of `fieldIds` into the row at `index` (the row keeps its id
 * and everything else). The first row has no previous row: 没有上一行数据.
 */
export function copyPreviousRow<R extends GridRow>(
  rows: readonly R[],
  index: number,
  fieldIds: readonly string[],
): RowOpResult<R> {
  if (!inRange(rows, index)) return { ok: false, message: NO_PREVIOUS_ROW };
  const previous = rows[index - 1];
  const current = rows[index];
  if (index === 0 || !previous || !current) return { ok: false, message: NO_PREVIOUS_ROW };
  const copied: Record<string, unknown> = { ...current };
  for (const id of fieldIds) copied[id] = previous[id] ?? null;
  const next = rows.slice();
  next[index] = copied as R;
  return { ok: true, rows: next, focusIndex: index };
}

/** Inserts `row` before or after the row at `index` (into an empty grid when there is none). */
export function insertRow<R extends GridRow>(
  rows: readonly R[],
  index: number,
  where: 'before' | 'after',
  row: R,
): RowOpResult<R> {
  const at = rows.length === 0 ? 0 : Math.min(Math.max(where === 'before' ? index : index + 1, 0), rows.length);
  const next = rows.slice();
  next.splice(at, 0, row);
  return { ok: true, rows: next, focusIndex: at };
}

function present(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}

/**
 * Splits the row at `index`: a new row after it keeps the descriptive fields (text, subject,
 * auxiliary, select, direction), leaves amounts and numbers empty, and points at the split row
 * through parentId (its originalId, or its own parentId when it is itself a split part). A row
 * with neither originalId nor parentId cannot be split: 此项无法拆分.
 */
export function splitRow<R extends GridRow>(
  rows: readonly R[],
  index: number,
  fields: readonly FieldDef<R>[],
  newRowId: string,
): RowOpResult<R> {
  const source = rows[index];
  if (!source) return { ok: false, message: CANNOT_SPLIT };
  const originalId = source['originalId'];
  const parentId = source['parentId'];
  const parent = present(originalId) ? originalId : present(parentId) ? parentId : null;
  if (parent === null) return { ok: false, message: CANNOT_SPLIT };
  const part: Record<string, unknown> = { rowId: newRowId };
  for (const field of fields) {
    const keep =
      field.kind === 'text' ||
      field.kind === 'subject' ||
      field.kind === 'auxiliary' ||
      field.kind === 'select' ||
      field.kind === 'direction';
    part[field.id] = keep ? (source[field.id] ?? null) : null;
  }
  part['originalId'] = null;
  part['parentId'] = parent;
  return insertRow(rows, index, 'after', part as R);
}

/** Removes the row at `index`; the focus stays on the same position (or the new last row). */
export function deleteRow<R extends GridRow>(rows: readonly R[], index: number): RowOpResult<R> {
  if (!inRange(rows, index)) return { ok: false, message: '请选择要删除的行' };
  const next = rows.slice();
  next.splice(index, 1);
  return { ok: true, rows: next, focusIndex: Math.min(index, next.length - 1) };
}
