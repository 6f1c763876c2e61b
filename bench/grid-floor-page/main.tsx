/**
 * The floor of the grid bench: the same rows and columns on React and AG Grid alone (createGrid in
 * a layout effect, the same theme, a total row of plain sums), none of the editor's code. Its cold
 * first render is what the stack itself costs on the machine, so the editor's figure can be read
 * against it (bench/grid-render.ts).
 */
import {
  ClientSideRowModelModule,
  createGrid,
  ModuleRegistry,
  PinnedRowModule,
  themeQuartz,
  type ColDef,
  type ColGroupDef,
} from 'ag-grid-community';
import { StrictMode, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { markFirstRender } from '../support/first-render-marks.js';
import { benchGrid, benchRows, type BenchRow } from '../grid-page/bench-grid.js';

ModuleRegistry.registerModules([ClientSideRowModelModule, PinnedRowModule]);

const theme = themeQuartz.withParams({ fontFamily: 'inherit', fontSize: 13, rowHeight: 34, headerHeight: 34, spacing: 5 });
const yuan = (fen: unknown) => (typeof fen === 'number' ? (fen / 100).toFixed(2) : '');

const count = Number(new URLSearchParams(location.search).get('rows') ?? 10_000);
const rows = benchRows(count);
const money = benchGrid.fields.filter((f) => f.kind === 'money');
const total: Record<string, unknown> = { rowId: 'total', code: '合计' };
for (const f of money) total[f.id] = rows.reduce((n, r) => n + (r[f.id as 'm1'] ?? 0), 0);
const column = (f: (typeof benchGrid.fields)[number]): ColDef<BenchRow> => ({
  colId: f.id,
  field: f.id,
  headerName: f.header,
  width: f.width,
  pinned: f.pinned ? 'left' : undefined,
  valueFormatter: f.kind === 'money' ? (p) => yuan(p.value) : undefined,
});
const columnDefs: (ColDef<BenchRow> | ColGroupDef<BenchRow>)[] = [
  ...benchGrid.fields.filter((f) => !f.group).map(column),
  ...(benchGrid.groups ?? []).map((g) => ({
    headerName: g.header,
    children: benchGrid.fields.filter((f) => f.group === g.id).map(column),
  })),
];

function FloorGrid() {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!host.current) return;
    const api = createGrid<BenchRow>(host.current, {
      theme,
      columnDefs,
      rowData: rows.slice(0, 200),
      pinnedBottomRowData: [total as BenchRow],
      getRowId: (p) => p.data.rowId,
      rowBuffer: 10,
    });
    return () => api.destroy();
  }, []);
  return <div ref={host} style={{ height: 640 }} />;
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
markFirstRender('m1', (text) => text !== '');
createRoot(container).render(
  <StrictMode>
    <FloorGrid />
  </StrictMode>,
);
