/**
 * A report as the auditor's workbook, in the form's own layout: title, form number, 编制单位,
 * period and 单位：元 above the table; each half of the form as a name column followed by its
 * amount columns (reportSheetLayout); lines in the official order and rows. Amounts are numbers in
 * yuan with '#,##0.00'; total lines (合计, 总计, 净值, 差额) are live formulas over the cells they add
 * (reportExcelFormulas) with the figures as cached values, so the workbook recalculates to the same
 * numbers.
 *
 * What must stay true: every text (names, the unit's name) is a string cell in a Text ('@') cell,
 * never a formula, whatever it starts with (formula injection); the only formulas are ours.
 */
import ExcelJS from 'exceljs';
import type { ReportResponse } from '../../shared/api/reports.js';
import { reportExcelFormulas, reportSheetLayout } from '../../shared/reports/excel-formulas.js';
import type { ReportForm } from '../../shared/reports/types.js';

export const REPORT_FIRST_ROW = 5;
const MONEY = '#,##0.00';
const TEXT = '@';
const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

const columnIndex = (letter: string): number => letter.charCodeAt(0) - 'A'.charCodeAt(0) + 1;

/** Name headers of the halves as printed. */
function partHeaders(report: ReportResponse): Record<'left' | 'right', string> {
  return report.kind === 'balance-sheet' ? { left: '资产', right: '负债和净资产' } : { left: '项目', right: '' };
}

export function reportFileName(report: ReportResponse, extension: 'xlsx' | 'pdf'): string {
  return `${report.title}_${report.period}.${extension}`;
}

export function buildReportWorkbook(form: ReportForm, report: ReportResponse): ExcelJS.Workbook {
  const layout = reportSheetLayout(form, report.mode, REPORT_FIRST_ROW);
  const withData = report.columns.filter((c) => c.hasData).map((c) => c.id);
  const formulas = reportExcelFormulas(form, layout, report.mode, withData);
  const parts = (['left', 'right'] as const).filter((p) => layout.nameColumns[p] !== undefined);
  const width = parts.length * (report.columns.length + 1);

  const workbook = new ExcelJS.Workbook();
  workbook.creator = '工会财务云';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(report.title, {
    pageSetup: { orientation: 'portrait', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    views: [{ state: 'frozen', ySplit: REPORT_FIRST_ROW - 1 }],
  });
  sheet.columns = Array.from({ length: width }, (_, i) => {
    const isName = parts.some((p) => columnIndex(layout.nameColumns[p] ?? '') === i + 1);
    return { width: isName ? 30 : 18, style: { numFmt: isName ? TEXT : MONEY } };
  });

  const text = (row: number, column: number, value: string, style: Partial<ExcelJS.Style> = {}) => {
    const cell = sheet.getCell(row, column);
    cell.value = value;
    cell.style = { ...style, numFmt: TEXT };
    return cell;
  };

  // Title, form number, unit, period and currency unit.
  sheet.mergeCells(1, 1, 1, width);
  text(1, 1, report.title, { font: { bold: true, size: 16 }, alignment: { horizontal: 'center', vertical: 'middle' } });
  sheet.getRow(1).height = 28;
  text(2, width, report.formNo, { alignment: { horizontal: 'right' } });
  text(3, 1, `编制单位：${report.unitName}`);
  const middle = Math.max(2, Math.ceil(width / 2));
  text(3, middle, report.period, { alignment: { horizontal: 'center' } });
  text(3, width, '单位：元', { alignment: { horizontal: 'right' } });

  // Column headings.
  const headings = partHeaders(report);
  for (const part of parts) {
    const nameColumn = columnIndex(layout.nameColumns[part] ?? 'A');
    text(4, nameColumn, headings[part], { font: { bold: true }, alignment: { horizontal: 'center' }, border: THIN });
    for (const column of report.columns) {
      const letter = layout.columns[part]?.[column.id];
      if (letter)
        text(4, columnIndex(letter), column.name, { font: { bold: true }, alignment: { horizontal: 'center' }, border: THIN });
    }
  }

  // Body: every row of the form gets borders, so the halves stay ruled where one side is empty.
  const lastRow = REPORT_FIRST_ROW + Math.max(0, ...report.lines.map((l) => l.row)) - 1;
  for (let r = REPORT_FIRST_ROW; r <= lastRow; r++) {
    for (let c = 1; c <= width; c++) sheet.getCell(r, c).border = THIN;
  }
  const formulaTexts = Object.values(formulas).flatMap((byColumn) => Object.values(byColumn));
  const referenced = (address: string) => formulaTexts.some((f) => new RegExp(`(^|[^A-Z0-9:])${address}(?![0-9:])`).test(f));
  for (const line of report.lines) {
    const row = line.no === null ? REPORT_FIRST_ROW + line.row - 1 : layout.rows[line.no];
    if (row === undefined) continue;
    const nameColumn = columnIndex(layout.nameColumns[line.part] ?? 'A');
    const nameCell = text(row, nameColumn, line.name, {
      font: { bold: line.bold },
      alignment: { horizontal: line.center ? 'center' : 'left', indent: line.center ? 0 : line.indent * 2 },
      border: THIN,
    });
    nameCell.border = THIN;
    if (line.no === null) continue;
    for (const column of report.columns) {
      const letter = layout.columns[line.part]?.[column.id];
      if (!letter) continue;
      const cell = sheet.getCell(row, columnIndex(letter));
      const fen = line.amounts[column.id] ?? null;
      const formula = formulas[line.no]?.[column.id];
      if (line.dashed.includes(column.id)) {
        // '——' as the form prints it, unless a total names the cell (text in '+C9' would be #VALUE!).
        if (!referenced(`${letter}${row}`))
          text(row, columnIndex(letter), '——', { alignment: { horizontal: 'center' }, border: THIN });
        continue;
      }
      if (formula !== undefined) {
        cell.value =
          fen === null
            ? { formula: formula.slice(1), date1904: false }
            : { formula: formula.slice(1), result: fen / 100, date1904: false };
      } else if (fen !== null) {
        cell.value = fen / 100;
      }
      cell.style = { numFmt: MONEY, border: THIN, font: { bold: line.bold } };
    }
  }
  return workbook;
}
