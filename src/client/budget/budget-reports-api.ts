/** Calls of the budget reports (src/server/budget/report-routes.ts): 预算执行表, its drill, 支出预警. */
import { Paths } from '../../shared/api/paths.js';
import type {
  BudgetExecutionQuery,
  BudgetExecutionResponse,
  BudgetLinesResponse,
  BudgetWarningsResponse,
} from '../../shared/api/schemas/budget-reports.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { api, requestBlob } from '../shell/request.js';

export function loadBudgetExecution(query: BudgetExecutionQuery): Promise<BudgetExecutionResponse> {
  return api.get<BudgetExecutionResponse>(Paths.budgetExecution, { ...query });
}

export function loadBudgetLines(budgetId: string): Promise<BudgetLinesResponse> {
  return api.get<BudgetLinesResponse>(Paths.budgetExecutionLines, { budgetId });
}

export function loadBudgetWarnings(): Promise<BudgetWarningsResponse> {
  return api.get<BudgetWarningsResponse>(Paths.budgetWarnings);
}

/** The server's workbook (live formulas), saved by the browser. */
export async function exportBudgetReport(
  path: typeof Paths.budgetExecutionExport | typeof Paths.budgetWarningsExport,
  query: Record<string, unknown>,
  fallbackName: string,
): Promise<void> {
  const { blob, headers } = await requestBlob('GET', path, query);
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, fallbackName));
}
