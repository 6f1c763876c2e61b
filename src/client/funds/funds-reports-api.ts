/** Calls of the funds reports (src/server/funds/report-routes.ts) and the voucher editor's remittance proposal. */
import { Paths } from '../../shared/api/paths.js';
import type {
  FundsPayablesQuery,
  FundsPayablesResponse,
  FundsProposalQuery,
  FundsProposalResponse,
  FundsRegisterQuery,
  FundsRegisterResponse,
} from '../../shared/api/schemas/funds-reports.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { api, requestBlob } from '../shell/request.js';

export function loadFundsRegister(query: FundsRegisterQuery): Promise<FundsRegisterResponse> {
  return api.get<FundsRegisterResponse>(Paths.fundsRegister, { ...query });
}

export function loadFundsPayables(query: FundsPayablesQuery): Promise<FundsPayablesResponse> {
  return api.get<FundsPayablesResponse>(Paths.fundsPayables, { ...query });
}

/** The server's workbook of the query answered (totals as live formulas), saved by the browser. */
export async function exportFundsReport(
  path: typeof Paths.fundsRegisterExport | typeof Paths.fundsPayablesExport,
  query: Record<string, unknown>,
  fallbackName: string,
): Promise<void> {
  const { blob, headers } = await requestBlob('GET', path, query);
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, fallbackName));
}

export function proposeRemittance(query: FundsProposalQuery): Promise<FundsProposalResponse> {
  return api.get<FundsProposalResponse>(Paths.fundsProposal, { ...query });
}
