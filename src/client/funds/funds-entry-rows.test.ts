import { describe, expect, it } from 'vitest';
import { blankFundsEntryRow, createFundsEntryGrid, type FundsEntryRow } from '../../../grids/funds-entry.js';
import { sampleHeading } from '../../../grids/workbook/sample-heading.js';
import { sheetPlan } from '../../../grids/workbook/sheet-plan.js';
import type { FundsEntryData } from '../../shared/api/schemas/funds-entry.js';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { contextOf, generatable, rowsWithShares, saveRequestOf, toGridRows, unitsOf } from './funds-entry-rows.js';

const DATA: FundsEntryData = {
  year: 2026,
  month: 3,
  units: [
    {
      code: '9001',
      name: '=HYPERLINK("http://x","点我")',
      ratios: { retained: 60, superiorOne: 30, superiorTwo: 0, lower: 10, preparatory: 0, smallBusiness: 0, collectionFee: 2 },
    },
    { code: '9002', name: '实验中学工会', ratios: null },
  ],
  rows: [
    {
      id: 'done',
      rowNo: 1,
      unitCode: '9001',
      unitName: '',
      fundsAmount: 100,
      bankCode: '102',
      auxiliaryDateTime: '2026-03-01',
      summary: '',
      retainedAmount: 60,
      superiorOneAmount: 30,
      superiorTwoAmount: 0,
      lowerAmount: 10,
      preparatoryAmount: 0,
      smallBusinessAmount: 0,
      collectionFeeAmount: 2,
      voucherId: 'v1',
      voucherText: '记-1',
    },
    {
      id: 'open',
      rowNo: 2,
      unitCode: '9001',
      unitName: '',
      fundsAmount: 1000.01,
      bankCode: '102',
      auxiliaryDateTime: '2026-03-02',
      summary: '-1+2',
      retainedAmount: null,
      superiorOneAmount: null,
      superiorTwoAmount: null,
      lowerAmount: null,
      preparatoryAmount: null,
      smallBusinessAmount: null,
      collectionFeeAmount: null,
      voucherId: null,
      voucherText: '',
    },
  ],
};

let seq = 0;
const newId = () => `n${++seq}`;

describe('the funds-entry page rows', () => {
  it('load as fen, padded to twelve rows carrying the counterpart subject', () => {
    const rows = toGridRows(DATA, newId, '102');
    expect(rows).toHaveLength(12);
    expect(rows[1]).toMatchObject({ rowId: 'open', fundsAmount: 100_001, summary: '-1+2', voucherId: null });
    expect(rows[11]).toMatchObject({ bankCode: '102', unitCode: null });
  });

  it('a save sends the started rows not yet generated, in order, amounts as yuan text; generation takes the saved ones', () => {
    const rows: FundsEntryRow[] = [
      ...toGridRows(DATA, newId, '102'),
      { ...blankFundsEntryRow('typed', '102'), unitCode: '9002', fundsAmount: 5, auxiliaryDateTime: '2026-03-05' },
    ];
    const { request, rowIds } = saveRequestOf(rows, 2026, 3);
    expect(rowIds).toEqual(['open', 'typed']);
    expect(request.rows).toEqual([
      { id: 'open', unitCode: '9001', fundsAmount: '1000.01', bankCode: '102', auxiliaryDateTime: '2026-03-02', summary: '-1+2' },
      { unitCode: '9002', fundsAmount: '0.05', bankCode: '102', auxiliaryDateTime: '2026-03-05' },
    ]);
    expect(generatable(rows).map((r) => r.rowId)).toEqual(['open']);
  });

  it('export: shares from the shared split, totals as live formulas, and text never a formula', () => {
    const units = unitsOf(DATA);
    const def = createFundsEntryGrid({ context: () => contextOf(DATA, units, [{ code: '102', lastLevel: true, enable: true }]) });
    const rows = rowsWithShares(toGridRows(DATA, newId, '102'), units);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      retainedAmount: 60_001,
      superiorOneAmount: 30_000,
      lowerAmount: 10_000,
      collectionFeeAmount: 2_000,
      netAmount: 98_001,
    });
    const plan = sheetPlan(def as unknown as GridDefinition<GridRow>, rows, sampleHeading());
    const data = rows.map((r) => plan.dataRow(r));
    // The unit shows by its name, a string cell in a Text column: never evaluated.
    expect(data[1]?.[0]).toBe('=HYPERLINK("http://x","点我")');
    expect(data[1]?.[4]).toBe('-1+2');
    expect(plan.columns[0]?.numFmt).toBe('@');
    const totals = plan.totalRows().flat();
    const formulas = totals.filter(
      (c): c is { formula: string; result?: number } => typeof c === 'object' && c !== null && 'formula' in c,
    );
    expect(formulas.length).toBe(9);
    expect(formulas[0]?.formula).toMatch(/^SUM\(B\d+:B\d+\)$/);
    expect(formulas[0]?.result).toBe(1100.01);
  });
});
