/**
 * The HyperFormula adapter: one engine per open grid, built from its definition, holding the
 * grid's numbers as integer fen and answering its totals and derived (parent) cells.
 *
 * What must stay true:
 * - Exact integers: HyperFormula rounds outputs to 10 significant digits and snaps near-equal
 *   sums to zero by default, which turns 123456789012345 fen into 123456789010000 and hides a
 *   one-fen imbalance in large totals. The engine runs with smartRounding off and
 *   precisionEpsilon 0, so sums of fen are plain exact integer additions.
 * - maxRows is raised above the row count (HyperFormula's default cap is 40,000 rows).
 * - Loads happen in one build (buildFromSheets), never cell by cell; totals are SUMs over ranges
 *   (filtered totals through helper columns), never SUMIF, so an edit stays well under a frame.
 * - Its totals are for display; the server recomputes what it stores (tree-index.ts).
 * - destroy() releases the instance; the grid calls it when it closes.
 */
import { HyperFormula, type CellValue as HfCellValue } from 'hyperformula';
import type { GridDefinition, GridRow } from '../src/shared/grid/definition.js';
import { registerGridFunctions } from './functions.js';
import { GRID_SHEET, TOTALS_SHEET, buildLayout, type GridLayout } from './layout.js';

/** A derived cell whose value changed after an edit. */
export interface DerivedChange {
  readonly rowId: string;
  readonly fieldId: string;
  readonly value: number | null;
}

export interface GridEngine<R extends GridRow> {
  /** Sets one numeric cell (fen or integer; null clears) and returns the derived cells that changed. */
  setCell(rowId: string, fieldId: string, value: unknown): DerivedChange[];
  /** Replaces all rows (after inserting, deleting or reordering rows, or loading a page). */
  setRows(rows: readonly R[]): void;
  /** Every TotalDef's value by id (NaN when a formula fails). */
  totals(): Record<string, number>;
  /** The computed value of a derived cell, or null when (row, field) is not derived. */
  derivedValue(rowId: string, fieldId: string): number | null;
  isDerived(rowId: string, fieldId: string): boolean;
  /** The current value of any numeric cell, derived or entered. */
  value(rowId: string, fieldId: string): number | null;
  destroy(): void;
}

const DEFAULT_MAX_ROWS = 40_000;

function engineConfig(rowCount: number) {
  return {
    licenseKey: 'gpl-v3',
    maxRows: Math.max(DEFAULT_MAX_ROWS, rowCount + 1000),
    smartRounding: false,
    precisionEpsilon: 0,
    undoLimit: 0,
  };
}

function toNumber(value: HfCellValue): number | null {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return NaN;
}

export function createGridEngine<R extends GridRow>(def: GridDefinition<R>, initialRows: readonly R[]): GridEngine<R> {
  registerGridFunctions();
  let layout: GridLayout<R>;
  let rows: R[];
  let signatures: string[];
  let hf: HyperFormula | null = null;
  let gridSheet = 0;
  let totalsSheet = 0;

  const build = (next: readonly R[]) => {
    hf?.destroy();
    rows = [...next];
    layout = buildLayout(def, rows);
    signatures = rows.map((r, i) => layout.rowSignature(r, i));
    hf = HyperFormula.buildFromSheets(
      { [GRID_SHEET]: layout.gridSheet, [TOTALS_SHEET]: layout.totalsSheet },
      engineConfig(rows.length),
    );
    gridSheet = hf.getSheetId(GRID_SHEET) ?? 0;
    totalsSheet = hf.getSheetId(TOTALS_SHEET) ?? 0;
  };

  const live = (): HyperFormula => {
    if (!hf) throw new Error('表格计算引擎已释放');
    return hf;
  };

  const indexOf = (rowId: string): number => {
    const i = layout.rowIndex.get(rowId);
    if (i === undefined) throw new Error(`行不存在: ${rowId}`);
    return i;
  };

  /** A derived cell from the engine (an empty sum is 0); an entered cell from the row itself. */
  const cellValue = (i: number, fieldId: string): number | null => {
    const col = layout.columnOf.get(fieldId);
    if (col === undefined || !layout.isDerived(i, fieldId)) {
      const v = rows[i]?.[fieldId];
      return typeof v === 'number' ? v : null;
    }
    return toNumber(live().getCellValue({ sheet: gridSheet, row: i, col })) ?? 0;
  };

  const allDerived = (): DerivedChange[] =>
    rows.flatMap((row, i) =>
      [...layout.columnOf.keys()]
        .filter((f) => layout.isDerived(i, f))
        .map((fieldId) => ({ rowId: row.rowId, fieldId, value: cellValue(i, fieldId) })),
    );

  build(initialRows);

  return {
    setCell(rowId, fieldId, value) {
      const i = indexOf(rowId);
      const col = layout.columnOf.get(fieldId);
      if (col !== undefined && layout.isDerived(i, fieldId)) throw new Error(`派生单元格不可编辑: ${rowId}.${fieldId}`);
      const row = { ...rows[i], [fieldId]: value } as R;
      rows[i] = row;
      if (layout.rowSignature(row, i) !== signatures[i]) {
        build(rows);
        return allDerived();
      }
      if (col === undefined) return [];
      const changes = live().setCellContents({ sheet: gridSheet, row: i, col }, layout.engineValue(value));
      const out: DerivedChange[] = [];
      for (const change of changes) {
        if (!('address' in change) || change.sheet !== gridSheet) continue;
        const field = layout.fieldOfColumn[change.col];
        const changedRow = rows[change.row];
        if (field === undefined || !changedRow || !layout.isDerived(change.row, field)) continue;
        out.push({ rowId: changedRow.rowId, fieldId: field, value: toNumber(change.value) ?? 0 });
      }
      return out;
    },
    setRows(next) {
      build(next);
    },
    totals() {
      const engine = live();
      const out: Record<string, number> = {};
      layout.totalIds.forEach((id, k) => {
        out[id] = toNumber(engine.getCellValue({ sheet: totalsSheet, row: k, col: 0 })) ?? 0;
      });
      return out;
    },
    derivedValue(rowId, fieldId) {
      const i = indexOf(rowId);
      return layout.isDerived(i, fieldId) ? cellValue(i, fieldId) : null;
    },
    isDerived(rowId, fieldId) {
      return layout.isDerived(indexOf(rowId), fieldId);
    },
    value(rowId, fieldId) {
      return cellValue(indexOf(rowId), fieldId);
    },
    destroy() {
      hf?.destroy();
      hf = null;
    },
  };
}
