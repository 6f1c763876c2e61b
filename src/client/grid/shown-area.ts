/**
 * The part of the grid's body on screen, as last read from the grid, and whether a cell lies
 * wholly inside it. Reading it afresh means reading the body's scroll position, which right after
 * an edit forces the browser to lay out the page in the middle of the keystroke.
 */
export interface ShownArea {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface CellBox {
  rowTop: number | null;
  rowHeight: number | null;
  /** Null for a column not displayed. */
  left: number | null;
  width: number;
  /** Pinned columns stay on screen whatever the horizontal scroll. */
  pinned: boolean;
}

export function whollyShown(cell: CellBox, area: ShownArea | null): boolean {
  if (!area || cell.rowTop === null || cell.rowHeight === null) return false;
  const across = cell.pinned || (cell.left !== null && cell.left >= area.left && cell.left + cell.width <= area.right);
  return across && cell.rowTop >= area.top && cell.rowTop + cell.rowHeight <= area.bottom;
}
