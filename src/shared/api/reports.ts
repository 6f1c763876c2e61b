/**
 * The official reports (spec doc 1: balance sheet 资产负债表, income and expense statement 收入支出表;
 * base /account). Figures are integer fen, computed by the report evaluator (src/shared/reports) from
 * the set's monthly balances and subject openings, so screen, workbook and PDF show the same numbers.
 */
import type { ReportMode } from '../reports/evaluate.js';
import type { LineSide } from '../reports/types.js';

/** GET /account/api/report/balanceSheet (spec: departNo, beginYearMonth, endYearMonth, book, carryOver). */
export interface BalanceSheetQuery {
  /** Spec department number; a ledger set here has no departments, so it is accepted and not used. */
  departNo?: string;
  /** 'yyyy-MM' within the session year. */
  beginYearMonth: string;
  endYearMonth: string;
  /** Only booked vouchers (true) or every voucher (false, the default). */
  book?: boolean;
  /** Add revenue and expense not yet closed to net assets (工会资金结余 / 本期盈余), as the closing entries would. */
  carryOver?: boolean;
}

/** GET /account/api/report/incomeExpense. */
export interface IncomeExpenseQuery {
  beginYearMonth: string;
  endYearMonth: string;
  book?: boolean;
}

export interface ReportLineView {
  /** Line number (行次); null for a heading. */
  no: number | null;
  /** Name as printed (interim-only lines with '*'). */
  name: string;
  /** Left (assets, or the statement) or right half (liabilities and net assets). */
  part: 'left' | 'right';
  /** Body row of the printed form; the two halves of a balance sheet share rows. */
  row: number;
  indent: 0 | 1 | 2;
  bold: boolean;
  center: boolean;
  /** How the figure is shown: debit minus credit, or credit minus debit. */
  side: LineSide;
  /** A line adding other lines (合计, 总计, 净值, 差额): a live formula in the workbook. */
  total: boolean;
  /** Figure per column id, fen; null for a heading or a blank cell. */
  amounts: Record<string, number | null>;
  /** Columns printed as '——'. */
  dashed: string[];
  /** Subject codes behind the line (drill-down to the detail ledger), only codes the set has. */
  codes: string[];
}

export interface ReportCheckView {
  name: string;
  /** Per column: the two sides and whether they are equal (null: blank column). */
  columns: Record<string, { left: number | null; right: number | null; balanced: boolean | null }>;
}

export interface ReportResponse {
  kind: 'balance-sheet' | 'income-expense';
  formNo: string;
  title: string;
  /** 编制单位: the ledger set's name. */
  unitName: string;
  year: number;
  beginMonth: number;
  endMonth: number;
  /** e.g. 2026年1月至3月. */
  period: string;
  /** Annual for the whole year (January to December), interim otherwise. */
  mode: ReportMode;
  book: boolean;
  carryOver: boolean;
  /** Whether the form prints a 行次 column. */
  lineNumbersPrinted: boolean;
  columns: { id: string; name: string; hasData: boolean }[];
  /** Printed lines in form order (lines not printed in this mode are left out). */
  lines: ReportLineView[];
  checks: ReportCheckView[];
  /** Every check balances in every column with figures. */
  balanced: boolean;
  /** Revenue less expense added by carryOver, per column. */
  carriedOver: Record<string, number>;
  /** Codes with balances that no printed line takes (a chart the form does not cover). */
  uncovered: string[];
}
