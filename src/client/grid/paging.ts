/**
 * Rows handed to the grid in pages (spec: once a grid passes 50 rows it loads 200 rows per page
 * as the user scrolls). The model keeps every row; the grid holds the first `loaded` of them.
 */
import { PAGE_ROWS, PAGING_THRESHOLD } from '../../shared/grid/definition.js';

/** How many rows the grid shows at first. */
export function initialLoaded(total: number): number {
  return total > PAGING_THRESHOLD ? Math.min(PAGE_ROWS, total) : total;
}

/** Rows to load so that row `index` (and the page it falls in) is in the grid. */
export function loadedFor(index: number, loaded: number, total: number): number {
  if (index < loaded) return loaded;
  return Math.min(total, (Math.floor(index / PAGE_ROWS) + 1) * PAGE_ROWS);
}

/** The next page when the last visible row comes within `margin` rows of the end of what is loaded. */
export function nextLoaded(lastVisible: number, loaded: number, total: number, margin = 20): number {
  if (loaded >= total || lastVisible < loaded - margin) return loaded;
  return Math.min(total, loaded + PAGE_ROWS);
}

/** After rows were added or removed, keep what was loaded (and the rows in it) loaded. */
export function loadedAfterResize(loaded: number, before: number, after: number): number {
  if (loaded >= before) return after;
  return Math.max(0, Math.min(after, loaded + (after - before)));
}
