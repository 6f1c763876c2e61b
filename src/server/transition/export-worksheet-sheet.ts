/**
 * Sheet 1 of the transition workbook, 新旧衔接底稿 (转账工作底稿): the spec's three column groups, 原预算会计账 (序号,
 * 原科目编码, 原科目名称, 年末余额) | 调整 (调增, 调减, 调账凭证号) | 新制度 (新科目编码, 新科目名称, 辅助核算, 金额), then
 * 拆分依据 and the checks.
 *
 * - One line per part of each mapping row; the old balance stands on the row's first line, as a reference to the
 *   year-end sheet. A keyed split is the amount the user saved; the remainder part is a formula: the old balance less
 *   the row's other parts. A split row checks that its parts add up to the old balance (差额, 0) and that no split
 *   exceeds it (the remainder keeps the balance's sign: TRUE), as computeWorksheet does.
 * - Then one line per adjustment voucher line (调-N): 调增 and 调减 in the subject's direction, 金额 = 调增 − 调减.
 * - Totals are SUMs; the check old total + 调增 − 调减 − new total is 0.
 * Revenue and expense rows carry no balance (the regulation: nothing is transferred), so their amounts are 0.
 */
import type ExcelJS from 'exceljs';
import type { ExportHeading } from '../../../grids/workbook/heading.js';
import type { WorksheetRowResult } from '../../shared/transition/worksheet.js';
import { applyPrintSetup, HEADING_ROWS, MONEY, TEXT, writeHeadingBlock } from '../reports/sheet-heading.js';
import { sheetRefOf } from '../reports/trial-sheet.js';
import { cellList, rounded, sheetWriter, type SheetWriter } from './export-cells.js';
import type { YearEndRefs } from './export-year-end-sheet.js';
import type { WorksheetData } from './worksheet-read.js';

/** What the workbook writes of a set's worksheet (readWorksheet's answer). */
export type WorksheetView = Pick<WorksheetData, 'result' | 'oldName' | 'newName' | 'newDirection'> & {
  readonly oldBalances: ReadonlyMap<string, number>;
};

/** A line of the sheet that feeds an opening: its row and the opening's key. */
export interface FeedingLine {
  readonly row: number;
  readonly code: string;
  readonly auxiKey: string;
}

export interface WorksheetRefs {
  readonly sheetRef: string;
  /** The 新科目编码 and 金额 columns over the data lines, absolute, with the sheet. */
  readonly codeRange: string;
  readonly amountRange: string;
  readonly lines: readonly FeedingLine[];
  /** The 金额 total's cell, with the sheet. */
  readonly newTotalCell: string;
}

const GROUP_ROW = HEADING_ROWS + 1;
const HEAD_ROW = GROUP_ROW + 1;
const FIRST_ROW = HEAD_ROW + 1;
const C = { no: 1, oldCode: 2, oldName: 3, old: 4, increase: 5, decrease: 6, voucher: 7, code: 8, name: 9, auxi: 10, amount: 11 };
const BASIS = 12;
const DIFF = 13;
const WITHIN = 14;
const WIDTH = 14;
const L = { old: 'D', increase: 'E', decrease: 'F', code: 'H', amount: 'K', diff: 'M' } as const;

const HEADERS: readonly (readonly [number, string])[] = [
  [C.no, '序号'],
  [C.oldCode, '原科目编码'],
  [C.oldName, '原科目名称'],
  [C.old, '年末余额'],
  [C.increase, '调增'],
  [C.decrease, '调减'],
  [C.voucher, '调账凭证号'],
  [C.code, '新科目编码'],
  [C.name, '新科目名称'],
  [C.auxi, '辅助核算'],
  [C.amount, '金额'],
  [DIFF, '拆分差额（应为0）'],
  [WITHIN, '拆分未超余额'],
];

function writeHead(sheet: ExcelJS.Worksheet, w: SheetWriter): void {
  const groups: readonly (readonly [number, number, string])[] = [
    [C.no, C.old, '原预算会计账'],
    [C.increase, C.voucher, '调整'],
    [C.code, C.amount, '新制度'],
    [DIFF, WITHIN, '检查'],
  ];
  for (const [from, to, title] of groups) {
    for (let c = from; c <= to; c++) w.heading(GROUP_ROW, c, title);
    sheet.mergeCells(GROUP_ROW, from, GROUP_ROW, to);
  }
  w.heading(GROUP_ROW, BASIS, '拆分依据 / 摘要');
  w.heading(HEAD_ROW, BASIS, '拆分依据 / 摘要');
  sheet.mergeCells(GROUP_ROW, BASIS, HEAD_ROW, BASIS);
  for (const [col, title] of HEADERS) w.heading(HEAD_ROW, col, title);
}

