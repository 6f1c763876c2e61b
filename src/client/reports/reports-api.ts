/**
 * The report calls of the balance sheet and income statement pages (src/shared/api/reports.ts).
 * Figures travel in yuan; the page and its grid work in fen, so the answer is converted here.
 */
import { Paths } from '../../shared/api/paths.js';
import type { BalanceSheetQuery, ReportResponse } from '../../shared/api/reports.js';
import { answerFen } from '../../shared/books/answer-amounts.js';
import { reportAmounts } from '../../shared/reports/answer-amounts.js';
import { api, requestBlob } from '../shell/request.js';

export type ReportPageKind = ReportResponse['kind'];

const PATHS: Record<ReportPageKind, { data: string; export: string; print: string }> = {
  'balance-sheet': { data: Paths.balanceSheet, export: Paths.balanceSheetExport, print: Paths.balanceSheetPrint },
  'income-expense': { data: Paths.incomeExpense, export: Paths.incomeExpenseExport, print: Paths.incomeExpensePrint },
};

/** The query of either report; carryOver is read by the balance sheet only. */
export type ReportQuery = Omit<BalanceSheetQuery, 'departNo'>;

/** The report, figures in fen. */
export async function loadReport(kind: ReportPageKind, query: ReportQuery): Promise<ReportResponse> {
  return reportAmounts(await api.get<ReportResponse>(PATHS[kind].data, { ...query }), answerFen);
}

export async function fetchReportXlsx(kind: ReportPageKind, query: ReportQuery): Promise<Blob> {
  return (await requestBlob('GET', PATHS[kind].export, { ...query })).blob;
}

export async function fetchReportPdf(kind: ReportPageKind, query: ReportQuery): Promise<Uint8Array> {
  const { blob } = await requestBlob('GET', PATHS[kind].print, { ...query });
  return new Uint8Array(await blob.arrayBuffer());
}

/** The file name the server gives the report (title and period). */
export const reportFileName = (report: ReportResponse, extension: 'xlsx' | 'pdf') =>
  `${report.title}_${report.period}.${extension}`;
