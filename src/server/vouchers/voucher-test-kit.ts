/** Helpers of the voucher API tests: a save request builder and calls by the contract's paths. */
import type { BatchResponse, SaveVoucherRequest, Voucher, VoucherLineInput, VoucherRef } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import type { Answer, ApiClient } from '../test-support/api-client.js';

export const FACTORY = '示范市第一机械厂工会';
export const SCHOOL = '示范市实验中学工会';

export function line(
  subjectCode: string,
  debit: number | string | null,
  credit: number | string | null,
  summary = '收会费',
): VoucherLineInput {
  return { summary, subjectCode, debitAmount: debit, creditAmount: credit };
}

/** A balanced two-line voucher of March 2026 (cash against dues income) unless told otherwise. */
export function request(overrides: Partial<SaveVoucherRequest> = {}, amount: number | string = 100): SaveVoucherRequest {
  return {
    year: 2026,
    month: 3,
    pzDate: '2026-03-10',
    certificateType: 1,
    numberOfDocument: 1,
    certiDetails: [line('101', amount, null), line('401', null, amount)],
    ...overrides,
  };
}

export function save(client: ApiClient, body: SaveVoucherRequest | Record<string, unknown>): Promise<Answer<Voucher>> {
  return client.post<Voucher>(Paths.certificate, body);
}

export function modifyOf(v: Voucher, changes: Partial<SaveVoucherRequest> = {}): SaveVoucherRequest {
  return {
    year: v.year,
    month: v.month,
    pzDate: v.pzDate,
    certificateType: v.certificateType,
    numberOfDocument: v.numberOfDocument,
    certiDetails: v.certiDetails.map((l) => ({
      id: l.id,
      summary: l.summary,
      subjectCode: l.subjectCode,
      debitAmount: l.debitAmount,
      creditAmount: l.creditAmount,
      auxis: l.auxis,
    })),
    id: v.id,
    revision: v.revision,
    oldDate: v.pzDate,
    oldPzNo: v.pzNo,
    oldCertificateType: v.certificateType,
    ...changes,
  };
}

/** The voucher as a batch names it: id, the revision seen, and the spec's number. */
export function refOf(v: Voucher): VoucherRef {
  return { id: v.id, revision: v.revision, month: v.month, pzNo: v.pzNo, certificateType: v.certificateType };
}

/** The voucher as stored now (its revision, number and state), to name it in the next change. */
export async function current(client: ApiClient, v: Pick<Voucher, 'id'>): Promise<Voucher> {
  const answer = await client.get<Voucher>(Paths.certificateDetail, { id: v.id });
  if (!answer.body.success) throw new Error(`voucher ${v.id}: ${answer.body.errorMsg ?? ''}`);
  return answer.body.data;
}

/** The refs with the revisions a batch call answered: the next change of the same vouchers names these. */
export function afterBatch(refs: readonly VoucherRef[], answer: { body: { data: BatchResponse | null } }): VoucherRef[] {
  const revisions = new Map((answer.body.data?.vouchers ?? []).map((v) => [v.id, v.revision]));
  return refs.map((r) => ({ ...r, revision: revisions.get(r.id) ?? r.revision }));
}
