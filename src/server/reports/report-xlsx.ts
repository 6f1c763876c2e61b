/**
 * A report as the auditor's workbook: the form in its own layout on the first sheet, the trial
 * balance it reads (科目余额表, trial-sheet.ts) on the next, and every figure a live formula.
 *
 * - The heading block (sheet-heading.ts): title, 编制单位, 账套, 会计期间, 金额单位：元, the options
 *   that shaped the figures, exporter and time, and the form number; print titles and page x of y.
 * - Each half of the form is a name column followed by its amount columns (reportSheetLayout); lines
 *   in the official order and rows.
 * - A line that reads subjects is a formula over the trial balance rows of its subjects: a debit
 *   line adds 借方 − 贷方 of each row, a credit line 贷方 − 借方, of the figure its column reads
 *   (年初 or 期末 balance, the period's or the year's turnover); the balance sheet's carryOver adds
 *   revenue and expense not yet closed to its line as the evaluator does. Total lines (合计, 总计,
 *   净值, 差额) are formulas over the lines they add (reportExcelFormulas). Every formula carries the
 *   evaluator's figure as its cached value, so the file reads right before it is recalculated and
 *   recalculates to the same figures.
 *
 * What must stay true: every text (names, the unit's name) is a string cell in a Text ('@') cell,
 * never a formula, whatever it starts with (formula injection); the only formulas are ours.
 */
import ExcelJS from 'exceljs';
import { type ExportFilter, type ExportHeading } from '../../../grids/workbook/heading.js';
import type { ReportResponse } from '../../shared/api/reports.js';
import { hasFigure } from '../../shared/reports/evaluate.js';
import { reportExcelFormulas, reportSheetLayout } from '../../shared/reports/excel-formulas.js';
import type { ReportForm, ReportLine, SubjectTerm, TermAmount } from '../../shared/reports/types.js';
import type { BuiltReport, ReportSource } from './report-service.js';
import { applyPrintSetup, HEADING_ROWS, MONEY, setWorkbookProperties, TEXT, THIN, writeHeadingBlock } from './sheet-heading.js';
import { writeTrialSheet, type TrialFigure, type TrialSheetRefs } from './trial-sheet.js';

/** Column headings on the row after the heading block; the form's first row below them. */
export const REPORT_HEAD_ROW = HEADING_ROWS + 1;
export const REPORT_FIRST_ROW = REPORT_HEAD_ROW + 1;
export const TRIAL_SHEET_NAME = '科目余额表';
/** The income statement's trial balance where its turnovers leave out the carry-forward vouchers. */
export const TRIAL_SHEET_WITHOUT_CLOSING = '科目余额表(不含结转)';
export const PRIOR_TRIAL_SHEET_NAME = '上年科目余额表';

const columnIndex = (letter: string): number => letter.charCodeAt(0) - 'A'.charCodeAt(0) + 1;

/** Name headers of the halves as printed. */
function partHeaders(report: ReportResponse): Record<'left' | 'right', string> {
  return report.kind === 'balance-sheet' ? { left: '资产', right: '负债和净资产' } : { left: '项目', right: '' };
}

/** Who exports, from which set: what every heading of one export shares. */
export interface ExportParty {
  readonly unit: string;
  readonly ledgerSet: string;
  readonly exportedBy: string;
  readonly exportedAt: Date;
}

const yesNo = (v: boolean) => (v ? '是' : '否');

/** The options that shaped a report (and the trial balance it reads), as the page names them. */
export function reportFilters(report: ReportResponse, forTrialBalance = false): ExportFilter[] {
  const filters: ExportFilter[] = [{ label: '只含已记账凭证', value: yesNo(report.book) }];
  if (report.kind === 'balance-sheet' && !forTrialBalance)
    filters.push({ label: '未结转收支计入净资产', value: yesNo(report.carryOver) });
  if (report.kind === 'income-expense') filters.push({ label: '发生额不含结转凭证', value: '是' });
  return filters;
}

