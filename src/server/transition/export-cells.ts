/**
 * How the transition workbook's sheets write a cell (export.ts): text always as a string cell in a Text ('@') cell,
 * so a name or summary a user typed ('=1+1', '=HYPERLINK(...)') never becomes a formula; money as a number in yuan
 * with '#,##0.00', exact from the fen; a formula with the figure the server computed as its cached value, so the
 * file reads right before it is recalculated and recalculates to the same figure.
 */
import type ExcelJS from 'exceljs';
import { MONEY, TEXT, THIN } from '../reports/sheet-heading.js';

export type Bold = { bold?: boolean };

/** A sheet's cell writers. */
export interface SheetWriter {
  readonly sheet: ExcelJS.Worksheet;
  text(row: number, col: number, value: string, style?: Partial<ExcelJS.Style>): void;
  /** A constant amount (fen). */
  money(row: number, col: number, fen: number, options?: Bold): void;
  /** A live amount: `formula` (no '=') cached as `fen`. */
  moneyFormula(row: number, col: number, formula: string, fen: number, options?: Bold): void;
  /** A live check that answers TRUE or FALSE. */
  check(row: number, col: number, formula: string, result: boolean): void;
  /** Column headings: bold, centred, ruled. */
  heading(row: number, col: number, value: string): void;
}

export function sheetWriter(sheet: ExcelJS.Worksheet): SheetWriter {
  const moneyStyle = (options: Bold = {}): Partial<ExcelJS.Style> => ({
    numFmt: MONEY,
    border: THIN,
    ...(options.bold ? { font: { bold: true } } : {}),
  });
  return {
    sheet,
    text(row, col, value, style = {}) {
      const cell = sheet.getCell(row, col);
      cell.value = value;
      cell.style = { border: THIN, ...style, numFmt: TEXT };
    },
    money(row, col, fen, options) {
      const cell = sheet.getCell(row, col);
      cell.value = fen / 100;
      cell.style = moneyStyle(options);
    },
    moneyFormula(row, col, formula, fen, options) {
      const cell = sheet.getCell(row, col);
      cell.value = { formula, result: fen / 100, date1904: false };
      cell.style = moneyStyle(options);
    },
    check(row, col, formula, result) {
      const cell = sheet.getCell(row, col);
      cell.value = { formula, result, date1904: false };
      cell.style = { border: THIN, alignment: { horizontal: 'center' } };
    },
    heading(row, col, value) {
      const cell = sheet.getCell(row, col);
      cell.value = value;
      cell.style = {
        font: { bold: true },
        alignment: { horizontal: 'center', vertical: 'middle', wrapText: true },
        border: THIN,
        numFmt: TEXT,
      };
    },
  };
}

/** Column letter of a 1-based column (A..Z is enough for these sheets). */
export const letter = (col: number): string => String.fromCharCode(64 + col);

/** A sum of yuan rounded to the fen: binary floats of yuan otherwise net to -1e-16 (shown as -0.00). */
export const rounded = (expression: string): string => `ROUND(${expression},2)`;

/** Cells as a SUM argument: runs of consecutive rows as ranges (A3:A5,A8). */
export function cellList(col: string, rows: readonly number[], sheetRef = ''): string {
  const sorted = [...rows].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    const from = sorted[i] as number;
    let to = from;
    while (sorted[i + 1] === to + 1) to = sorted[++i] as number;
    i++;
    parts.push(from === to ? `${sheetRef}${col}${from}` : `${sheetRef}${col}${from}:${col}${to}`);
  }
  return parts.join(',');
}

/** 借 / 贷 as the sheets print a balance direction (the formulas compare against these). */
export const directionText = (direction: 1 | 2): string => (direction === 1 ? '借' : '贷');

/** The debit and credit of an amount kept in a subject's direction, as live formulas over its cells. */
export function sideFormulas(directionCell: string, amountCell: string): { debit: string; credit: string } {
  const debitSide = `${directionCell}="借"`;
  return {
    debit: `IF(${debitSide},MAX(0,${amountCell}),MAX(0,-${amountCell}))`,
    credit: `IF(${debitSide},MAX(0,-${amountCell}),MAX(0,${amountCell}))`,
  };
}

/** The debit and credit (fen) of an amount in a subject's direction: what sideFormulas recalculates to. */
export function sides(fen: number, direction: 1 | 2): { debit: number; credit: number } {
  const signed = direction === 1 ? fen : -fen;
  return { debit: Math.max(0, signed), credit: Math.max(0, -signed) };
}
