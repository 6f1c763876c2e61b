import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GridEditor } from '../../src/client/grid/GridEditor.js';
import { MessageBoxHost } from '../../src/client/message-box/MessageBoxHost.js';
import '../../src/client/styles.css';
import { benchGrid, benchRows } from './bench-grid.js';

declare global {
  interface Window {
    __bench: { firstRender: number | null; totalsReady: number | null; rows: number };
  }
}

const count = Number(new URLSearchParams(location.search).get('rows') ?? 10_000);
window.__bench = { firstRender: null, totalsReady: null, rows: count };
const rows = benchRows(count);

// First render: the frame after grid rows are in the DOM; totals ready: the frame after the
// HyperFormula total row has its figures (a large grid builds its engine after the first paint).
function markFirstRender() {
  const check = () => {
    const bench = window.__bench;
    const rendered = document.querySelectorAll('.ag-row:not(.ag-row-pinned)').length;
    const total = document.querySelector('.ag-row-pinned [col-id="m1"]');
    if (bench.firstRender === null && rendered > 0) {
      requestAnimationFrame(() => {
        bench.firstRender ??= performance.now();
      });
    }
    if (bench.totalsReady === null && total?.textContent) {
      requestAnimationFrame(() => {
        bench.totalsReady ??= performance.now();
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
markFirstRender();
createRoot(container).render(
  <StrictMode>
    <GridEditor definition={benchGrid} rows={rows} height={640} exportInfo={{ unit: '基准单位', period: '2026年' }} />
    <MessageBoxHost />
  </StrictMode>,
);
