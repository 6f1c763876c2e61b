/**
 * Sheet 3 of the transition workbook, 2021年末数: the old (2009) chart with the saved year-end balances, each in its
 * subject's direction. Last-level subjects hold the figures as keyed; a parent is a live SUM of its children. Each
 * last-level balance is put on its side (借方 / 贷方, a formula over its direction and amount) and the two sides are
 * totalled with their difference: the year end's trial check, as codeJoin's oldDebit and oldCredit. The worksheet
 * sheet reads its old balances from here, so changing a balance recalculates the whole transfer.
 */
import type ExcelJS from 'exceljs';
import { union2009 } from '../../../templates/charts/index.js';
import type { ExportHeading } from '../../../grids/workbook/heading.js';
import { applyPrintSetup, HEADING_ROWS, MONEY, TEXT, writeHeadingBlock } from '../reports/sheet-heading.js';
import { sheetRefOf } from '../reports/trial-sheet.js';
import { cellList, directionText, rounded, sheetWriter, sideFormulas, sides } from './export-cells.js';

export interface YearEndRefs {
  /** The cell (with its sheet) holding a 2009 subject's year-end balance, for the worksheet's formulas. */
  balanceCell(code: string): string | undefined;
}

const HEAD_ROW = HEADING_ROWS + 1;
const FIRST_ROW = HEAD_ROW + 1;
const WIDTH = 6;

export function writeYearEndSheet(
  sheet: ExcelJS.Worksheet,
  heading: ExportHeading,
  oldBalances: ReadonlyMap<string, number>,
): YearEndRefs {
  const subjects = union2009.subjects;
  const rowOf = new Map<string, number>(subjects.map((s, i) => [s.code, FIRST_ROW + i]));
  const childrenOf = (code: string) => subjects.filter((s) => s.parentCode === code);
  const balanceOf = (code: string): number => {
    const children = childrenOf(code);
    return children.length === 0 ? (oldBalances.get(code) ?? 0) : children.reduce((sum, c) => sum + balanceOf(c.code), 0);
  };

  sheet.columns = [
    { width: 12, style: { numFmt: TEXT } },
    { width: 30, style: { numFmt: TEXT } },
    { width: 8, style: { numFmt: TEXT } },
    ...Array.from({ length: WIDTH - 3 }, () => ({ width: 18, style: { numFmt: MONEY } })),
  ];
  writeHeadingBlock(sheet, heading, WIDTH);
  const w = sheetWriter(sheet);
  ['科目编码', '科目名称', '余额方向', '年末余额', '试算：借方', '试算：贷方'].forEach((h, i) => w.heading(HEAD_ROW, i + 1, h));

  let debit = 0;
  let credit = 0;
  const leafRows: number[] = [];
  for (const s of subjects) {
    const row = rowOf.get(s.code) ?? 0;
    const fen = balanceOf(s.code);
    w.text(row, 1, s.code);
    w.text(row, 2, s.name, { alignment: { indent: s.level - 1 } });
    w.text(row, 3, directionText(s.balanceDirection), { alignment: { horizontal: 'center' } });
    const children = childrenOf(s.code);
    if (children.length > 0) {
      const rows = children.map((c) => rowOf.get(c.code) ?? 0);
      w.moneyFormula(row, 4, rounded(`SUM(${cellList('D', rows)})`), fen, { bold: true });
      continue;
    }
    leafRows.push(row);
    w.money(row, 4, fen);
    const side = sides(fen, s.balanceDirection);
    const formulas = sideFormulas(`C${row}`, `D${row}`);
    w.moneyFormula(row, 5, formulas.debit, side.debit);
    w.moneyFormula(row, 6, formulas.credit, side.credit);
    debit += side.debit;
    credit += side.credit;
  }

  const total = FIRST_ROW + subjects.length;
  w.text(total, 1, '合计', { font: { bold: true } });
  sheet.mergeCells(total, 1, total, 4);
  w.moneyFormula(total, 5, rounded(`SUM(${cellList('E', leafRows)})`), debit, { bold: true });
  w.moneyFormula(total, 6, rounded(`SUM(${cellList('F', leafRows)})`), credit, { bold: true });
  w.text(total + 1, 1, '试算检查：借方合计−贷方合计（应为0）', { font: { bold: true } });
  sheet.mergeCells(total + 1, 1, total + 1, 5);
  w.moneyFormula(total + 1, 6, rounded(`E${total}-F${total}`), debit - credit, { bold: true });
  applyPrintSetup(sheet, HEAD_ROW, false);

  const ref = sheetRefOf(sheet.name);
  return { balanceCell: (code) => (rowOf.has(code) ? `${ref}!D${rowOf.get(code) ?? 0}` : undefined) };
}