export function reportHeading(report: ReportResponse, party: ExportParty, period: string): ExportHeading {
  return { title: report.title, period, filters: reportFilters(report), ...party };
}

/** The trial balance figure a term reads in a column. */
function figureOf(amount: TermAmount, source: { balance: 'opening' | 'closing'; movement: 'period' | 'year' }): TrialFigure {
  if (amount === 'opening' || amount === 'closing') return amount;
  if (amount === 'balance') return source.balance;
  return source.movement;
}

/** A subject line's figure in one column as a formula over the trial balance rows of its terms. */
function subjectFormula(
  form: ReportForm,
  line: ReportLine,
  terms: readonly SubjectTerm[],
  source: { balance: 'opening' | 'closing'; movement: 'period' | 'year' },
  trial: TrialSheetRefs,
): string {
  let body = '';
  for (const term of terms) {
    const { debit, credit } = trial.columns[figureOf(term.amount ?? form.defaultAmount, source)];
    const [plus, minus] = line.side === 'debit' ? [debit, credit] : [credit, debit];
    const [first, second] = (term.sign ?? 1) === 1 ? ['+', '-'] : ['-', '+'];
    for (const row of trial.rowsUnder(term.code)) {
      body += `${first}${trial.sheetRef}!${plus}${row}${second}${trial.sheetRef}!${minus}${row}`;
    }
  }
  if (body === '') return '0';
  return body.startsWith('+') ? body.slice(1) : body;
}

/** The trial balances a report's columns read: the year's, and the prior year's for an annual 上年数. */
export interface ReportSources {
  readonly current: TrialSheetRefs;
  readonly priorYear?: TrialSheetRefs;
}

