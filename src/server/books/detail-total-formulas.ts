/**
 * The detail ledger's 本月合计 and 本年累计 as live formulas, row by row as the export writes them:
 * a month's total adds the lines written since the section's opening or the previous 本年累计; the
 * year's total is the previous 本年累计 plus this month's total, and in a section's first month
 * the amount of the year before the range (earlier months, a mid-year start's cumulative
 * amounts) plus this month's total: that constant is the only figure not on the sheet. Each cell
 * keeps the server's figure as its cached value, so a reader that does not recalculate shows the
 * same amounts.
 *
 * A month left out of the listing has no turnover (only months without lines are left out), so
 * the chain of 本年累计 holds across it. With a summary filter the lines shown are not all the
 * lines a total adds (the filter hides lines and never changes a figure): the totals then stay
 * values, and the heading names the filter.
 */
import type { DetailLedgerGridRow } from '../../../grids/detail-ledger.js';
import type { ExportCell } from '../../../grids/workbook/sheet-plan.js';

/** The cells of a total row that replace the plan's values, by field id; undefined for other rows. */
export type TotalCells = Readonly<Record<string, ExportCell>> | undefined;

const yuan = (fen: number) => fen / 100;

export class DetailTotalFormulas {
  /** First row of the month's lines. */
  private monthFirst = 0;
  private monthTotalRow = 0;
  private monthTotal = { debit: 0, credit: 0 };
  /** The section's last 本年累计 row (0: none yet). */
  private yearTotalRow = 0;

  /** `columns`: the sheet's letters of the debit and credit columns. */
  constructor(private readonly columns: { readonly debit: string; readonly credit: string }) {}

  /** Called for each row in order with the sheet row it goes to. */
  next(row: DetailLedgerGridRow, at: number): TotalCells {
    switch (row.kind) {
      case 'item':
        this.yearTotalRow = 0;
        return undefined;
      case 'opening':
        this.yearTotalRow = 0;
        this.monthFirst = at + 1;
        return undefined;
      case 'line':
        return undefined;
      case 'monthTotal': {
        this.monthTotalRow = at;
        this.monthTotal = { debit: row.debit ?? 0, credit: row.credit ?? 0 };
        const sum = (column: string, fen: number): ExportCell => ({
          formula: at > this.monthFirst ? `SUM(${column}${this.monthFirst}:${column}${at - 1})` : '0',
          result: yuan(fen),
        });
        return { debit: sum(this.columns.debit, row.debit ?? 0), credit: sum(this.columns.credit, row.credit ?? 0) };
      }
      case 'yearTotal': {
        const cumulative = (column: string, fen: number, monthFen: number): ExportCell => {
          const month = `${column}${this.monthTotalRow}`;
          if (this.yearTotalRow > 0) return { formula: `${column}${this.yearTotalRow}+${month}`, result: yuan(fen) };
          const before = fen - monthFen;
          return { formula: before === 0 ? month : `${(before / 100).toFixed(2)}+${month}`, result: yuan(fen) };
        };
        const cells = {
          debit: cumulative(this.columns.debit, row.debit ?? 0, this.monthTotal.debit),
          credit: cumulative(this.columns.credit, row.credit ?? 0, this.monthTotal.credit),
        };
        this.yearTotalRow = at;
        this.monthFirst = at + 1;
        return cells;
      }
    }
  }
}
