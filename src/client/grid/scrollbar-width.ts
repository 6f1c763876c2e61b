/**
 * The scrollbar width to tell AG Grid. Where the browser's scrollbars take no room (overlay
 * scrollbars: macOS, touch screens, Chromium with hidden scrollbars as in the e2e runs), AG Grid
 * measures 0 and lays the columns out over the whole width, yet draws its own 16 px vertical
 * scrollbar (an opaque band) over the right edge of the rows: a right-aligned amount in the last
 * column lost its last digit. Saying 16 px makes the grid leave that band free, as it does for a
 * classic scrollbar; a classic scrollbar's own width is left to AG Grid's measurement.
 */

/** AG Grid's width for its scrollbar where the browser's takes no room (INVISIBLE_SCROLLBAR_SIZE). */
export const OVERLAY_SCROLLBAR_WIDTH = 16;

let measured: number | null = null;

/** The room a scrollbar takes in this browser (measured once, as AG Grid does). */
function browserScrollbarWidth(): number {
  if (measured !== null) return measured;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:-200px;width:100px;height:100px;overflow:scroll;opacity:0';
  document.body.appendChild(probe);
  measured = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return measured;
}

/** The grid's scrollbarWidth option: a width for overlay scrollbars, or AG Grid's own measurement. */
export function gridScrollbarWidth(): number | undefined {
  return browserScrollbarWidth() === 0 ? OVERLAY_SCROLLBAR_WIDTH : undefined;
}