/** Writes one mapping row from `row` on; answers the lines it wrote. */
function writeMappingRow(
  w: SheetWriter,
  view: WorksheetView,
  yearEnd: YearEndRefs,
  r: WorksheetRowResult,
  first: number,
): FeedingLine[] {
  w.text(first, C.no, r.no, { alignment: { horizontal: 'center' } });
  w.text(first, C.oldCode, r.oldCode ?? '');
  w.text(first, C.oldName, r.oldCode === null ? '' : view.oldName(r.oldCode));
  const live = r.oldCode !== null && !r.noBalance;
  const balanceCell = live && r.oldCode !== null ? yearEnd.balanceCell(r.oldCode) : undefined;
  if (balanceCell) w.moneyFormula(first, C.old, balanceCell, r.oldAmount);
  else if (r.oldCode !== null) w.money(first, C.old, r.oldAmount);
  const rows = r.parts.map((_, i) => first + i);
  r.parts.forEach((p, i) => {
    const row = first + i;
    w.text(row, C.code, p.newCode);
    w.text(row, C.name, view.newName(p.newCode));
    w.text(row, C.auxi, '');
    w.text(row, BASIS, p.basis);
    if (!live || !p.remainder) {
      w.money(row, C.amount, p.amount);
      return;
    }
    const others = rows.filter((o) => o !== row);
    const formula = others.length === 0 ? `${L.old}${first}` : rounded(`${L.old}${first}-SUM(${cellList(L.amount, others)})`);
    w.moneyFormula(row, C.amount, formula, p.amount);
  });
  const last = first + r.parts.length - 1;
  const remainder = r.parts.findIndex((p) => p.remainder);
  if (live && r.parts.length > 1 && remainder >= 0) {
    const rest = r.parts[remainder]?.amount ?? 0;
    const restCell = `${L.amount}${first + remainder}`;
    w.moneyFormula(first, DIFF, rounded(`${L.old}${first}-SUM(${L.amount}${first}:${L.amount}${last})`), 0);
    w.check(first, WITHIN, `IF(${L.old}${first}>=0,${restCell}>=0,${restCell}<=0)`, r.oldAmount >= 0 ? rest >= 0 : rest <= 0);
  }
  return r.parts.map((p, i) => ({ row: first + i, code: p.newCode, auxiKey: '' }));
}

export function writeWorksheetSheet(
  sheet: ExcelJS.Worksheet,
  heading: ExportHeading,
  view: WorksheetView,
  yearEnd: YearEndRefs,
): WorksheetRefs {
  const { result } = view;
  sheet.columns = [
    { width: 7 },
    { width: 11 },
    { width: 22 },
    { width: 16 },
    { width: 15 },
    { width: 15 },
    { width: 11 },
    { width: 11 },
    { width: 24 },
    { width: 14 },
    { width: 16 },
    { width: 28 },
    { width: 12 },
    { width: 10 },
  ].map((c, i) => ({ ...c, style: { numFmt: [C.old, C.increase, C.decrease, C.amount, DIFF].includes(i + 1) ? MONEY : TEXT } }));
  writeHeadingBlock(sheet, heading, WIDTH);
  const w = sheetWriter(sheet);
  writeHead(sheet, w);

  const lines: FeedingLine[] = [];
  let row = FIRST_ROW;
  for (const r of result.rows) {
    lines.push(...writeMappingRow(w, view, yearEnd, r, row));
    row += r.parts.length;
  }
  if (result.adjustments.length > 0) {
    w.text(row, 1, '调账凭证分录', { font: { bold: true } });
    sheet.mergeCells(row, 1, row, WIDTH);
    row++;
  }
  for (const a of result.adjustments) {
    w.money(row, C.increase, a.increase);
    w.money(row, C.decrease, a.decrease);
    w.text(row, C.voucher, a.voucherNo, { alignment: { horizontal: 'center' } });
    w.text(row, C.code, a.subjectCode);
    w.text(row, C.name, view.newName(a.subjectCode));
    w.text(row, C.auxi, a.auxiKey);
    w.moneyFormula(row, C.amount, rounded(`${L.increase}${row}-${L.decrease}${row}`), a.increase - a.decrease);
    w.text(row, BASIS, a.summary);
    lines.push({ row, code: a.subjectCode, auxiKey: a.auxiKey });
    row++;
  }
  const last = Math.max(FIRST_ROW, row - 1);

  const total = row;
  const t = result.totals;
  w.text(total, 1, '合计', { font: { bold: true }, alignment: { horizontal: 'center' } });
  sheet.mergeCells(total, 1, total, C.oldName);
  const sum = (col: string) => rounded(`SUM(${col}${FIRST_ROW}:${col}${last})`);
  w.moneyFormula(total, C.old, sum(L.old), t.old, { bold: true });
  w.moneyFormula(total, C.increase, sum(L.increase), t.increase, { bold: true });
  w.moneyFormula(total, C.decrease, sum(L.decrease), t.decrease, { bold: true });
  w.moneyFormula(total, C.amount, sum(L.amount), t.new, { bold: true });
  const check = total + 1;
  w.text(check, 1, '检查：原余额合计＋调增合计−调减合计−新制度金额合计（应为0）', { font: { bold: true } });
  sheet.mergeCells(check, 1, check, C.amount - 1);
  w.moneyFormula(
    check,
    C.amount,
    rounded(`${L.old}${total}+${L.increase}${total}-${L.decrease}${total}-${L.amount}${total}`),
    t.old + t.increase - t.decrease - t.new,
    { bold: true },
  );
  // What computeWorksheet found (the finish is refused until it is empty), for the auditor to read.
  const findings = result.problems.length === 0 ? ['检查结果：通过'] : result.problems.map((p) => `检查未通过：${p.message}`);
  findings.forEach((text, i) => {
    w.text(check + 1 + i, 1, text);
    sheet.mergeCells(check + 1 + i, 1, check + 1 + i, WIDTH);
  });
  applyPrintSetup(sheet, HEAD_ROW, true);

  const ref = sheetRefOf(sheet.name);
  const abs = (col: string) => `${ref}!$${col}$${FIRST_ROW}:$${col}$${last}`;
  return {
    sheetRef: ref,
    codeRange: abs(L.code),
    amountRange: abs(L.amount),
    lines,
    newTotalCell: `${ref}!${L.amount}${total}`,
  };
}
