import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createVoucherGrid, padVoucherRows } from '../../grids/voucher.js';
import { GridEditor } from '../../src/client/grid/GridEditor.js';
import { MessageBoxHost } from '../../src/client/message-box/MessageBoxHost.js';
import { voucherCellExtras, VoucherLookupStore } from '../../src/client/vouchers/voucher-cells.js';
import '../../src/client/styles.css';
import '../../src/client/vouchers/vouchers.css';
import { benchSubjects, benchVoucherRows } from './bench-voucher.js';

declare global {
  interface Window {
    __voucherBench: { firstRender: number | null; totalsReady: number | null; lines: number };
  }
}

const lines = Number(new URLSearchParams(location.search).get('lines') ?? 200);
window.__voucherBench = { firstRender: null, totalsReady: null, lines };

// The page's lookups, as the editor page fills them from the server.
const store = new VoucherLookupStore();
const subjects = benchSubjects(60);
store.load(subjects, false);
for (const s of subjects) store.setBalance({ code: s.code, balance: 1234.5, balanceDirection: 1 });
const definition = createVoucherGrid({ context: store.ruleContext });
const cells = voucherCellExtras(store);
let n = 0;
const rows = padVoucherRows(benchVoucherRows(lines, subjects), () => `pad-${++n}`);

// First render: the frame after voucher lines are in the DOM; totals ready: the frame after the
// total row shows the amount in Chinese capitals (HyperFormula totals).
function markFirstRender() {
  const check = () => {
    const bench = window.__voucherBench;
    const rendered = document.querySelectorAll('.ag-row:not(.ag-row-pinned)').length;
    const total = document.querySelector('.ag-row-pinned [col-id="summary"]');
    if (bench.firstRender === null && rendered > 0) {
      requestAnimationFrame(() => {
        bench.firstRender ??= performance.now();
      });
    }
    if (bench.totalsReady === null && total?.textContent?.startsWith('合计：')) {
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
    <div className="voucher-paper">
      <GridEditor definition={definition} rows={rows} cells={cells} toolbar={false} label="凭证分录" maxHeight={640} />
    </div>
    <MessageBoxHost />
  </StrictMode>,
);
