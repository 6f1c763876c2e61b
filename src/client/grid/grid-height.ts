/**
 * How tall the editor's grid box is. A page that gives the grid its remaining height (`fill`)
 * lays itself out as a flex column: the box asks for its rows' height and shrinks to what the
 * page leaves, so its header and pinned totals row stay on screen at 1280×720 while the rows
 * scroll between them (the page's min-height keeps a few rows on a shorter screen: fit.css).
 * Otherwise a fixed height, or as tall as the rows up to maxHeight.
 */
import type { CSSProperties } from 'react';

export interface GridHeightInput {
  readonly rowCount: number;
  readonly rowHeight: number;
  /** Header rows and the pinned totals row: the editor's line height. */
  readonly lineHeight: number;
  readonly headerRows: number;
  readonly pinnedRows: number;
  readonly fill: boolean;
  readonly height: number | string;
  readonly maxHeight?: number;
}

// Room for a horizontal scrollbar, so a grid wider than its page does not hide its last row.
const SCROLLBAR_ALLOWANCE = 16;
const BORDERS = 4;

export function gridBoxStyle(input: GridHeightInput): CSSProperties {
  const { rowCount, rowHeight, lineHeight, headerRows, pinnedRows } = input;
  const around = headerRows * lineHeight + pinnedRows * lineHeight + BORDERS;
  const content = around + Math.max(rowCount, 3) * rowHeight;
  // A filling grid scrolls its rows anyway: a horizontal scrollbar may take a row's last pixels.
  if (input.fill) return { height: content };
  if (input.maxHeight) return { height: Math.min(input.maxHeight, content + SCROLLBAR_ALLOWANCE) };
  return { height: input.height };
}
