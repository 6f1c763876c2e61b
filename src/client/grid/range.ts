/**
 * The rectangular cell range of the editor (AG Grid Community has no range selection): an anchor
 * where the selection started and the focus where it ends, by row index and displayed column
 * index. Shift+arrows and Shift+click move the focus; anything else collapses it to one cell.
 */
export interface CellPos {
  readonly row: number;
  readonly col: number;
}

export interface CellRange {
  readonly anchor: CellPos;
  readonly focus: CellPos;
}

export interface Rect {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

export function single(pos: CellPos): CellRange {
  return { anchor: pos, focus: pos };
}

export function extendTo(range: CellRange, focus: CellPos): CellRange {
  return { anchor: range.anchor, focus };
}

export function rectOf(range: CellRange): Rect {
  return {
    top: Math.min(range.anchor.row, range.focus.row),
    bottom: Math.max(range.anchor.row, range.focus.row),
    left: Math.min(range.anchor.col, range.focus.col),
    right: Math.max(range.anchor.col, range.focus.col),
  };
}

export function contains(rect: Rect, row: number, col: number): boolean {
  return row >= rect.top && row <= rect.bottom && col >= rect.left && col <= rect.right;
}

export function isSingle(range: CellRange): boolean {
  return range.anchor.row === range.focus.row && range.anchor.col === range.focus.col;
}

/** The focus moved one step by an arrow key, kept inside the grid. */
export function step(pos: CellPos, key: string, rowCount: number, colCount: number): CellPos {
  const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), Math.max(max - 1, 0));
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(pos.row - 1, rowCount), col: pos.col };
    case 'ArrowDown':
      return { row: clamp(pos.row + 1, rowCount), col: pos.col };
    case 'ArrowLeft':
      return { row: pos.row, col: clamp(pos.col - 1, colCount) };
    case 'ArrowRight':
      return { row: pos.row, col: clamp(pos.col + 1, colCount) };
    default:
      return pos;
  }
}

/**
 * Where a pasted block of `height` x `width` goes: from the range's top-left corner; a single
 * copied cell fills a larger selected range, as in a spreadsheet.
 */
export function pasteTargets(range: CellRange, height: number, width: number): Rect {
  const rect = rectOf(range);
  if (height === 1 && width === 1 && !isSingle(range)) return rect;
  return { top: rect.top, left: rect.left, bottom: rect.top + height - 1, right: rect.left + width - 1 };
}
