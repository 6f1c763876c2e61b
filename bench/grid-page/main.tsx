import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GridEditor } from '../../src/client/grid/GridEditor.js';
import { MessageBoxHost } from '../../src/client/message-box/MessageBoxHost.js';
import '../../src/client/styles.css';
import { markFirstRender } from '../support/first-render-marks.js';
import { benchGrid, benchRows } from './bench-grid.js';

const count = Number(new URLSearchParams(location.search).get('rows') ?? 10_000);
const rows = benchRows(count);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
// Totals ready: the HyperFormula total row has its figures (a large grid builds its engine after the first paint).
markFirstRender('m1', (text) => text !== '');
createRoot(container).render(
  <StrictMode>
    <GridEditor definition={benchGrid} rows={rows} height={640} exportInfo={{ unit: '基准单位', period: '2026年' }} />
    <MessageBoxHost />
  </StrictMode>,
);
