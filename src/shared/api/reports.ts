/**
 * The official reports (spec doc 1: balance sheet 资产负债表, income and expense statement 收入支出表;
 * base /account): the shapes declared once as schemas (src/shared/api/schemas/reports.ts). On the
 * wire figures are yuan; the report evaluator (src/shared/reports) computes the same shape in
 * integer fen, so screen, workbook and PDF show the same numbers, and each side converts at its
 * edge (src/shared/reports/answer-amounts.ts).
 */
export type {
  BalanceSheetQuery,
  IncomeExpenseQuery,
  ReportCheckView,
  ReportLineView,
  ReportResponse,
} from './schemas/reports.js';
