/**
 * The balance sheet and the income and expense statement of the session's ledger set: the form of
 * its accounting system (templates/reports), restricted to the subjects the set has, evaluated on
 * its balances. The annual report (January to December) adds the prior year's figures where the
 * set has that year.
 */
import type { ReportKind, ReportForm, ReportLine } from '../../shared/reports/types.js';
import type { ReportLineView, ReportResponse } from '../../shared/api/reports.js';
import { evaluateReport, ReportInputError, type ReportMode, type ReportResult } from '../../shared/reports/evaluate.js';
import { restrictToCodes } from '../../shared/reports/restrict.js';
import { chartForSystem } from '../../../templates/charts/index.js';
import { reportTemplateFor, unionBalanceSheetForm2021, unionIncomeExpenseForm2021 } from '../../../templates/reports/index.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Scope } from '../subjects/subject-repository.js';
import { reportInput, type ReportInput } from './report-data.js';

export interface ReportRequest {
  beginMonth: number;
  endMonth: number;
  book: boolean;
  carryOver: boolean;
}

const KIND_NAMES: Record<ReportKind, string> = { 'balance-sheet': '资产负债表', 'income-expense': '收入支出表' };

/** Whether the set's accounting system has that report (the government chart has no 收入支出表 yet). */
export function providesReport(system: Scope['system'], kind: ReportKind): boolean {
  return reportTemplateFor(chartForSystem(system).id, kind) !== undefined;
}

/**
 * The form a set's report is evaluated with: a union set takes the whole 2021 form (both union charts)
 * restricted to its own codes, so a 基层 set that added 县级以上 subjects sees them on their lines.
 */
export function reportFormFor(scope: Scope, kind: ReportKind, codes: readonly string[]): ReportForm {
  const chart = chartForSystem(scope.system);
  const template = reportTemplateFor(chart.id, kind);
  if (!template) refuse('BusinessRule', `${chart.name}暂不提供${KIND_NAMES[kind]}`);
  const form =
    chart.id === 'union-2021-grassroots' || chart.id === 'union-2021-county'
      ? kind === 'balance-sheet'
        ? unionBalanceSheetForm2021
        : unionIncomeExpenseForm2021
      : template;
  return restrictToCodes(form, codes, { id: `${template.id}-zt${scope.ztId}`, chartId: chart.id });
}

export function periodText(year: number, beginMonth: number, endMonth: number, mode: ReportMode): string {
  if (mode === 'annual') return `${year}年度`;
  return beginMonth === endMonth ? `${year}年${beginMonth}月` : `${year}年${beginMonth}月至${endMonth}月`;
}

async function hasYear(db: Db, ztId: number, year: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('subject')
    .select('code')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Why a year's balances cannot be read into a report, and what the user does about it. */
export function inconsistentChartMessage(year: number, error: ReportInputError): string {
  if (error.under === null) return `${year}年科目${error.code}的余额重复，报表无法取数`;
  return `${year}年科目${error.code}已有下级科目${error.under}，但仍有余额记在${error.code}上，报表无法取数。请将记在${error.code}上的凭证改用其下级科目；若该余额由上年结转而来，请反结账上年12月后重新结账并覆盖${year}年期初`;
}

/** The evaluation, its refusal of inconsistent balances answered as a business refusal instead of a failure. */
function evaluate(scope: Scope, ...args: Parameters<typeof evaluateReport>): ReportResult {
  try {
    return evaluateReport(...args);
  } catch (error) {
    if (!(error instanceof ReportInputError)) throw error;
    const year = error.input === 'priorYear' ? scope.year - 1 : scope.year;
    refuse('BusinessRule', inconsistentChartMessage(year, error));
  }
}

/** The trial balance a report's figures come from: the subjects and their balances the evaluator read. */
export interface ReportSource {
  current: Pick<ReportInput, 'subjects' | 'balances'>;
  /** The prior year's, where an annual report reads it (上年数). */
  priorYear?: Pick<ReportInput, 'subjects' | 'balances'>;
}

export interface BuiltReport {
  form: ReportForm;
  /** What the figures were computed from, for the workbook's trial balance sheet. */
  source: ReportSource;
  /** The answer's shape with figures in fen, as the workbook and the PDF take it; the route answers yuan. */
  response: ReportResponse;
}

export async function buildReport(
  db: Db,
  scope: Scope,
  unitName: string,
  kind: ReportKind,
  request: ReportRequest,
): Promise<BuiltReport> {
  const mode: ReportMode = request.beginMonth === 1 && request.endMonth === 12 ? 'annual' : 'interim';
  const range = { beginMonth: request.beginMonth, endMonth: request.endMonth };
  const withoutClosingEntries = kind === 'income-expense';
  const input = await reportInput(db, scope, range, { booked: request.book, withoutClosingEntries });
  const form = reportFormFor(scope, kind, input.codes);
  const needsPrior = mode === 'annual' && form.columns.some((c) => c.annual.data === 'priorYear');
  const prior =
    needsPrior && (await hasYear(db, scope.ztId, scope.year - 1))
      ? await reportInput(db, { ...scope, year: scope.year - 1 }, range, { booked: request.book, withoutClosingEntries })
      : undefined;
  const result = evaluate(scope, form, input.balances, {
    mode,
    carryOver: request.carryOver,
    ...(prior ? { priorYear: prior.balances } : {}),
  });
  return {
    form,
    source: prior ? { current: input, priorYear: prior } : { current: input },
    response: reportResponseOf(form, result, { kind, unitName, year: scope.year, ...request, mode }),
  };
}

/** What a report's answer says beside its figures. */
export interface ReportMeta extends ReportRequest {
  kind: ReportKind;
  unitName: string;
  year: number;
  mode: ReportMode;
}

/** The answer's shape (figures in fen) of an evaluated form: the printed lines with their subjects. */
export function reportResponseOf(form: ReportForm, result: ReportResult, meta: ReportMeta): ReportResponse {
  const { kind, unitName, mode, year } = meta;
  const lines: ReportLineView[] = [];
  result.lines.forEach((line, i) => {
    const source = form.lines[i] as ReportLine;
    if (line.hidden) return;
    lines.push({
      no: line.no,
      name: line.printedName,
      part: line.part,
      row: line.row,
      indent: line.indent,
      bold: line.bold,
      center: line.center,
      side: source.side,
      total: source.formula !== undefined && 'lines' in source.formula,
      amounts: { ...line.amounts },
      dashed: [...line.dashed],
      codes: [...line.codes],
    });
  });
  return {
    kind,
    formNo: result.formNo,
    title: result.title,
    unitName,
    year,
    beginMonth: meta.beginMonth,
    endMonth: meta.endMonth,
    period: periodText(year, meta.beginMonth, meta.endMonth, mode),
    mode,
    book: meta.book,
    carryOver: meta.carryOver,
    lineNumbersPrinted: form.lineNumbersPrinted,
    columns: result.columns.map((c) => ({ ...c })),
    lines,
    checks: result.checks.map((c) => ({ name: c.name, columns: { ...c.columns } })),
    balanced: result.balanced,
    carriedOver: { ...result.carriedOver },
    uncovered: [...result.uncovered],
  };
}
