/**
 * The report templates as data, by id, and the templates a ledger set's chart uses.
 * Sources: see the comment at the top of each file.
 */
import type { ChartId } from '../../src/shared/chart.js';
import type { ReportKind, ReportTemplate } from '../../src/shared/reports/types.js';
import { governmentBalanceSheet2017 } from './government-2017-balance-sheet.js';
import {
  unionBalanceSheetForm2021,
  unionCountyBalanceSheet2021,
  unionGrassrootsBalanceSheet2021,
} from './union-2021-balance-sheet.js';
import {
  unionCountyIncomeExpense2021,
  unionGrassrootsIncomeExpense2021,
  unionIncomeExpenseForm2021,
} from './union-2021-income-expense.js';

export {
  governmentBalanceSheet2017,
  unionBalanceSheetForm2021,
  unionCountyBalanceSheet2021,
  unionCountyIncomeExpense2021,
  unionGrassrootsBalanceSheet2021,
  unionGrassrootsIncomeExpense2021,
  unionIncomeExpenseForm2021,
};

export const reportTemplates: readonly ReportTemplate[] = [
  unionGrassrootsBalanceSheet2021,
  unionGrassrootsIncomeExpense2021,
  unionCountyBalanceSheet2021,
  unionCountyIncomeExpense2021,
  governmentBalanceSheet2017,
];

/** The template of that kind for a chart, or undefined (the 2009 chart has none; the government income statement is not built yet). */
export function reportTemplateFor(chartId: ChartId, kind: ReportKind): ReportTemplate | undefined {
  return reportTemplates.find((t) => t.chartId === chartId && t.kind === kind);
}
