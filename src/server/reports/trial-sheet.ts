/**
 * The trial balance (科目余额表) a report is read from, as a sheet of the report's workbook: every
 * subject of the set's chart in code order, with its 年初余额, 本期发生额, 本年累计发生额 and 期末余额,
 * each as 借方 and 贷方. The report sheet's lines are formulas over these rows (report-xlsx.ts), so an
 * auditor sees which subjects feed a line and recalculating reproduces it.
 *
 * What must stay true:
 * - Last-level subjects hold the figures the report evaluator read (values, in yuan); a parent's row
 *   is a live formula over its direct children: turnovers add up, a balance nets to one side
 *   (MAX(0, 借 − 贷) and MAX(0, 贷 − 借)), so 借方 − 贷方 of any row is its debit-minus-credit balance.
 * - rowsUnder(code) names rows that together hold everything under a code exactly once: the code's
 *   own row, or (a prefix such as '4' that is no subject) the highest rows under it.
 * - Codes and names are text in '@' cells, never formulas.
 */
import type ExcelJS from 'exceljs';
import type { ExportHeading } from '../../../grids/workbook/heading.js';
import type { SubjectBalance } from '../../shared/reports/types.js';
import { applyPrintSetup, HEADING_ROWS, MONEY, TEXT, THIN, writeHeadingBlock } from './sheet-heading.js';

export interface TrialSubject {
  readonly code: string;
  readonly name: string;
}

export type TrialFigure = 'opening' | 'period' | 'year' | 'closing';

export interface TrialSheetRefs {
  /** The sheet name as a formula names it ('科目余额表'). */
  readonly sheetRef: string;
  readonly columns: Readonly<Record<TrialFigure, { readonly debit: string; readonly credit: string }>>;
  rowsUnder(code: string): number[];
}

/** Column letters: A 编码, B 名称, then 借方 and 贷方 of each figure. */
export const TRIAL_COLUMNS: Readonly<Record<TrialFigure, { debit: string; credit: string }>> = {
  opening: { debit: 'C', credit: 'D' },
  period: { debit: 'E', credit: 'F' },
  year: { debit: 'G', credit: 'H' },
  closing: { debit: 'I', credit: 'J' },
};
const FIGURES: readonly { figure: TrialFigure; header: string; balance: boolean }[] = [
  { figure: 'opening', header: '年初余额', balance: true },
  { figure: 'period', header: '本期发生额', balance: false },
  { figure: 'year', header: '本年累计发生额', balance: false },
  { figure: 'closing', header: '期末余额', balance: true },
];
const WIDTH = 10;
const colNo = (letter: string) => letter.charCodeAt(0) - 64;

/** The name as a formula writes it, quoted (Chinese names and brackets need quotes; a quote is doubled). */
export const sheetRefOf = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** 借方 and 贷方 of each figure for one subject, in fen. */
type Pairs = Record<TrialFigure, [number, number]>;

const split = (debitMinusCredit: number): [number, number] => [Math.max(0, debitMinusCredit), Math.max(0, -debitMinusCredit)];

function leafPairs(b: SubjectBalance | undefined): Pairs {
  return {
    opening: split(b?.openingFen ?? 0),
    period: [b?.periodDebitFen ?? 0, b?.periodCreditFen ?? 0],
    year: [b?.yearDebitFen ?? 0, b?.yearCreditFen ?? 0],
    closing: split(b?.closingFen ?? 0),
  };
}

