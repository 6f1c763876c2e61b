/** Calls of the asset reports (src/server/assets/report-routes.ts): 资产负债情况表, 低值资产预警, 收支分析, their workbooks. */
import { Paths } from '../../shared/api/paths.js';
import type {
  AccountAnalysisResponse,
  AnalysisResponse,
  AssetsDebtResponse,
  LowerWarningResponse,
  PeriodQuery,
} from '../../shared/api/schemas/assets-reports.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { api, requestBlob } from '../shell/request.js';

export const loadAssetsDebt = (q: PeriodQuery) => api.get<AssetsDebtResponse>(Paths.assetsDebtZero, { ...q });
export const loadLowerWarning = () => api.get<LowerWarningResponse>(Paths.getLowerAssetWarning);
export const loadAnalysis = (kind: 'earnings' | 'outlay', q: PeriodQuery) =>
  api.get<AnalysisResponse>(kind === 'earnings' ? Paths.earningsAnalysis : Paths.outlayAnalysis, { ...q });
export const loadAccountAnalysis = (code: string) => api.get<AccountAnalysisResponse>(Paths.accountAnalysis, { code });

/** The server's workbook (live formulas), saved by the browser. */
export async function exportAssetReport(path: string, query: Record<string, unknown>, fallbackName: string): Promise<void> {
  const { blob, headers } = await requestBlob('GET', path, query);
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, fallbackName));
}
