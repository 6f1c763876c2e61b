/** The funds-entry calls of the page (base /account; shapes in shared/api/schemas/funds-entry.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  FundsEntryData,
  FundsVoucherMode,
  GenerateFundsVouchersResponse,
  SaveFundsReceiptsRequest,
} from '../../shared/api/schemas/funds-entry.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { api, ApiError, performAction, requestEnvelope } from '../shell/request.js';

export function loadFundsEntry(year: number, month: number): Promise<FundsEntryData> {
  return api.get<FundsEntryData>(Paths.fundsReceipts, { year, month });
}

/**
 * Saves the rows; a 4003 answer's issues (row numbers of the rows sent) go to `onIssues` as well
 * as to the wrapper's dialog. Resolves with the period as saved, or null when refused.
 */
export async function saveFundsEntry(
  request: SaveFundsReceiptsRequest,
  onIssues: (issues: ValidationIssue[]) => void,
): Promise<FundsEntryData | null> {
  try {
    return (await requestEnvelope<FundsEntryData>('POST', Paths.fundsReceiptsSave, request, { silent: true })).data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const envelope = error.envelope;
    if (envelope?.errorCode === ErrorCode.ValidationFailed && Array.isArray(envelope.data))
      onIssues(envelope.data as ValidationIssue[]);
    performAction(error.action);
    return null;
  }
}

export function generateFundsVouchers(
  year: number,
  month: number,
  ids: readonly string[],
  mode: FundsVoucherMode,
): Promise<GenerateFundsVouchersResponse> {
  return api.post<GenerateFundsVouchersResponse>(Paths.fundsVoucherGenerate, { year, month, ids, mode });
}
