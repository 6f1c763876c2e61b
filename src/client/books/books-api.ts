/**
 * The report calls of the books pages (src/shared/api/books.ts). Amounts travel in yuan; the pages
 * and their grids work in fen, so each answer is converted here, in one place.
 */
import { Paths } from '../../shared/api/paths.js';
import type {
  DetailLedgerFilter,
  DetailLedgerQuery,
  DetailLedgerResponse,
  GeneralLedgerQuery,
  GeneralLedgerResponse,
  TrialBalanceQuery,
  TrialBalanceResponse,
} from '../../shared/api/books.js';
import { answerFen, detailLedgerAmounts, generalLedgerAmounts, trialBalanceAmounts } from '../../shared/books/answer-amounts.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { api, requestBlob, requestEnvelope } from '../shell/request.js';

/** The trial balance, amounts in fen. */
export async function loadTrialBalance(query: TrialBalanceQuery): Promise<TrialBalanceResponse> {
  return trialBalanceAmounts(await api.get<TrialBalanceResponse>(Paths.trialBalance, { ...query }), answerFen);
}

/** A page of the detail ledger, amounts in fen. */
export async function loadDetailLedger(query: DetailLedgerQuery): Promise<DetailLedgerResponse> {
  return detailLedgerAmounts(await api.get<DetailLedgerResponse>(Paths.detailAccount, { ...query }), answerFen);
}

export async function regenerateOccur(): Promise<string> {
  return (await requestEnvelope<null>('POST', Paths.regenerateOccur, {})).message;
}

/** The general ledger, amounts in fen. */
export async function loadGeneralLedger(query: GeneralLedgerQuery): Promise<GeneralLedgerResponse> {
  return generalLedgerAmounts(await api.get<GeneralLedgerResponse>(Paths.generalLedger, { ...query }), answerFen);
}

/** 导出全部: every line of the range as the server's streamed workbook. */
export async function exportDetailLedger(query: DetailLedgerFilter): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.exportDetailAccount, { ...query });
  const disposition = headers['content-disposition'] as string | undefined;
  downloadBlob(blob, fileNameOf(disposition, `明细账_${query.code}.xlsx`));
}
