import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createVoucherGrid, padVoucherRows } from '../../grids/voucher.js';
import { GridEditor } from '../../src/client/grid/GridEditor.js';
import { MessageBoxHost } from '../../src/client/message-box/MessageBoxHost.js';
import { voucherCellExtras, VoucherLookupStore } from '../../src/client/vouchers/voucher-cells.js';
import '../../src/client/styles.css';
import '../../src/client/vouchers/vouchers.css';
import { markFirstRender } from '../support/first-render-marks.js';
import { benchSubjects, benchVoucherRows } from './bench-voucher.js';

const lines = Number(new URLSearchParams(location.search).get('lines') ?? 200);

// The page's lookups, as the editor page fills them from the server.
const store = new VoucherLookupStore();
const subjects = benchSubjects(60);
store.load(subjects, false);
for (const s of subjects) store.setBalance({ code: s.code, balance: 1234.5, balanceDirection: 1 });
const definition = createVoucherGrid({ context: store.ruleContext });
const cells = voucherCellExtras(store);
let n = 0;
const rows = padVoucherRows(benchVoucherRows(lines, subjects), () => `pad-${++n}`);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
// Totals ready: the total row shows the amount in Chinese capitals (合计 alone while it is zero).
markFirstRender('summary', (text) => text.startsWith('合计：'));
createRoot(container).render(
  <StrictMode>
    <div className="voucher-paper">
      <GridEditor definition={definition} rows={rows} cells={cells} toolbar={false} label="凭证分录" maxHeight={640} />
    </div>
    <MessageBoxHost />
  </StrictMode>,
);
