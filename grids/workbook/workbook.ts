/**
 * Excel export of any grid with exceljs, in the browser and in Node: the plan of sheet-plan.ts
 * written into a worksheet. The server's streaming writer (src/server/export/xlsx-stream.ts)
 * calls fillWorksheet on a streamed worksheet, so both produce the same layout.
 */
import ExcelJS from 'exceljs';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';
import { workbookProperties, type ExportHeading } from './heading.js';
import { PAGE_FOOTER, sheetPlan, type ExportCell, type SheetPlan } from './sheet-plan.js';

export { sheetPlan, type SheetPlan } from './sheet-plan.js';

const BORDER: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

/**
 * Options of addWorksheet: frozen heading (and pinned columns); printed one page wide, landscape
 * when wide, the heading repeated on every page and page x of y in the footer.
 */
export function worksheetOptions(plan: SheetPlan): Partial<ExcelJS.AddWorksheetOptions> {
  return {
    views: [{ state: 'frozen', xSplit: plan.frozenColumns, ySplit: plan.frozenRows }],
    pageSetup: {
      orientation: plan.landscape ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      paperSize: 9,
      printTitlesRow: plan.printTitleRows,
      horizontalCentered: true,
      margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: PAGE_FOOTER, evenFooter: PAGE_FOOTER, firstFooter: PAGE_FOOTER },
  };
}

/** Title, subject, company, author and dates of a workbook (in memory or streamed). */
export function setWorkbookProperties(
  workbook: Pick<
    ExcelJS.Workbook,
    'title' | 'subject' | 'company' | 'creator' | 'lastModifiedBy' | 'created' | 'modified' | 'description'
  >,
  heading: ExportHeading,
): void {
  Object.assign(workbook, workbookProperties(heading));
}

function cellValue(cell: ExportCell): ExcelJS.CellValue {
  if (cell === null || typeof cell !== 'object' || cell instanceof Date) return cell;
  return cell.result === undefined
    ? { formula: cell.formula, date1904: false }
    : { formula: cell.formula, result: cell.result, date1904: false };
}

/**
 * Writes the plan into `sheet`: column widths and formats, the title and heading block, headers,
 * data and totals. `commit` is called with each finished row (streaming writers pass
 * row => row.commit()).
 */
export function fillWorksheet(sheet: ExcelJS.Worksheet, plan: SheetPlan, commit?: (row: ExcelJS.Row) => void): void {
  sheet.columns = plan.columns.map((c) => ({ width: c.width, style: { numFmt: c.numFmt } }));
  const head = plan.headRows.map((values, r) => {
    const row = sheet.addRow(values.map(cellValue));
    const kind = plan.headKinds[r];
    const height = plan.headHeights[r];
    if (height !== undefined) row.height = height;
    if (kind === 'title') {
      row.getCell(1).font = { bold: true, size: 16 };
      row.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
    } else if (kind === 'header') {
      plan.columns.forEach((_, c) => {
        const cell = row.getCell(c + 1);
        cell.font = { bold: true };
        cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
        cell.border = BORDER;
      });
    } else {
      values.forEach((v, c) => {
        if (v !== null) row.getCell(c + 1).alignment = { horizontal: 'left', vertical: 'middle', wrapText: true };
      });
    }
    return row;
  });
  for (const [r, c] of plan.rightAligned) {
    const row = head[r - 1];
    if (row) row.getCell(c).alignment = { horizontal: 'right', vertical: 'middle' };
  }
  for (const [top, left, bottom, right] of plan.merges) {
    if (top !== bottom || left !== right) sheet.mergeCells(top, left, bottom, right);
  }
  if (commit) head.forEach(commit);
  // One style object per column, shared by its data cells: exceljs's style registry recognises
  // an object it has seen (weak map) instead of rendering each cell's style to find its id.
  const shared = plan.columns.map((c): Partial<ExcelJS.Style> => ({ numFmt: c.numFmt }));
  const sharedStrong = plan.columns.map((c): Partial<ExcelJS.Style> => ({ numFmt: c.numFmt, font: { bold: true } }));
  for (const [index, data] of plan.rows.entries()) {
    const values = plan.dataRow(data, plan.firstDataRow + index);
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

/** A new in-memory workbook carrying the heading's properties. */
export function newWorkbook(heading: ExportHeading): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  setWorkbookProperties(workbook, heading);
  return workbook;
}

/** One grid as one more sheet of `workbook` (several reports in one file). */
export function addGridSheet<R extends GridRow>(
  workbook: ExcelJS.Workbook,
  def: GridDefinition<R>,
  rows: readonly R[],
  heading: ExportHeading,
  totals?: Readonly<Record<string, number>>,
): ExcelJS.Worksheet {
  const plan = sheetPlan(def as unknown as GridDefinition<GridRow>, rows, heading, totals);
  const sheet = workbook.addWorksheet(plan.sheetName, worksheetOptions(plan));
  fillWorksheet(sheet, plan);
  return sheet;
}

/** The workbook of one grid: build it in memory, then `workbook.xlsx.writeBuffer()`. */
export function buildWorkbook<R extends GridRow>(
  def: GridDefinition<R>,
  rows: readonly R[],
  heading: ExportHeading,
  totals?: Readonly<Record<string, number>>,
): ExcelJS.Workbook {
  const workbook = newWorkbook(heading);
  addGridSheet(workbook, def, rows, heading, totals);
  return workbook;
}
