/**
 * Sheet 2 of the transition workbook, 新制度期初: one line per opening of computeWorksheet (new code and item
 * combination), with its name, direction and the opening as a formula back to the worksheet sheet: SUMIF of its code
 * over the worksheet's 新科目编码 / 金额 columns. Where adjustment lines of that code carry auxiliary items, the line of
 * each combination adds its own worksheet cells, and the code's line without items takes the SUMIF less them
 * (an item key is never a SUMIF criterion: '|' and ':' in it are not matched literally by every spreadsheet program).
 * Each opening is put on its side (借方 / 贷方, by its direction and sign, as computeWorksheet's trial); the sides are
 * totalled, their difference must be 0, and the openings' total must equal the worksheet's new total.
 */
import type ExcelJS from 'exceljs';
import type { ExportHeading } from '../../../grids/workbook/heading.js';
import { applyPrintSetup, HEADING_ROWS, MONEY, TEXT, writeHeadingBlock } from '../reports/sheet-heading.js';
import { cellList, directionText, rounded, sheetWriter, sideFormulas, sides } from './export-cells.js';
import type { WorksheetRefs, WorksheetView } from './export-worksheet-sheet.js';

const HEAD_ROW = HEADING_ROWS + 1;
const FIRST_ROW = HEAD_ROW + 1;
const WIDTH = 7;

function openingFormula(refs: WorksheetRefs, code: string, auxiKey: string, row: number): string {
  const withItems = refs.lines.filter((l) => l.code === code && l.auxiKey !== '');
  if (auxiKey !== '') {
    const own = withItems.filter((l) => l.auxiKey === auxiKey).map((l) => l.row);
    return rounded(`SUM(${cellList('K', own, `${refs.sheetRef}!`)})`);
  }
  const all = `SUMIF(${refs.codeRange},A${row},${refs.amountRange})`;
  if (withItems.length === 0) return rounded(all);
  return rounded(
    `${all}-SUM(${cellList(
      'K',
      withItems.map((l) => l.row),
      `${refs.sheetRef}!`,
    )})`,
  );
}

export function writeOpeningsSheet(
  sheet: ExcelJS.Worksheet,
  heading: ExportHeading,
  view: WorksheetView,
  refs: WorksheetRefs,
): void {
  const { openings, totals } = view.result;
  sheet.columns = [
    { width: 12, style: { numFmt: TEXT } },
    { width: 30, style: { numFmt: TEXT } },
    { width: 18, style: { numFmt: TEXT } },
    { width: 8, style: { numFmt: TEXT } },
    ...Array.from({ length: WIDTH - 4 }, () => ({ width: 18, style: { numFmt: MONEY } })),
  ];
  writeHeadingBlock(sheet, heading, WIDTH);
  const w = sheetWriter(sheet);
  ['新科目编码', '新科目名称', '辅助核算', '余额方向', '期初余额', '借方', '贷方'].forEach((h, i) =>
    w.heading(HEAD_ROW, i + 1, h),
  );

  openings.forEach((o, i) => {
    const row = FIRST_ROW + i;
    const direction = view.newDirection(o.code);
    w.text(row, 1, o.code);
    w.text(row, 2, view.newName(o.code));
    w.text(row, 3, o.auxiKey);
    w.text(row, 4, directionText(direction), { alignment: { horizontal: 'center' } });
    w.moneyFormula(row, 5, openingFormula(refs, o.code, o.auxiKey, row), o.amount);
    const side = sides(o.amount, direction);
    const formulas = sideFormulas(`D${row}`, `E${row}`);
    w.moneyFormula(row, 6, formulas.debit, side.debit);
    w.moneyFormula(row, 7, formulas.credit, side.credit);
  });

  const total = FIRST_ROW + openings.length;
  const sum = (col: string) => (openings.length === 0 ? '0' : rounded(`SUM(${col}${FIRST_ROW}:${col}${total - 1})`));
  w.text(total, 1, '合计', { font: { bold: true }, alignment: { horizontal: 'center' } });
  sheet.mergeCells(total, 1, total, 4);
  w.moneyFormula(total, 5, sum('E'), totals.new, { bold: true });
  w.moneyFormula(total, 6, sum('F'), totals.newDebit, { bold: true });
  w.moneyFormula(total, 7, sum('G'), totals.newCredit, { bold: true });
  const checks: readonly (readonly [string, string, number])[] = [
    ['试算检查：借方合计−贷方合计（应为0）', `F${total}-G${total}`, totals.newDebit - totals.newCredit],
    ['检查：期初余额合计−底稿新制度金额合计（应为0）', `E${total}-${refs.newTotalCell}`, 0],
  ];
  checks.forEach(([label, formula, fen], i) => {
    const row = total + 1 + i;
    w.text(row, 1, label, { font: { bold: true } });
    sheet.mergeCells(row, 1, row, WIDTH - 1);
    w.moneyFormula(row, WIDTH, rounded(formula), fen, { bold: true });
  });
  applyPrintSetup(sheet, HEAD_ROW, false);
}
