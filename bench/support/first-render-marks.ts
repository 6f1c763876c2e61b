/**
 * Runs in the bench pages: marks on window.__bench the frame after the first grid rows are in the
 * DOM (firstRender) and the frame after the total row shows its figures (totalsReady), in
 * performance.now() time (navigation start is 0). bench/support/browser.ts reads them.
 */
export interface FirstRenderMarks {
  firstRender: number | null;
  totalsReady: number | null;
}

declare global {
  interface Window {
    __bench: FirstRenderMarks;
  }
}

/** `totalsShown` tells from the total row's cell in column `totalColumn` whether the totals are there. */
export function markFirstRender(totalColumn: string, totalsShown: (text: string) => boolean): void {
  const bench: FirstRenderMarks = { firstRender: null, totalsReady: null };
  window.__bench = bench;
  const check = () => {
    const rendered = document.querySelectorAll('.ag-row:not(.ag-row-pinned)').length;
    const total = document.querySelector(`.ag-row-pinned [col-id="${totalColumn}"]`)?.textContent;
    if (bench.firstRender === null && rendered > 0) {
      requestAnimationFrame(() => {
        bench.firstRender ??= performance.now();
      });
    }
    if (bench.totalsReady === null && total && totalsShown(total)) {
      requestAnimationFrame(() => {
        bench.totalsReady ??= performance.now();
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
