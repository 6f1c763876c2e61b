import type { GridApi } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { createPlainEngine } from '../../../formulas/plain-engine.js';
import { PAGING_THRESHOLD, type GridDefinition, type GridRow } from '../../shared/grid/definition.js';
import { TOTAL_ROW_ID } from './columns.js';
import { GridController } from './grid-controller.js';
import { GridModel, type ErrorItem, type GridEngineLike } from './grid-model.js';

type Row = GridRow & { name: string | null; amount: number | null };

const def = {
  id: 'open',
  title: '打开',
  fields: [
    { id: 'name', header: '名称', kind: 'text', required: true },
    { id: 'amount', header: '金额', kind: 'money', capFen: 99_999_999_999 },
  ],
  totals: [{ id: 'sum', label: '合计', expression: 'SUM(amount)', showUnder: 'amount' }],
  commands: [],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: 's', title: 't', totalsAsFormulas: true },
} as const satisfies GridDefinition<Row>;

// Every tenth row lacks its required name.
const rowsOf = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ rowId: String(i), name: i % 10 === 3 ? null : `行${i}`, amount: i * 100 }));

/** The grid calls the controller makes as it opens (a stand-in for AG Grid's api; no server). */
function gridStandIn() {
  const pinned: GridRow[][] = [];
  const api = {
    getPinnedBottomRowCount: () => 0,
    setGridOption: (key: string, value: GridRow[]) => {
      if (key === 'pinnedBottomRowData') pinned.push(value);
    },
    refreshCells: () => undefined,
  } as unknown as GridApi<GridRow>;
  return { api, pinned };
}

function open(n: number) {
  const rows = rowsOf(n);
  const model = new GridModel<GridRow>(def, rows, false, rows.length <= PAGING_THRESHOLD);
  const engine: GridEngineLike | null = createPlainEngine(def as unknown as GridDefinition, rows);
  model.attachEngine(engine);
  const controller = new GridController(model);
  const reported: ErrorItem[][] = [];
  controller.connect({ ...controller.hooks, setErrors: (errors) => reported.push(errors) });
  return { controller, model, reported };
}

describe('a grid as it opens', () => {
  it('is created with its total row holding the figures, so the first frame shows them', () => {
    const { controller } = open(120);
    const expected = rowsOf(120).reduce((n, r) => n + (r.amount ?? 0), 0);
    expect(controller.initialTotalRows()).toEqual([expect.objectContaining({ rowId: TOTAL_ROW_ID, amount: expected })]);
  });

  it('a large grid checks its rows after the first frame, then reports what it found', () => {
    const { controller, model, reported } = open(PAGING_THRESHOLD + 70);
    const { api } = gridStandIn();
    controller.attach(api);
    expect(model.isValidated).toBe(false);
    expect(reported).toEqual([]);
    model.ensureValidated();
    controller.refreshAll();
    expect(reported.at(-1)?.length).toBe(12);
  });

  it('a small grid reports its errors at once', () => {
    const { controller, reported } = open(PAGING_THRESHOLD);
    controller.attach(gridStandIn().api);
    expect(reported.at(-1)?.length).toBe(5);
  });
});
