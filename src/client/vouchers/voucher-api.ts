/** The voucher calls of the editor (base /account; amounts on the wire are yuan, see voucher-rows.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  BatchResponse,
  EmptyVoucherResponse,
  NextNumberResponse,
  SaveVoucherRequest,
  SubjectBalanceResponse,
  SummaryItem,
  Voucher,
} from '../../shared/api/vouchers.js';
import type { Envelope } from '../../shared/envelope.js';
import { api, requestEnvelope } from '../shell/request.js';

export function fetchEmptyVoucher(year: number, month?: number, certificateType?: number): Promise<EmptyVoucherResponse> {
  return api.get<EmptyVoucherResponse>(Paths.emptyCertificate, {
    year,
    ...(month ? { month } : {}),
    ...(certificateType !== undefined ? { certificateType } : {}),
  });
}

export async function fetchNextNumber(year: number, month: number, certificateType: number): Promise<number> {
  return (await api.get<NextNumberResponse>(Paths.getCertificateManNo, { year, month, certificateType })).pzNo;
}

export function fetchVoucher(id: string): Promise<Voucher> {
  return api.get<Voucher>(Paths.certificateDetail, { id });
}

/** The previous or next voucher of the year (from `id`, or from either end without one); null at the end. */
export function fetchNeighbour(year: number, direction: 'prev' | 'next', id?: string): Promise<Voucher | null> {
  return api.get<Voucher | null>(Paths.certificateNeighbour, { year, direction, ...(id ? { id } : {}) });
}

/** Saves; failures come back as ApiError (silent: the page shows them and marks the cells). */
export function saveVoucher(body: SaveVoucherRequest): Promise<Envelope<Voucher>> {
  return requestEnvelope<Voucher>('POST', Paths.certificate, body, { silent: true });
}

/** Reviews (or un-reviews) the voucher as the editor loaded it (id, revision, number shown). */
export function reviewVoucher(
  voucher: Pick<Voucher, 'id' | 'revision' | 'year' | 'month' | 'pzNo' | 'certificateType'>,
  isReview: boolean,
) {
  return api.post<BatchResponse>(Paths.certificateReview, {
    year: voucher.year,
    details: [
      {
        id: voucher.id,
        revision: voucher.revision,
        month: voucher.month,
        pzNo: voucher.pzNo,
        certificateType: voucher.certificateType,
      },
    ],
    isReview,
  });
}

export function fetchSubjectBalance(code: string, year: number, month: number): Promise<SubjectBalanceResponse> {
  return api.get<SubjectBalanceResponse>(Paths.subjectBalance, { code, year, month }, { silent: true });
}

export function fetchSummaries(keyword = ''): Promise<SummaryItem[]> {
  return api.get<SummaryItem[]>(Paths.summary, keyword ? { keyword } : {}, { silent: true });
}

export function saveSummaries(contents: string[]): Promise<SummaryItem[]> {
  return api.post<SummaryItem[]>(Paths.summary, { contents });
}
