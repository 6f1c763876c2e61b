/** The voucher list's calls (base /account; amounts in yuan on the wire, src/shared/api/vouchers.ts). */
import { Paths } from '../../../shared/api/paths.js';
import type {
  BatchResponse,
  BatchSkip,
  CertificateTypeItem,
  ReloadBreakResponse,
  Voucher,
  VoucherAuditEntry,
  VoucherListExportQuery,
  VoucherListQuery,
  VoucherRef,
  VoucherVersion,
} from '../../../shared/api/vouchers.js';
import type { Paged } from '../../../shared/envelope.js';
import { fileNameOf } from '../../accounting/opening-api.js';
import { downloadBlob } from '../../grid/export-xlsx.js';
import { requestBlob, requestEnvelope, api } from '../../shell/request.js';

export function listVouchers(query: VoucherListQuery): Promise<Paged<Voucher>> {
  return api.get<Paged<Voucher>>(Paths.certificate, { ...query });
}

/** 导出Excel: every voucher the filters select (all pages), as the server's streamed workbook. */
export async function exportVoucherList(query: VoucherListExportQuery): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.certificateExportList, { ...query });
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, '凭证列表.xlsx'));
}

export function loadCertificateTypes(): Promise<CertificateTypeItem[]> {
  return api.get<CertificateTypeItem[]>(Paths.certificateType);
}

export function loadVoucher(id: string): Promise<Voucher> {
  return api.get<Voucher>(Paths.certificateDetail, { id });
}

/** The voucher's audit trail (oldest first), each entry with the fields and lines it changed. */
export function loadAudit(id: string): Promise<VoucherAuditEntry[]> {
  return api.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id });
}

export type BatchAction = 'review' | 'unreview' | 'book' | 'unbook' | 'sign' | 'unsign' | 'delete';

/**
 * Runs a batch call; resolves with the server's message (审核 12 张，跳过 3 张：记-0005 已审核…,
 * shown to the user), the vouchers it skipped and the vouchers' revisions now. A voucher changed
 * by someone else since the list was read refuses the whole batch (4012, shown by the request
 * wrapper), as does a batch that a rule keeps from changing anything.
 */
export async function runBatch(
  action: BatchAction,
  year: number,
  details: VoucherRef[],
): Promise<{ message: string; vouchers: VoucherVersion[]; skipped: BatchSkip[] }> {
  const call = async (method: 'POST' | 'DELETE', path: string, payload: Record<string, unknown>) => {
    const envelope = await requestEnvelope<BatchResponse>(method, path, payload);
    return { message: envelope.message, vouchers: envelope.data.vouchers, skipped: envelope.data.skipped };
  };
  switch (action) {
    case 'review':
    case 'unreview':
      return call('POST', Paths.certificateReview, { year, details, isReview: action === 'review' });
    case 'book':
    case 'unbook':
      return call('POST', Paths.certificateBook, { year, details, isBook: action === 'book' });
    case 'sign':
    case 'unsign':
      return call('POST', Paths.voucherCashierSignature, { year, details, isSign: action === 'sign' });
    case 'delete':
      return call('DELETE', Paths.certificate, { year, details: JSON.stringify(details) });
  }
}

export async function reloadBreak(year: number, month: number): Promise<string> {
  const envelope = await requestEnvelope<ReloadBreakResponse>('POST', Paths.reloadBreak, { year, month });
  return envelope.message;
}

/** A voucher as a change names it: its id and the revision the user saw, with the number shown. */
export const refOf = (v: Pick<Voucher, 'id' | 'revision' | 'month' | 'pzNo' | 'certificateType'>): VoucherRef => ({
  id: v.id,
  revision: v.revision,
  month: v.month,
  pzNo: v.pzNo,
  certificateType: v.certificateType,
});
