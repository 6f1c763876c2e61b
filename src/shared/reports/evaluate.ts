/**
 * The report evaluator: a template (templates/reports) and a trial balance in, every line's figure per
 * column out, with the form's checks (资产总计 = 负债与净资产总计). Pure and synchronous: the server
 * runs it on balances it has summed, and the client shows the result as it is.
 *
 * What must stay true:
 * - Integer fen in, integer fen out (assertSafeFen on every figure); no rounding anywhere.
 * - Balances are signed debit minus credit and given for last-level subjects only; a term takes
 *   its code and every code under it. Two inputs where one code is a prefix of the other would be
 *   counted twice, so they are refused (as are duplicate codes).
 * - A line formula adds the other lines' figures as shown (null, a blank cell, counts as 0), so
 *   the Excel formulas of excel-formulas.ts recalculate to the same figures.
 * - No balance is silently left out: a balance under the template's `covers` prefixes that no
 *   printed line takes is listed in `uncovered`.
 */
import { assertSafeFen } from '../money.js';
import type { BalanceDirection } from '../constants.js';
import type { ColumnSource, LineSide, ReportColumn, ReportForm, ReportLine, SubjectBalance, SubjectTerm } from './types.js';

export type ReportMode = 'interim' | 'annual';

export interface EvaluateOptions {
  /** Interim (monthly, quarterly) or annual report; default interim. */
  readonly mode?: ReportMode;
  /** Add current-year revenue and expense not yet closed to the template's carryOver line (spec carryOver). */
  readonly carryOver?: boolean;
  /** The prior year's figures, for the annual report's 上年数 column. */
  readonly priorYear?: readonly SubjectBalance[];
}

export interface EvaluatedLine {
  readonly no: number | null;
  readonly name: string;
  /** Name with the interim-only marker '*' as the form prints it. */
  readonly printedName: string;
  readonly part: ReportLine['part'];
  readonly row: number;
  readonly indent: ReportLine['indent'];
  readonly bold: boolean;
  readonly center: boolean;
  /** An interim-only line in the annual report: not printed. */
  readonly hidden: boolean;
  /** Columns whose cell the form prints as '——' (their figure is null). */
  readonly dashed: readonly string[];
  /** Figure per column id; null for a heading or a blank cell ('——', an annual-only line in an interim report, no prior-year data). */
  readonly amounts: Readonly<Record<string, number | null>>;
  /** Subject codes the line reads, directly or through the lines it adds (for drill-down to the detail ledger). */
  readonly codes: readonly string[];
}

export interface EvaluatedCheck {
  readonly name: string;
  readonly left: number;
  readonly right: number;
  /** Per column: both sides' figures and whether they are equal (null when the column is blank). */
  readonly columns: Readonly<Record<string, { left: number | null; right: number | null; balanced: boolean | null }>>;
}

export interface ReportResult {
  readonly formNo: string;
  readonly title: string;
  readonly mode: ReportMode;
  /** Columns in form order; hasData is false for the annual 上年数 column without prior-year figures (all blank). */
  readonly columns: readonly { id: string; name: string; hasData: boolean }[];
  readonly lines: readonly EvaluatedLine[];
  readonly checks: readonly EvaluatedCheck[];
  /** True when every check balances in every column that has figures. */
  readonly balanced: boolean;
  /** Revenue less expense added by carryOver, per column (0 without it). */
  readonly carriedOver: Readonly<Record<string, number>>;
  /** Codes with figures under the template's `covers` that no printed line takes. */
  readonly uncovered: readonly string[];
}

/** A balance kept in the subject's own direction (1 借, 2 贷) as debit minus credit. */
export function signedBalance(amountFen: number, direction: BalanceDirection): number {
  assertSafeFen(amountFen);
  return direction === 1 ? amountFen : -amountFen;
}

/**
 * Balances the evaluator refuses: a code given twice, or with one of its sub-codes (the amount
 * would count twice). `input` says which balances: the report's year or the prior year's.
 */