/** Writes the report's sheet; its subject lines read the trial balance sheets in `sources`. */
export function writeReportSheet(
  workbook: ExcelJS.Workbook,
  built: BuiltReport,
  heading: ExportHeading,
  sources: ReportSources,
): void {
  const { form, response: report } = built;
  const layout = reportSheetLayout(form, report.mode, REPORT_FIRST_ROW);
  const withData = report.columns.filter((c) => c.hasData).map((c) => c.id);
  const totals = reportExcelFormulas(form, layout, report.mode, withData);
  const parts = (['left', 'right'] as const).filter((p) => layout.nameColumns[p] !== undefined);
  const width = parts.length * (report.columns.length + 1);
  const byNo = new Map(form.lines.filter((l) => l.no !== null).map((l) => [l.no as number, l]));
  const carryLine =
    report.carryOver && form.carryOver ? form.carryOver[report.mode === 'annual' ? 'annualLine' : 'interimLine'] : null;

  const sheet = workbook.addWorksheet(report.title);
  sheet.columns = Array.from({ length: width }, (_, i) => {
    const isName = parts.some((p) => columnIndex(layout.nameColumns[p] ?? '') === i + 1);
    return { width: isName ? 30 : 18, style: { numFmt: isName ? TEXT : MONEY } };
  });
  writeHeadingBlock(sheet, heading, width, report.formNo);

  const text = (row: number, column: number, value: string, style: Partial<ExcelJS.Style> = {}) => {
    const cell = sheet.getCell(row, column);
    cell.value = value;
    cell.style = { ...style, numFmt: TEXT };
    return cell;
  };

  // Column headings.
  const headings = partHeaders(report);
  for (const part of parts) {
    const nameColumn = columnIndex(layout.nameColumns[part] ?? 'A');
    text(REPORT_HEAD_ROW, nameColumn, headings[part], {
      font: { bold: true },
      alignment: { horizontal: 'center' },
      border: THIN,
    });
    for (const column of report.columns) {
      const letter = layout.columns[part]?.[column.id];
      if (letter)
        text(REPORT_HEAD_ROW, columnIndex(letter), column.name, {
          font: { bold: true },
          alignment: { horizontal: 'center' },
          border: THIN,
        });
    }
  }

  // Body: every row of the form gets borders, so the halves stay ruled where one side is empty.
  const lastRow = REPORT_FIRST_ROW + Math.max(0, ...report.lines.map((l) => l.row)) - 1;
  for (let r = REPORT_FIRST_ROW; r <= lastRow; r++) {
    for (let c = 1; c <= width; c++) sheet.getCell(r, c).border = THIN;
  }
  const totalTexts = Object.values(totals).flatMap((byColumn) => Object.values(byColumn));
  const referenced = (address: string) => totalTexts.some((f) => new RegExp(`(^|[^A-Z0-9:])${address}(?![0-9:])`).test(f));
  const sourceOf = (columnId: string) => form.columns.find((c) => c.id === columnId)?.[report.mode];

  for (const line of report.lines) {
    const row = line.no === null ? REPORT_FIRST_ROW + line.row - 1 : layout.rows[line.no];
    if (row === undefined) continue;
    const nameColumn = columnIndex(layout.nameColumns[line.part] ?? 'A');
    text(row, nameColumn, line.name, {
      font: { bold: line.bold },
      alignment: { horizontal: line.center ? 'center' : 'left', indent: line.center ? 0 : line.indent * 2 },
      border: THIN,
    });
    if (line.no === null) continue;
    const formLine = byNo.get(line.no);
    for (const column of report.columns) {
      const letter = layout.columns[line.part]?.[column.id];
      if (!letter) continue;
      const cell = sheet.getCell(row, columnIndex(letter));
      const fen = line.amounts[column.id] ?? null;
      if (line.dashed.includes(column.id)) {
        // '——' as the form prints it, unless a total names the cell (text in '+C9' would be #VALUE!).
        if (!referenced(`${letter}${row}`))
          text(row, columnIndex(letter), '——', { alignment: { horizontal: 'center' }, border: THIN });
        continue;
      }
      let formula = totals[line.no]?.[column.id]?.slice(1);
      const source = sourceOf(column.id);
      const trial = source?.data === 'priorYear' ? sources.priorYear : sources.current;
      if (
        formula === undefined &&
        formLine?.formula &&
        'sum' in formLine.formula &&
        source &&
        trial &&
        column.hasData &&
        hasFigure(formLine, column.id, report.mode)
      ) {
        const terms = [...formLine.formula.sum];
        // carryOver: revenue less expense not yet closed, as the closing entries would move it.
        if (line.no === carryLine && form.carryOver)
          terms.push(...form.carryOver.from.map((code) => ({ code, amount: 'balance' as const })));
        formula = subjectFormula(form, formLine, terms, source, trial);
      }
      if (formula !== undefined) {
        // Every figure is rounded to the fen: yuan in binary floats net to -1e-16 in a line and to
        // -2e-10 in a total of millions, which Excel shows as -0.00. It never starts with a minus
        // either: -A-B of zeros is -0, which ROUND keeps.
        const signed = formula.startsWith('-') ? `0${formula}` : formula;
        const rounded = signed === '0' ? signed : `ROUND(${signed},2)`;
        cell.value = { formula: rounded, result: (fen ?? 0) / 100, date1904: false };
      } else if (fen !== null) {
        cell.value = fen / 100;
      }
      cell.style = { numFmt: MONEY, border: THIN, font: { bold: line.bold } };
    }
  }
  applyPrintSetup(sheet, REPORT_HEAD_ROW, width > 4);
}

export interface ReportPeriods {
  /** '2026年01-03月' */
  readonly period: string;
  /** The same months of the prior year, for an annual report's 上年数. */
  readonly priorPeriod: string;
}

/**
 * Writes each trial balance a report reads once per workbook: reports that read the same figures
 * share a sheet; different figures (the income statement's turnovers without the carry-forward
 * vouchers) get their own, named after what differs.
 */
