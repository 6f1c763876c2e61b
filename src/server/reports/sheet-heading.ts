/**
 * The heading block, print setup and workbook properties of the report workbooks, whose sheets are
 * laid out as the printed forms (two halves side by side) or as the trial balance they read, rather
 * than by a grid's sheet plan; the texts are the house's (headingTexts), so they read as every
 * other export: title; 编制单位, 账套, 会计期间, 金额单位：元; the options that shaped the figures;
 * who exported it when. Every text is a string cell in a Text ('@') cell, never a formula.
 */
import type ExcelJS from 'exceljs';
import { headingTexts, workbookProperties, type ExportHeading } from '../../../grids/workbook/heading.js';
import { MONEY_NUM_FMT, PAGE_FOOTER, TEXT_NUM_FMT as TEXT } from '../../../grids/workbook/sheet-plan.js';

export { MONEY_NUM_FMT as MONEY, TEXT };

/** The thin grid line of every table cell of the report sheets. */
export const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

/** Title and three lines; the column headings start on the row after. */
export const HEADING_ROWS = 4;

/** Columns 1..width split into `count` runs of about equal width. */
function runs(count: number, width: number): [number, number][] {
  return Array.from({ length: count }, (_, i) => [Math.floor((i * width) / count) + 1, Math.floor(((i + 1) * width) / count)]);
}

/** Writes rows 1–4 over `width` columns; `formNo` (工会01表) goes at the right of the last line. */
export function writeHeadingBlock(sheet: ExcelJS.Worksheet, heading: ExportHeading, width: number, formNo?: string): void {
  const t = headingTexts(heading);
  const line = (row: number, items: readonly string[], lastRight: boolean) => {
    if (items.length > width) {
      put(row, 1, width, items.join('　　'), false);
      return;
    }
    runs(items.length, width).forEach(([from, to], i) =>
      put(row, from, to, items[i] ?? '', lastRight && i === items.length - 1 && items.length > 1),
    );
  };
  const put = (row: number, from: number, to: number, value: string, right: boolean, style: Partial<ExcelJS.Style> = {}) => {
    if (to > from) sheet.mergeCells(row, from, row, to);
    const cell = sheet.getCell(row, from);
    cell.value = value;
    cell.style = { alignment: { horizontal: right ? 'right' : 'left', vertical: 'middle' }, ...style, numFmt: TEXT };
  };
  put(1, 1, width, heading.title, false, {
    font: { bold: true, size: 16 },
    alignment: { horizontal: 'center', vertical: 'middle' },
  });
  sheet.getRow(1).height = 28;
  if (width >= 4) line(2, [t.unit, t.ledgerSet, t.period, t.moneyUnit], true);
  else {
    // A narrow form (the income statement: a name and two amount columns): 金额单位：元 keeps its own cell.
    put(2, 1, width - 1, [t.unit, t.ledgerSet, t.period].join('　　'), false);
    put(2, width, width, t.moneyUnit, true);
  }
  line(3, [t.filters], false);
  line(4, formNo ? [t.exportedBy, t.exportedAt, formNo] : [t.exportedBy, t.exportedAt], formNo !== undefined);
}

/** Print titles down to the column headings, page x of y in the footer, headings frozen, fit to width. */
export function applyPrintSetup(sheet: ExcelJS.Worksheet, lastHeadingRow: number, landscape: boolean): void {
  sheet.pageSetup = {
    ...sheet.pageSetup,
    paperSize: 9,
    orientation: landscape ? 'landscape' : 'portrait',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `1:${lastHeadingRow}`,
  };
  sheet.headerFooter = { ...sheet.headerFooter, oddFooter: PAGE_FOOTER };
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: lastHeadingRow }];
}

export function setWorkbookProperties(workbook: ExcelJS.Workbook, heading: ExportHeading): void {
  Object.assign(workbook, workbookProperties(heading));
}
