/**
 * The report calls of the balance sheet and income statement pages (src/shared/api/reports.ts).
 * Figures travel in yuan; the page and its grid work in fen, so the answer is converted here.
 */
import { Paths } from '../../shared/api/paths.js';
import type { BalanceSheetQuery, ReportResponse } from '../../shared/api/reports.js';
import { answerFen } from '../../shared/books/answer-amounts.js';
import { reportAmounts } from '../../shared/reports/answer-amounts.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { downloadBlob } from '../grid/export-xlsx.js';
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

/** Downloads the report's workbook (the form and the trial balance it reads) under the server's file name. */
export async function downloadReportXlsx(kind: ReportPageKind, query: ReportQuery, fallback: string): Promise<void> {
  const { blob, headers } = await requestBlob('GET', PATHS[kind].export, { ...query });
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, fallback));
}

/** Downloads the period's reports in one workbook (trial balance, balance sheet, income statement). */
export async function downloadAllReportsXlsx(query: ReportQuery, fallback: string): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.reportsMultipleExport, { ...query });
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, fallback));
}

export async function fetchReportPdf(kind: ReportPageKind, query: ReportQuery): Promise<Uint8Array> {
  const { blob } = await requestBlob('GET', PATHS[kind].print, { ...query });
  return new Uint8Array(await blob.arrayBuffer());
}

/** The file name the server gives the report (title and period). */
export const reportFileName = (report: ReportResponse, extension: 'xlsx' | 'pdf') =>
  `${report.title}_${report.period}.${extension}`;