export function writeTrialSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  heading: ExportHeading,
  subjects: readonly TrialSubject[],
  balances: readonly SubjectBalance[],
): TrialSheetRefs {
  const byCode = new Map(balances.map((b) => [b.code, b]));
  const names = new Map(subjects.map((s) => [s.code, s.name]));
  // A balance whose code the chart lacks still gets its row (a figure is never dropped).
  const codes = [...new Set([...subjects.map((s) => s.code), ...balances.map((b) => b.code)])].sort();
  const firstRow = HEADING_ROWS + 3;
  const rowOf = new Map(codes.map((code, i) => [code, firstRow + i]));
  const parentOf = new Map<string, string | null>();
  for (const code of codes) {
    let parent: string | null = null;
    for (let n = code.length - 1; n > 0 && parent === null; n--) if (rowOf.has(code.slice(0, n))) parent = code.slice(0, n);
    parentOf.set(code, parent);
  }
  const children = new Map<string, string[]>();
  for (const code of codes) {
    const parent = parentOf.get(code);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), code]);
  }
  // Bottom-up (a child sorts after its parent): each parent's figures from its children's.
  const pairs = new Map<string, Pairs>();
  for (const code of [...codes].reverse()) {
    const kids = children.get(code);
    if (!kids) {
      pairs.set(code, leafPairs(byCode.get(code)));
      continue;
    }
    const sum = (figure: TrialFigure, side: 0 | 1) => kids.reduce((acc, k) => acc + (pairs.get(k)?.[figure][side] ?? 0), 0);
    const net = (figure: TrialFigure) => split(sum(figure, 0) - sum(figure, 1));
    pairs.set(code, {
      opening: net('opening'),
      period: [sum('period', 0), sum('period', 1)],
      year: [sum('year', 0), sum('year', 1)],
      closing: net('closing'),
    });
  }

  const sheet = workbook.addWorksheet(name);
  sheet.columns = [
    { width: 14, style: { numFmt: TEXT } },
    { width: 30, style: { numFmt: TEXT } },
    ...Array.from({ length: WIDTH - 2 }, () => ({ width: 16, style: { numFmt: MONEY } })),
  ];
  writeHeadingBlock(sheet, heading, WIDTH);
  const head = HEADING_ROWS + 1;
  const headCell = (row: number, column: number, value: string) => {
    const cell = sheet.getCell(row, column);
    cell.value = value;
    cell.style = { font: { bold: true }, alignment: { horizontal: 'center', vertical: 'middle' }, border: THIN, numFmt: TEXT };
  };
  headCell(head, 1, '科目编码');
  headCell(head, 2, '科目名称');
  sheet.mergeCells(head, 1, head + 1, 1);
  sheet.mergeCells(head, 2, head + 1, 2);
  for (const { figure, header } of FIGURES) {
    const { debit, credit } = TRIAL_COLUMNS[figure];
    headCell(head, colNo(debit), header);
    sheet.mergeCells(head, colNo(debit), head, colNo(credit));
    headCell(head + 1, colNo(debit), '借方');
    headCell(head + 1, colNo(credit), '贷方');
  }

  const money = (row: number, letter: string, fen: number, formula?: string, bold = false) => {
    const cell = sheet.getCell(`${letter}${row}`);
    cell.value = formula === undefined ? fen / 100 : { formula, result: fen / 100, date1904: false };
    cell.style = { numFmt: MONEY, border: THIN, ...(bold ? { font: { bold: true } } : {}) };
  };
  for (const code of codes) {
    const row = rowOf.get(code) ?? 0;
    const depth = codes.filter((c) => c !== code && code.startsWith(c)).length;
    for (const [column, value] of [
      [1, code],
      [2, names.get(code) ?? ''],
    ] as const) {
      const cell = sheet.getCell(row, column);
      cell.value = value;
      cell.style = { numFmt: TEXT, border: THIN, alignment: { indent: column === 2 ? depth : 0 } };
    }
    const kids = children.get(code)?.map((k) => rowOf.get(k) ?? 0);
    const figures = pairs.get(code) as Pairs;
    for (const { figure, balance } of FIGURES) {
      const { debit, credit } = TRIAL_COLUMNS[figure];
      const [d, c] = figures[figure];
      if (!kids) {
        money(row, debit, d);
        money(row, credit, c);
        continue;
      }
      const added = (letter: string) => kids.map((r) => `${letter}${r}`).join('+');
      if (balance) {
        money(row, debit, d, `MAX(0,${added(debit)}-(${added(credit)}))`);
        money(row, credit, c, `MAX(0,${added(credit)}-(${added(debit)}))`);
      } else {
        money(row, debit, d, added(debit));
        money(row, credit, c, added(credit));
      }
    }
  }

  // 合计 of the first-level rows: each 借方 total equals its 贷方 total when the books balance.
  const totalRow = firstRow + codes.length;
  const tops = codes.filter((c) => parentOf.get(c) === null);
  const label = sheet.getCell(totalRow, 1);
  label.value = '合计';
  label.style = { numFmt: TEXT, border: THIN, font: { bold: true }, alignment: { horizontal: 'center' } };
  sheet.mergeCells(totalRow, 1, totalRow, 2);
  for (const { figure } of FIGURES) {
    (['debit', 'credit'] as const).forEach((side, i) => {
      const letter = TRIAL_COLUMNS[figure][side];
      const fen = tops.reduce((acc, c) => acc + (pairs.get(c)?.[figure][i] ?? 0), 0);
      const cells = tops.map((c) => `${letter}${rowOf.get(c) ?? 0}`);
      money(totalRow, letter, fen, cells.length > 0 ? cells.join('+') : '0', true);
    });
  }
  applyPrintSetup(sheet, head + 1, true);

  return {
    sheetRef: sheetRefOf(name),
    columns: TRIAL_COLUMNS,
    rowsUnder: (prefix) =>
      codes.filter((c) => c.startsWith(prefix) && !(parentOf.get(c) ?? '').startsWith(prefix)).map((c) => rowOf.get(c) ?? 0),
  };
}
