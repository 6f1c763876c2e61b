/**
 * One grid's sheet streamed row by row when its rows are not all in hand (the voucher list and the
 * detail ledger read theirs chunk by chunk): the heading block and the column headers come from
 * the sheet plan (grids/workbook), as in every other export; then each data row is written and
 * committed at once, and the totals go last as formulas over the rows written. Memory holds one
 * row at a time; a slow reader holds the next chunk back (drained()).
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { columnLetters, compileExpression } from '../../../formulas/compile.js';
import { evaluateTotals } from '../../../formulas/evaluate.js';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import type { ExportHeading } from '../../../grids/workbook/heading.js';
import type { ExportCell, SheetPlan } from '../../../grids/workbook/sheet-plan.js';
import { fillWorksheet, sheetPlan, worksheetOptions } from '../../../grids/workbook/workbook.js';
import { streamedWorkbook } from './xlsx-stream.js';

/** A cell of ours as exceljs takes it (a formula with its cached result). */
function cellValue(cell: ExportCell): ExcelJS.CellValue {
  if (cell === null || typeof cell !== 'object' || cell instanceof Date) return cell;
  return cell.result === undefined
    ? { formula: cell.formula, date1904: false }
    : { formula: cell.formula, result: cell.result, date1904: false };
}

export class StreamedSheet<R extends GridRow> {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  readonly plan: SheetPlan;
  private readonly styles: Partial<ExcelJS.Style>[];
  private readonly strongStyles: Partial<ExcelJS.Style>[];
  /** 1-based number of the row the next add() writes. */
  nextRow: number;

  /** `sample`: the first rows, to fit the column widths to (they are not written here). */
  constructor(
    private readonly stream: Writable,
    private readonly def: GridDefinition<R>,
    heading: ExportHeading,
    sample: readonly R[],
  ) {
    const plan = sheetPlan(def as unknown as GridDefinition<GridRow>, sample, heading);
    this.plan = plan;
    this.workbook = streamedWorkbook(stream, heading);
    this.sheet = this.workbook.addWorksheet(plan.sheetName, worksheetOptions(plan));
    // The head only: rows and totals are written as they come.
    fillWorksheet(this.sheet, { ...plan, rows: [], totalRows: () => [] }, (row) => row.commit());
    this.nextRow = plan.firstDataRow;
    // One style object per column, shared by its cells (exceljs recognises an object it has seen).
    this.styles = plan.columns.map((c) => ({ numFmt: c.numFmt }));
    this.strongStyles = plan.columns.map((c) => ({ numFmt: c.numFmt, font: { bold: true } }));
  }

  /** The column letter of a field ('E'), for formulas over it. */
  column(fieldId: string): string {
    const at = this.plan.columns.findIndex((c) => c.field.id === fieldId);
    if (at < 0) throw new Error(`no exported column ${fieldId}`);
    return columnLetters(at);
  }

  /** Writes one grid row, bold where the definition says; `override` replaces cells by field id (formulas). */
  addRow(row: R, override?: Readonly<Record<string, ExportCell>>): number {
    const cells = this.plan.dataRow(row);
    if (override) {
      this.plan.columns.forEach((c, i) => {
        const cell = override[c.field.id];
        if (cell !== undefined) cells[i] = cell;
      });
    }
    return this.addCells(cells, this.plan.strong(row));
  }

  /** Writes one row of cells in the columns' formats; answers its row number. */
  addCells(cells: readonly ExportCell[], strong: boolean): number {
    const row = this.sheet.addRow(cells.map(cellValue));
    const styles = strong ? this.strongStyles : this.styles;
    cells.forEach((v, c) => {
      const style = styles[c];
      if (v !== null && style) row.getCell(c + 1).style = style;
    });
    row.commit();
    return this.nextRow++;
  }

  /**
   * The definition's totals after the last row, one line each (its label first, its figure under
   * its column) as the in-memory sheet writes them: live formulas over the data rows written, with
   * their values from `sums` (each field's sum over every row, in fen for money) cached. Totals
   * here are sums of fields (the lists' 借方合计 / 贷方合计), without row filters.
   */
  addTotals(sums: Readonly<Record<string, number>>): void {
    const first = this.plan.firstDataRow;
    const last = this.nextRow - 1;
    const values = evaluateTotals(this.def as unknown as GridDefinition<GridRow>, [{ rowId: 'sums', ...sums }]);
    for (const total of this.def.totals ?? []) {
      if (total.rows) throw new Error(`streamed totals cannot filter rows: ${total.id}`);
      const under = total.showUnder ?? '';
      const at = this.plan.columns.findIndex((c) => c.field.id === under);
      const field = this.plan.columns[at]?.field;
      if (!field) throw new Error(`streamed total ${total.id} has no column`);
      const formula =
        last < first
          ? '0'
          : compileExpression(total.expression, {
              name: (name) => `${this.column(name)}${first}:${this.column(name)}${last}`,
            }).slice(1);
      const value = values[total.id] ?? NaN;
      const result = Number.isNaN(value) ? undefined : field.kind === 'money' ? value / 100 : value;
      const cells: ExportCell[] = this.plan.columns.map(() => null);
      cells[0] = total.label;
      cells[at] = { formula, result };
      this.addCells(cells, true);
    }
  }

  /** Resolves when the reader has taken what was written (call between chunks). */
  async drained(): Promise<void> {
    const stream = this.stream;
    if (stream.destroyed) throw new Error('export stream closed');
    await new Promise<void>((resolve) => {
      if (!stream.writableNeedDrain) return setImmediate(resolve);
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  }

  async finish(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
