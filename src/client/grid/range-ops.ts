/**
 * Copy, paste and clear over the selected range: cells as displayed (TSV, as spreadsheets copy
 * them), pasted text parsed per cell by its field's kind (failures stay as marked drafts),
 * read-only cells skipped, rows added past the end where the grid allows, one undo step.
 */
import { parseTsv, serialiseTsv } from '../../shared/grid/clipboard.js';
import type { GridRow } from '../../shared/grid/definition.js';
import { newRow } from './grid-actions.js';
import type { GridController } from './grid-controller.js';
import type { CellState, ModelUpdate } from './grid-model.js';
import { pasteTargets, single } from './range.js';

export function copyText(ctrl: GridController): string | null {
  const rect = ctrl.selectedRect();
  if (!rect) return null;
  const cols = ctrl.columns();
  const lines: string[][] = [];
  for (let r = rect.top; r <= rect.bottom; r++) {
    const row = ctrl.model.rows[r];
    if (!row) continue;
    const line: string[] = [];
    for (let c = rect.left; c <= rect.right; c++) {
      const field = ctrl.model.field(cols[c] ?? '');
      line.push(field ? ctrl.model.displayText(row, field) : '');
    }
    lines.push(line);
  }
  return serialiseTsv(lines);
}

export function paste(ctrl: GridController, text: string): void {
  const matrix = parseTsv(text);
  const height = matrix.length;
  const width = matrix[0]?.length ?? 0;
  const at = ctrl.focused();
  if (height === 0 || width === 0 || !at || ctrl.model.readOnly) return;
  const range = ctrl.currentRange() ?? single(at);
  const target = pasteTargets(range, height, width);
  const cols = ctrl.columns();
  const right = Math.min(target.right, cols.length - 1);
  const canAdd = ctrl.def.allowAddRows;
  const bottom = canAdd ? target.bottom : Math.min(target.bottom, ctrl.model.rows.length - 1);
  const newRows: GridRow[] = [];
  for (let r = ctrl.model.rows.length; r <= bottom; r++) newRows.push(newRow(ctrl));
  const apply = () => {
    const changes: { rowId: string; fieldId: string; next: CellState }[] = [];
    for (let r = target.top; r <= bottom; r++) {
      const row = ctrl.model.rows[r];
      if (!row) continue;
      for (let c = target.left; c <= right; c++) {
        const field = ctrl.model.field(cols[c] ?? '');
        if (!field || !ctrl.model.editable(row, field)) continue;
        const cell = matrix[(r - target.top) % height]?.[(c - target.left) % width] ?? '';
        changes.push({ rowId: row.rowId, fieldId: field.id, next: ctrl.model.parse(field, cell) });
      }
    }
    return changes;
  };
  let update: ModelUpdate;
  if (newRows.length > 0) {
    update = ctrl.model.transact(() => {
      ctrl.model.replaceRows([...ctrl.model.rows, ...newRows]);
      ctrl.model.setCells(apply(), false);
    });
  } else {
    update = ctrl.model.setCells(apply());
  }
  ctrl.sync(update);
  ctrl.focusCell(
    { row: target.top, col: target.left },
    { anchor: { row: target.top, col: target.left }, focus: { row: bottom, col: right } },
  );
}

export function clearRange(ctrl: GridController): void {
  const rect = ctrl.selectedRect();
  if (!rect) return;
  const cols = ctrl.columns();
  const changes = [];
  for (let r = rect.top; r <= rect.bottom; r++) {
    const row = ctrl.model.rows[r];
    if (!row) continue;
    for (let c = rect.left; c <= rect.right; c++) {
      const field = ctrl.model.field(cols[c] ?? '');
      if (field && ctrl.model.editable(row, field))
        changes.push({ rowId: row.rowId, fieldId: field.id, next: { value: null, draft: null } });
    }
  }
  ctrl.sync(ctrl.model.setCells(changes));
}
