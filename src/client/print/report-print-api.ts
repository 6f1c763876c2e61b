/** The PDFs of the trial balance, the general ledger and the detail ledger (the data routes' queries). */
import type { DetailLedgerFilter, GeneralLedgerQuery, TrialBalanceQuery } from '../../shared/api/books.js';
import { Paths } from '../../shared/api/paths.js';
import { requestBlob } from '../shell/request.js';

async function pdf(path: string, query: object): Promise<Uint8Array> {
  const { blob } = await requestBlob('GET', path, { ...query });
  return new Uint8Array(await blob.arrayBuffer());
}

export const fetchTrialBalancePdf = (query: TrialBalanceQuery) => pdf(Paths.trialBalancePrint, query);
export const fetchGeneralLedgerPdf = (query: GeneralLedgerQuery) => pdf(Paths.generalLedgerPrint, query);
export const fetchDetailLedgerPdf = (query: DetailLedgerFilter) => pdf(Paths.detailAccountPrint, query);
