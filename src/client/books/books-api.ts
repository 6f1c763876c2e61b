/** The report calls of the books pages (src/shared/api/books.ts; amounts in fen). */
import { Paths } from '../../shared/api/paths.js';
import type { DetailLedgerQuery, DetailLedgerResponse, TrialBalanceQuery, TrialBalanceResponse } from '../../shared/api/books.js';
import { api, requestEnvelope } from '../shell/request.js';

export function loadTrialBalance(query: TrialBalanceQuery): Promise<TrialBalanceResponse> {
  return api.get<TrialBalanceResponse>(Paths.trialBalance, { ...query });
}

export function loadDetailLedger(query: DetailLedgerQuery): Promise<DetailLedgerResponse> {
  return api.get<DetailLedgerResponse>(Paths.detailAccount, { ...query });
}

export async function regenerateOccur(): Promise<string> {
  return (await requestEnvelope<null>('POST', Paths.regenerateOccur, {})).message;
}