export class ReportInputError extends Error {
  constructor(
    readonly code: string,
    /** The sub-code given beside it; null for a code given twice. */
    readonly under: string | null,
    readonly input: 'current' | 'priorYear',
  ) {
    super(
      under === null ? `报表取数: 科目 ${code} 重复` : `报表取数: 科目 ${code} 与其下级 ${under} 同时给出余额，只应给出末级科目`,
    );
    this.name = 'ReportInputError';
  }
}

function checkInput(balances: readonly SubjectBalance[], input: ReportInputError['input']): void {
  const codes = balances.map((b) => b.code).sort();
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? '';
    const next = codes[i + 1];
    if (next !== undefined && next.startsWith(code)) throw new ReportInputError(code, next === code ? null : next, input);
  }
  for (const b of balances) {
    for (const v of [b.openingFen, b.closingFen, b.periodDebitFen, b.periodCreditFen, b.yearDebitFen, b.yearCreditFen]) {
      assertSafeFen(v);
    }
  }
}

function debitMinusCredit(b: SubjectBalance, amount: SubjectTerm['amount'], source: ColumnSource): number {
  switch (amount) {
    case 'opening':
      return b.openingFen;
    case 'closing':
      return b.closingFen;
    case 'balance':
      return source.balance === 'opening' ? b.openingFen : b.closingFen;
    default:
      return source.movement === 'period' ? b.periodDebitFen - b.periodCreditFen : b.yearDebitFen - b.yearCreditFen;
  }
}

/** Negating 0 gives -0, which equals 0 but prints and compares (Object.is) differently: never return it. */
const noNegativeZero = (fen: number): number => (fen === 0 ? 0 : fen);

const shown = (debitMinusCreditFen: number, side: LineSide): number =>
  noNegativeZero(side === 'debit' ? debitMinusCreditFen : -debitMinusCreditFen);

const under = (code: string, prefix: string): boolean => code.startsWith(prefix);

/** Whether the line is printed in this mode. */
export function isLineShown(line: ReportLine, mode: ReportMode): boolean {
  return !(mode === 'annual' && line.interimOnly === true);
}

/** Whether the line's cell in that column holds a figure (not a heading, '——', or an annual-only line in an interim report). */
export function hasFigure(line: ReportLine, columnId: string, mode: ReportMode): boolean {
  if (!line.formula || !isLineShown(line, mode)) return false;
  if (mode === 'interim' && line.annualOnly === true) return false;
  return !(line.blankColumns ?? []).includes(columnId);
}

export function printedName(line: ReportLine): string {
  return line.interimOnly === true ? `${line.name}*` : line.name;
}

export function columnName(column: ReportColumn, mode: ReportMode): string {
  return mode === 'annual' ? (column.annualName ?? column.name) : column.name;
}

function lineByNo(form: ReportForm): Map<number, ReportLine> {
  const map = new Map<number, ReportLine>();
  for (const line of form.lines) if (line.no !== null) map.set(line.no, line);
  return map;
}

/** The subject codes a line reads, directly or through the lines it adds, in first-seen order. */
export function subjectCodesOf(form: ReportForm, no: number): string[] {
  const byNo = lineByNo(form);
  const codes = new Set<string>();
  const visit = (n: number, seen: Set<number>) => {
    const formula = byNo.get(n)?.formula;
    if (!formula || seen.has(n)) return;
    seen.add(n);
    if ('sum' in formula) for (const term of formula.sum) codes.add(term.code);
    else for (const t of formula.lines) visit(typeof t === 'number' ? t : t.line, seen);
  };
  visit(no, new Set());
  return [...codes];
}

