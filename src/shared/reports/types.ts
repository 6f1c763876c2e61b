/**
 * Report templates as data: the official forms (工会01表, 工会02表, 会政财01表) line by line, each line
 * either a heading, a sum over subject balances, or a sum over other lines. The evaluator
 * (evaluate.ts) turns a template and a trial balance into figures; excel-formulas.ts turns the
 * same template into live Excel formulas, so screen, print and workbook agree.
 *
 * Conventions that every template and caller relies on:
 * - Amounts are integer fen.
 * - A subject term names a code; it takes that subject and every subject whose code starts with
 *   it (a line naming 501 takes 50101…50106), so balances are passed for last-level subjects.
 * - Balances are signed debit minus credit (see SubjectBalance). A line's `side` says how it is
 *   shown: a debit line shows debit minus credit, a credit line credit minus debit. A contra
 *   subject is a line of the other side (减：累计折旧 is a credit line on the asset side), and a
 *   net line subtracts it (`lines: [11, { line: 12, sign: -1 }]`).
 */
import type { ChartId } from '../chart.js';

/** Which figure of a subject a term reads. */
export type TermAmount =
  /** The column's balance: 年初 or 期末 (a balance-sheet column). */
  | 'balance'
  /** The column's turnover: the report's months or January to the period's end (an income statement column). */
  | 'movement'
  /** The balance at the start of the year, whatever the column. */
  | 'opening'
  /** The balance at the end of the period, whatever the column. */
  | 'closing';

export interface SubjectTerm {
  /** A subject code; also takes every code that starts with it. */
  readonly code: string;
  /** -1 subtracts the term (default +1). */
  readonly sign?: 1 | -1;
  /** Default: the template's defaultAmount. */
  readonly amount?: TermAmount;
}

export interface LineTerm {
  readonly line: number;
  readonly sign: 1 | -1;
}

export type LineFormula =
  /** Sum over subject balances, shown on the line's side. An empty list is a line the form prints with nothing to take (0). */
  | { readonly sum: readonly SubjectTerm[] }
  /** Sum over other lines (合计, 总计, 净值, 差额) as they are shown, whatever their side; a number adds that line. */
  | { readonly lines: readonly (number | LineTerm)[] };

export type LineSide = 'debit' | 'credit';

export interface ReportLine {
  /** Line number (行次), unique in the template; null for a heading. */
  readonly no: number | null;
  /** Name as printed on the form, without the interim-only marker '*' (printedName adds it). */
  readonly name: string;
  /** Left or right half of a two-sided form (balance sheet: assets left, liabilities and net assets right). */
  readonly part: 'left' | 'right';
  /** Row of the form's body (1-based) the line is printed on; the two halves of a balance sheet share rows. */
  readonly row: number;
  /** Indentation level of the name as printed (0 flush, 1 and 2 indented). */
  readonly indent: 0 | 1 | 2;
  /** Printed in bold (section headings and grand totals). */
  readonly bold?: boolean;
  /** Printed centred in its cell. */
  readonly center?: boolean;
  /** Absent for a heading. */
  readonly formula?: LineFormula;
  /** How the amount is shown: debit minus credit, or credit minus debit. */
  readonly side: LineSide;
  /** Printed only in interim (monthly) reports, marked '*' (e.g. 零余额账户用款额度). */
  readonly interimOnly?: boolean;
  /** Filled only in the annual report (e.g. 年初资金结转结余); blank in monthly ones. */
  readonly annualOnly?: boolean;
  /** Columns that print '——' for this line (e.g. 本期盈余 in the 年初余额 column). */
  readonly blankColumns?: readonly string[];
  /** Why a line has no or a partial source, where the form's notes leave it to the unit. */
  readonly note?: string;
}

/** What a column reads in one kind of report (interim or annual). */
export interface ColumnSource {
  /** The balance a 'balance' term reads. */
  readonly balance: 'opening' | 'closing';
  /** The turnover a 'movement' term reads. */
  readonly movement: 'period' | 'year';
  /** The current year's balances, or the prior year's (the annual 上年数 column). */
  readonly data: 'current' | 'priorYear';
}

export interface ReportColumn {
  readonly id: string;
  /** Heading in interim reports. */
  readonly name: string;
  /** Heading in the annual report, where it differs (期末余额 → 年末余额, 本月数 → 本年数). */
  readonly annualName?: string;
  readonly interim: ColumnSource;
  readonly annual: ColumnSource;
}

/** A check the form states, e.g. 资产总计 = 负债与净资产总计. */
export interface ReportCheck {
  readonly name: string;
  readonly left: number;
  readonly right: number;
}

/**
 * Current-year revenue and expense not yet closed into net assets (the spec's carryOver option):
 * their net (revenue minus expense, i.e. credit minus debit) is added to this line, as the
 * closing entries would.
 */
export interface CarryOverRule {
  /** Codes (by prefix) of the revenue and expense subjects that close into net assets. */
  readonly from: readonly string[];
  /** Line taking the net in interim reports. */
  readonly interimLine: number;
  /** Line taking the net in the annual report. */
  readonly annualLine: number;
}

export type ReportKind = 'balance-sheet' | 'income-expense';

/** A printed form with the subjects of its whole accounting system (both union charts for a union form). */
export interface ReportForm {
  readonly kind: ReportKind;
  /** Form number as printed (工会01表). */
  readonly formNo: string;
  readonly title: string;
  /** Regulation and where the lines were taken from. */
  readonly source: string;
  /** Whether the form prints a 行次 column; when false, `no` is ours (form order, left half first). */
  readonly lineNumbersPrinted: boolean;
  readonly columns: readonly ReportColumn[];
  /** The amount a term reads when it names none. */
  readonly defaultAmount: TermAmount;
  readonly lines: readonly ReportLine[];
  /** Code prefixes this report accounts for: a balance under one of them that no line takes is reported as uncovered. */
  readonly covers: readonly string[];
  readonly checks: readonly ReportCheck[];
  readonly carryOver?: CarryOverRule;
}

/** A form for one chart: every code its terms name exists in that chart (restrictToCodes). */
export interface ReportTemplate extends ReportForm {
  readonly id: string;
  readonly chartId: ChartId;
}

/**
 * One subject's figures for the report's year and period, in fen, all signed debit minus credit
 * for balances (a credit balance is negative) and as plain turnovers for movements.
 * Pass last-level subjects only (a parent's figures come from its children by code prefix).
 * For an income statement the turnovers of revenue and expense subjects leave out the closing
 * (结转) entries that empty them into net assets, or the statement would show them netted to 0.
 */
export interface SubjectBalance {
  readonly code: string;
  /** Balance at the start of the year (年初), debit minus credit. */
  readonly openingFen: number;
  /** Balance at the end of the report's last month, debit minus credit. */
  readonly closingFen: number;
  /** Debit and credit turnover of the report's months (beginYearMonth to endYearMonth). */
  readonly periodDebitFen: number;
  readonly periodCreditFen: number;
  /** Debit and credit turnover from January to the report's last month. */
  readonly yearDebitFen: number;
  readonly yearCreditFen: number;
}