class TrialSheets {
  private readonly written = new Map<string, TrialSheetRefs>();
  constructor(
    private readonly workbook: ExcelJS.Workbook,
    private readonly party: ExportParty,
    private readonly periods: ReportPeriods,
  ) {}

  private sheet(key: string, names: readonly string[], heading: ExportHeading, source: ReportSource['current']): TrialSheetRefs {
    const known = this.written.get(key);
    if (known) return known;
    const name = names.find((n) => !this.workbook.getWorksheet(n)) ?? `${names[0] ?? TRIAL_SHEET_NAME}${this.written.size}`;
    const refs = writeTrialSheet(this.workbook, name, heading, source.subjects, source.balances);
    this.written.set(key, refs);
    return refs;
  }

  sourcesOf(built: BuiltReport): ReportSources {
    const { response: report, source } = built;
    const filters = reportFilters(report, true);
    const heading = (title: string, period: string): ExportHeading => ({ title, period, filters, ...this.party });
    const current = this.sheet(
      `current ${JSON.stringify(source.current.balances)}`,
      [TRIAL_SHEET_NAME, TRIAL_SHEET_WITHOUT_CLOSING],
      heading(TRIAL_SHEET_NAME, this.periods.period),
      source.current,
    );
    if (!source.priorYear) return { current };
    const priorYear = this.sheet(
      `prior ${JSON.stringify(source.priorYear.balances)}`,
      [PRIOR_TRIAL_SHEET_NAME, `${PRIOR_TRIAL_SHEET_NAME}(不含结转)`],
      heading(`${TRIAL_SHEET_NAME}（上年）`, this.periods.priorPeriod),
      source.priorYear,
    );
    return { current, priorYear };
  }
}

/** Tab order: the sheets named first, in that order, then the rest as written. */
function orderSheets(workbook: ExcelJS.Workbook, first: readonly string[]): void {
  const rank = (name: string) => (first.includes(name) ? first.indexOf(name) : first.length);
  [...workbook.worksheets]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .forEach((s, i) => {
      (s as unknown as { orderNo: number }).orderNo = i + 1;
    });
}

/** One report: its form (the sheet that opens), then the trial balance (and the prior year's) its lines are formulas over. */
export function buildReportWorkbook(built: BuiltReport, party: ExportParty, periods: ReportPeriods): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const heading = reportHeading(built.response, party, periods.period);
  setWorkbookProperties(workbook, heading);
  const sources = new TrialSheets(workbook, party, periods).sourcesOf(built);
  writeReportSheet(workbook, built, heading, sources);
  orderSheets(workbook, [built.response.title]);
  return workbook;
}

/**
 * A month's reports in one workbook (the spec's multipleExportsDataOut): the trial balance, then each
 * report on its own sheet over the trial balance sheet it reads; the income statement's own trial
 * balance (turnovers without the carry-forward vouchers) follows where it differs.
 */
export function buildMonthWorkbook(
  reports: readonly BuiltReport[],
  party: ExportParty,
  periods: ReportPeriods,
): ExcelJS.Workbook {
  const [first] = reports;
  if (!first) throw new Error('no report to export');
  const workbook = new ExcelJS.Workbook();
  setWorkbookProperties(workbook, {
    title: MONTH_WORKBOOK_TITLE,
    period: periods.period,
    filters: reportFilters(first.response, true),
    ...party,
  });
  const trials = new TrialSheets(workbook, party, periods);
  const sources = reports.map((built) => trials.sourcesOf(built));
  reports.forEach((built, i) => {
    const read = sources[i];
    if (read) writeReportSheet(workbook, built, reportHeading(built.response, party, periods.period), read);
  });
  orderSheets(workbook, [TRIAL_SHEET_NAME, ...reports.map((r) => r.response.title)]);
  return workbook;
}

export const MONTH_WORKBOOK_TITLE = '会计报表';