export function evaluateReport(
  form: ReportForm,
  balances: readonly SubjectBalance[],
  options: EvaluateOptions = {},
): ReportResult {
  const mode = options.mode ?? 'interim';
  checkInput(balances, 'current');
  if (options.priorYear) checkInput(options.priorYear, 'priorYear');
  const byNo = lineByNo(form);
  const carryLine = options.carryOver && form.carryOver ? form.carryOver[mode === 'annual' ? 'annualLine' : 'interimLine'] : null;

  const amounts = new Map<number, Record<string, number | null>>();
  const carriedOver: Record<string, number> = {};

  for (const column of form.columns) {
    const source = column[mode];
    const data = source.data === 'current' ? balances : options.priorYear;
    const memo = new Map<number, number | null>();
    const visiting = new Set<number>();

    const sumTerms = (terms: readonly SubjectTerm[], side: LineSide): number => {
      let total = 0;
      for (const term of terms) {
        for (const b of data ?? []) {
          if (!under(b.code, term.code)) continue;
          total += (term.sign ?? 1) * shown(debitMinusCredit(b, term.amount ?? form.defaultAmount, source), side);
        }
      }
      return total;
    };

    let surplus = 0;
    if (carryLine !== null && form.carryOver) {
      const from = form.carryOver.from;
      const revenueLessExpense = -(data ?? [])
        .filter((b) => from.some((p) => under(b.code, p)))
        .reduce((acc, b) => acc + debitMinusCredit(b, 'balance', source), 0);
      surplus = noNegativeZero(revenueLessExpense);
    }
    carriedOver[column.id] = data ? surplus : 0;

    const valueOf = (no: number): number | null => {
      if (memo.has(no)) return memo.get(no) ?? null;
      const line = byNo.get(no);
      if (!line) throw new Error(`报表模板: 行 ${no} 不存在`);
      if (visiting.has(no)) throw new Error(`报表模板: 行 ${no} 的公式循环引用`);
      visiting.add(no);
      let value: number | null = null;
      if (data && line.formula && hasFigure(line, column.id, mode)) {
        if ('sum' in line.formula) value = sumTerms(line.formula.sum, line.side);
        else {
          value = 0;
          for (const t of line.formula.lines) {
            const ref = typeof t === 'number' ? { line: t, sign: 1 } : t;
            value += ref.sign * (valueOf(ref.line) ?? 0);
          }
        }
        if (no === carryLine) value += shown(-surplus, line.side);
        value = noNegativeZero(value);
        assertSafeFen(value);
      }
      visiting.delete(no);
      memo.set(no, value);
      return value;
    };

    for (const no of byNo.keys()) {
      const row = amounts.get(no) ?? {};
      row[column.id] = valueOf(no);
      amounts.set(no, row);
    }
  }

  const lines: EvaluatedLine[] = form.lines.map((line) => ({
    no: line.no,
    name: line.name,
    printedName: printedName(line),
    part: line.part,
    row: line.row,
    indent: line.indent,
    bold: line.bold === true,
    center: line.center === true,
    hidden: !isLineShown(line, mode),
    dashed: line.blankColumns ?? [],
    amounts: line.no === null ? Object.fromEntries(form.columns.map((c) => [c.id, null])) : (amounts.get(line.no) ?? {}),
    codes: line.no === null ? [] : subjectCodesOf(form, line.no),
  }));

  const checks: EvaluatedCheck[] = form.checks.map((check) => {
    const columns: Record<string, { left: number | null; right: number | null; balanced: boolean | null }> = {};
    for (const column of form.columns) {
      const left = amounts.get(check.left)?.[column.id] ?? null;
      const right = amounts.get(check.right)?.[column.id] ?? null;
      columns[column.id] = { left, right, balanced: left === null && right === null ? null : left === right };
    }
    return { ...check, columns };
  });

  const taken: string[] = [];
  for (const line of form.lines) {
    if (line.formula && 'sum' in line.formula && isLineShown(line, mode)) {
      for (const term of line.formula.sum) taken.push(term.code);
    }
  }
  const uncovered = balances
    .filter((b) => form.covers.some((p) => under(b.code, p)))
    .filter((b) => !taken.some((p) => under(b.code, p)))
    .filter((b) =>
      [b.openingFen, b.closingFen, b.periodDebitFen, b.periodCreditFen, b.yearDebitFen, b.yearCreditFen].some((v) => v !== 0),
    )
    .map((b) => b.code)
    .sort();

  return {
    formNo: form.formNo,
    title: form.title,
    mode,
    columns: form.columns.map((c) => ({
      id: c.id,
      name: columnName(c, mode),
      hasData: c[mode].data === 'current' || options.priorYear !== undefined,
    })),
    lines,
    checks,
    balanced: checks.every((c) => Object.values(c.columns).every((col) => col.balanced !== false)),
    carriedOver,
    uncovered,
  };
}
