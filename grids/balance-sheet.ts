/**
 * The balance sheet (资产负债表, /accounting-management/reports/balance-sheet) as the form prints it:
 * one grid row per body row of the form, assets on the left and liabilities and net assets on the
 * right of the same row (资产 | 行次 | 年初余额 | 期末余额 | 负债和净资产 | 行次 | 年初余额 | 期末余额).
 * Read-only: the server evaluates the form (src/shared/reports) and every figure, totals included,
 * comes from it; the workbook with live formulas is the server's export.
 */
import type { ReportLineView, ReportResponse } from '../src/shared/api/reports.js';
import type { FieldDef, GridDefinition, GridRow } from '../src/shared/grid/definition.js';

export interface BalanceSheetGridRow extends GridRow {
  /** 'r' and the form's body row. */
  readonly rowId: string;
  leftName: string;
  leftNo: number | null;
  leftOpening: number | null;
  leftClosing: number | null;
  rightName: string;
  rightNo: number | null;
  rightOpening: number | null;
  rightClosing: number | null;
}

/** What a row's halves stand for: the lines, for drill-down and emphasis (not grid fields). */
export interface ReportRowLines {
  left: ReportLineView | null;
  right: ReportLineView | null;
}

/** Name as printed with its indentation (one ideographic space per step). */
export const indentedName = (line: ReportLineView | null): string =>
  line ? `${'\u3000'.repeat(line.center ? 0 : line.indent)}${line.name}` : '';

/** A line's figure in a column; null where the form prints nothing or '——'. */
export const figureOf = (line: ReportLineView | null, columnId: string | undefined): number | null =>
  line && columnId !== undefined && !line.dashed.includes(columnId) ? (line.amounts[columnId] ?? null) : null;

/** The form's body rows, 1 to the last printed row, each with the line of each half printed on it. */
export function reportRows(report: ReportResponse): Map<number, ReportRowLines> {
  const last = Math.max(0, ...report.lines.map((l) => l.row));
  const rows = new Map<number, ReportRowLines>();
  for (let r = 1; r <= last; r++) rows.set(r, { left: null, right: null });
  for (const line of report.lines) {
    const row = rows.get(line.row);
    if (row) row[line.part] = line;
  }
  return rows;
}

export function toBalanceSheetRows(report: ReportResponse): BalanceSheetGridRow[] {
  // By id, not position: 会政财01表 prints 期末余额 before 年初余额.
  const opening = 'opening';
  const closing = 'closing';
  return [...reportRows(report)].map(([row, { left, right }]) => ({
    rowId: `r${row}`,
    leftName: indentedName(left),
    leftNo: left?.no ?? null,
    leftOpening: figureOf(left, opening),
    leftClosing: figureOf(left, closing),
    rightName: indentedName(right),
    rightNo: right?.no ?? null,
    rightOpening: figureOf(right, opening),
    rightClosing: figureOf(right, closing),
  }));
}

function fields(closingHeader: string): FieldDef<BalanceSheetGridRow>[] {
  const half = (side: 'left' | 'right', name: string): FieldDef<BalanceSheetGridRow>[] => [
    { id: `${side}Name`, header: name, kind: 'text', editable: false, width: 220 },
    { id: `${side}No`, header: '行次', kind: 'integer', editable: false, width: 56 },
    { id: `${side}Opening`, header: '年初余额', kind: 'money', editable: false, width: 140 },
    { id: `${side}Closing`, header: closingHeader, kind: 'money', editable: false, width: 140 },
  ];
  return [...half('left', '资产'), ...half('right', '负债和净资产')];
}

function definition(id: string, closingHeader: string): GridDefinition<BalanceSheetGridRow> {
  return Object.freeze({
    id,
    title: '资产负债表',
    fields: fields(closingHeader),
    commands: ['copy', 'exportExcel', 'showHelp'],
    allowAddRows: false,
    allowDeleteRows: false,
    export: { sheetName: '资产负债表', title: '资产负债表', totalsAsFormulas: true },
  } satisfies GridDefinition<BalanceSheetGridRow>);
}

/** Monthly and quarterly reports: 年初余额, 期末余额. */
export const balanceSheetGrid = definition('balance-sheet', '期末余额');
/** The annual report: 年初余额, 年末余额. */
export const balanceSheetGridAnnual = definition('balance-sheet-annual', '年末余额');
