import fc from 'fast-check';
import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import type { DetailLedgerGridRow } from '../../../grids/detail-ledger.js';
import type { ExportCell } from '../../../grids/workbook/sheet-plan.js';
import { DetailTotalFormulas } from './detail-total-formulas.js';

type Kind = DetailLedgerGridRow['kind'];

const row = (kind: Kind, debit: number | null, credit: number | null): DetailLedgerGridRow => ({
  rowId: `${kind}${Math.random()}`,
  kind,
  voucherId: null,
  date: '',
  voucherNo: '',
  summary: kind,
  auxiNames: '',
  debit,
  credit,
  direction: '',
  balance: null,
});

interface Month {
  lines: [number, number][];
}
interface Section {
  /** Fen of the year before the range (earlier months, a mid-year start). */
  before: [number, number];
  months: Month[];
}

/** The rows a section writes, with the server's totals (fen), as detail-rows.ts gives them. */
function sectionRows(s: Section, byItem: boolean): DetailLedgerGridRow[] {
  const rows = [...(byItem ? [row('item', null, null)] : []), row('opening', null, null)];
  let [yearDebit, yearCredit] = s.before;
  for (const m of s.months) {
    let debit = 0;
    let credit = 0;
    for (const [d, c] of m.lines) {
      rows.push(row('line', d === 0 ? null : d, c === 0 ? null : c));
      debit += d;
      credit += c;
    }
    yearDebit += debit;
    yearCredit += credit;
    rows.push(row('monthTotal', debit, credit), row('yearTotal', yearDebit, yearCredit));
  }
  return rows;
}

/** Writes the rows as the export does (debit in D, credit in E from row 7) and recalculates the sheet. */
function recalculated(rows: readonly DetailLedgerGridRow[]) {
  const first = 7;
  const formulas = new DetailTotalFormulas({ debit: 'D', credit: 'E' });
  const sheet: (number | string | null)[][] = Array.from({ length: first - 1 }, () => []);
  const cached: (number | undefined)[][] = [];
  rows.forEach((r, i) => {
    const cells = formulas.next(r, first + i);
    const value = (field: 'debit' | 'credit'): number | string | null => {
      const cell: ExportCell | undefined = cells?.[field];
      if (cell && typeof cell === 'object' && 'formula' in cell) return `=${cell.formula}`;
      const fen = r[field];
      return fen === null ? null : fen / 100;
    };
    sheet.push([null, null, null, value('debit'), value('credit')]);
    const c = (field: 'debit' | 'credit') => {
      const cell = cells?.[field];
      return cell && typeof cell === 'object' && 'result' in cell ? cell.result : undefined;
    };
    cached.push([c('debit'), c('credit')]);
  });
  const hf = HyperFormula.buildFromArray(sheet, { licenseKey: 'gpl-v3' });
  try {
    return rows.map((r, i) => ({
      kind: r.kind,
      server: [r.debit, r.credit],
      sheet: [
        hf.getCellValue({ sheet: 0, row: first - 1 + i, col: 3 }),
        hf.getCellValue({ sheet: 0, row: first - 1 + i, col: 4 }),
      ],
      cached: cached[i],
      formula: typeof sheet[first - 1 + i]?.[3] === 'string',
    }));
  } finally {
    hf.destroy();
  }
}

const fen = fc.integer({ min: 0, max: 5_000_000 });
const section = fc.record({
  before: fc.tuple(fen, fen),
  months: fc.array(fc.record({ lines: fc.array(fc.tuple(fen, fen), { maxLength: 5 }) }), { minLength: 1, maxLength: 4 }),
});

describe('detail ledger totals as formulas', () => {
  it('recalculate to the server figures: each month over its lines, each year total chained from the one before', () => {
    fc.assert(
      fc.property(fc.array(section, { minLength: 1, maxLength: 3 }), fc.boolean(), (sections, byItem) => {
        const rows = sections.flatMap((s) => sectionRows(s, byItem || sections.length > 1));
        for (const r of recalculated(rows)) {
          const total = r.kind === 'monthTotal' || r.kind === 'yearTotal';
          expect(r.formula).toBe(total);
          if (!total) continue;
          // Recalculated and cached, each to the fen, equal the server's figures.
          expect(r.sheet.map((v) => Math.round(Number(v) * 100))).toEqual(r.server);
          expect(r.cached?.map((v) => Math.round(Number(v) * 100))).toEqual(r.server);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('writes a month over its lines and a first year total over the amount before the range', () => {
    const formulas = new DetailTotalFormulas({ debit: 'D', credit: 'E' });
    const rows = sectionRows(
      {
        before: [12_345, 0],
        months: [
          {
            lines: [
              [100, 0],
              [0, 50],
            ],
          },
          { lines: [] },
        ],
      },
      false,
    );
    const cells = rows.map((r, i) => formulas.next(r, 10 + i));
    expect(cells[3]).toEqual({ debit: { formula: 'SUM(D11:D12)', result: 1 }, credit: { formula: 'SUM(E11:E12)', result: 0.5 } });
    expect(cells[4]?.debit).toEqual({ formula: '123.45+D13', result: 124.45 });
    expect(cells[4]?.credit).toEqual({ formula: 'E13', result: 0.5 });
    // A month without lines (shown with 显示无发生额月份) adds nothing.
    expect(cells[5]?.debit).toEqual({ formula: '0', result: 0 });
    expect(cells[6]?.debit).toEqual({ formula: 'D14+D15', result: 124.45 });
  });
});
