/**
 * Excel export of any grid with exceljs, in the browser and in Node: the plan of xlsx-layout.ts
 * written into a worksheet. The server's streaming writer (src/server/export/xlsx-stream.ts)
 * calls fillWorksheet on a streamed worksheet, so both produce the same layout.
 */
import ExcelJS from 'exceljs';
import type { GridDefinition, GridRow } from './definition.js';
import { sheetPlan, type ExportCell, type ExportMeta, type SheetPlan } from './xlsx-layout.js';

export { sheetPlan, type ExportMeta, type SheetPlan } from './xlsx-layout.js';

const BORDER: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

/** Options of addWorksheet: frozen header (and pinned columns), landscape, one page wide. */
export function worksheetOptions(plan: SheetPlan): Partial<ExcelJS.AddWorksheetOptions> {
  return {
    views: [{ state: 'frozen', xSplit: plan.frozenColumns, ySplit: plan.frozenRows }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 },
  };
}

function cellValue(cell: ExportCell): ExcelJS.CellValue {
  if (cell === null || typeof cell !== 'object') return cell;
  return cell.result === undefined
    ? { formula: cell.formula, date1904: false }
    : { formula: cell.formula, result: cell.result, date1904: false };
}

/**
 * Writes the plan into `sheet`: column widths and formats, title, unit and period, headers,
 * data and totals. `commit` is called with each finished row (streaming writers pass
 * row => row.commit()).
 */
export function fillWorksheet(sheet: ExcelJS.Worksheet, plan: SheetPlan, commit?: (row: ExcelJS.Row) => void): void {
  sheet.columns = plan.columns.map((c) => ({ width: c.width, style: { numFmt: c.numFmt } }));
  const head = plan.headRows.map((values, r) => {
    const row = sheet.addRow(values.map(cellValue));
    if (r === 0) {
      row.height = 28;
      row.getCell(1).font = { bold: true, size: 16 };
      row.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
    } else if (r >= 2) {
      plan.columns.forEach((_, c) => {
        const cell = row.getCell(c + 1);
        cell.font = { bold: true };
        cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
        cell.border = BORDER;
      });
    } else if (plan.columns.length > 2) {
      row.getCell(plan.columns.length).alignment = { horizontal: 'right' };
    }
    return row;
  });
  for (const [top, left, bottom, right] of plan.merges) {
    if (top !== bottom || left !== right) sheet.mergeCells(top, left, bottom, right);
  }
  if (commit) head.forEach(commit);
  // One style object per column, shared by its data cells: exceljs's style registry recognises
  // an object it has seen (weak map) instead of rendering each cell's style to find its id.
  const shared = plan.columns.map((c): Partial<ExcelJS.Style> => ({ numFmt: c.numFmt }));
  const sharedStrong = plan.columns.map((c): Partial<ExcelJS.Style> => ({ numFmt: c.numFmt, font: { bold: true } }));
  for (const data of plan.rows) {
    const values = plan.dataRow(data);
    const row = sheet.addRow(values.map(cellValue));
    const styles = plan.strong(data) ? sharedStrong : shared;
    values.forEach((v, c) => {
      const style = styles[c];
      if (v !== null && style) row.getCell(c + 1).style = style;
    });
    commit?.(row);
  }
  for (const values of plan.totalRows()) {
    const row = sheet.addRow(values.map(cellValue));
    row.font = { bold: true };
    commit?.(row);
  }
}

/** The workbook of one grid: build it in memory, then `workbook.xlsx.writeBuffer()`. */
export function buildWorkbook<R extends GridRow>(
  def: GridDefinition<R>,
  rows: readonly R[],
  meta: ExportMeta,
  totals?: Readonly<Record<string, number>>,
): ExcelJS.Workbook {
  const plan = sheetPlan(def as unknown as GridDefinition<GridRow>, rows, meta, totals);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '工会财务云';
  workbook.created = new Date();
  fillWorksheet(workbook.addWorksheet(plan.sheetName, worksheetOptions(plan)), plan);
  return workbook;
}
