import { useMemo } from 'react';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import type { CellExtras } from './cell-extras.js';
import { canvasMeasure, columnSizes, type ColumnSize } from './column-sizes.js';
import type { GridModel } from './grid-model.js';

const INDENT_PX = 16;
const TOGGLE_PX = 20;

/**
 * The editor's column widths, measured on the rows it was given from outside (a query's answer,
 * a loaded voucher) and not again as the user types. The same map is kept while the widths do not
 * change, so AG Grid is not handed new columns for nothing.
 */
export function useColumnSizes(
  def: GridDefinition,
  rows: readonly GridRow[],
  readOnly: boolean,
  model: GridModel,
  cells: CellExtras | undefined,
  collapsible: boolean,
): ReadonlyMap<string, ColumnSize> {
  // The widths as text: new rows with the same widths give the same key and so the same map.
  const key = useMemo(() => {
    const indented = def.tree ? def.fields.find((f) => f.kind === 'text')?.id : undefined;
    const next = columnSizes(def, rows, {
      measure: canvasMeasure(),
      readOnly,
      text: cells?.text,
      indent: indented
        ? (row, fieldId) => (fieldId === indented ? INDENT_PX * model.depth(row) + (collapsible ? TOGGLE_PX : 0) : 0)
        : undefined,
    });
    return JSON.stringify([...next]);
  }, [def, rows, readOnly, model, cells, collapsible]);
  return useMemo(() => new Map(JSON.parse(key) as [string, ColumnSize][]), [key]);
}
