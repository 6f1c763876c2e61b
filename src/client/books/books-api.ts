/** The report calls of the books pages (src/shared/api/books.ts; amounts in fen). */
import { Paths } from '../../shared/api/paths.js';
import type {
  DetailLedgerQuery,
  DetailLedgerResponse,
  GeneralLedgerQuery,
  GeneralLedgerResponse,
  TrialBalanceQuery,
  TrialBalanceResponse,
} from '../../shared/api/books.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { api, requestBlob, requestEnvelope } from '../shell/request.js';

export function loadTrialBalance(query: TrialBalanceQuery): Promise<TrialBalanceResponse> {
  return api.get<TrialBalanceResponse>(Paths.trialBalance, { ...query });
}

export function loadDetailLedger(query: DetailLedgerQuery): Promise<DetailLedgerResponse> {
  return api.get<DetailLedgerResponse>(Paths.detailAccount, { ...query });
}

export async function regenerateOccur(): Promise<string> {
  return (await requestEnvelope<null>('POST', Paths.regenerateOccur, {})).message;
}

export function loadGeneralLedger(query: GeneralLedgerQuery): Promise<GeneralLedgerResponse> {
  return api.get<GeneralLedgerResponse>(Paths.generalLedger, { ...query });
}

/** 导出全部: every line of the range as the server's streamed workbook. */
export async function exportDetailLedger(query: Omit<DetailLedgerQuery, 'pageIndex' | 'pageSize'>): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.exportDetailAccount, { ...query });
  const disposition = headers['content-disposition'] as string | undefined;
  downloadBlob(blob, fileNameOf(disposition, `明细账_${query.code}.xlsx`));
}
