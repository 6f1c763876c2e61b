/** The adjustment-voucher calls of the transition (shapes in shared/api/schemas/transition-vouchers.ts). */
import { Paths } from '../../shared/api/paths.js';
import type { DraftContentControl } from '../../shared/api/schemas/transition.js';
import type { SaveZeroVoucherRequest, ZeroVoucher, ZeroVoucherSummary } from '../../shared/api/schemas/transition-vouchers.js';
import type { SubjectExtensionsResponse, SubjectItem } from '../../shared/api/subjects.js';
import { api } from '../shell/request.js';

export function fetchZeroVoucher(id?: string | null): Promise<ZeroVoucher> {
  return api.get<ZeroVoucher>(Paths.electCertiZero, id ? { id } : {});
}

export function fetchZeroVouchers(): Promise<ZeroVoucherSummary[]> {
  return api.get<ZeroVoucherSummary[]>(Paths.certificateListZero);
}

export function saveZeroVoucher(body: SaveZeroVoucherRequest): Promise<ZeroVoucher> {
  // A refusal is shown by the request wrapper; the editor keeps its lines and marks the cells.
  return api.post<ZeroVoucher>(Paths.certificateZero, body);
}

export function deleteZeroVouchers(ids: readonly string[]): Promise<null> {
  return api.delete<null>(Paths.deleteCertificateZero, { ids: ids.join(',') });
}

export function fetchTransitionControl(): Promise<DraftContentControl> {
  return api.get<DraftContentControl>(Paths.transitionControl);
}

/** The set's chart of the transition's first year (the session year may be a later one). */
export async function fetchChartOfYear(year: number): Promise<SubjectItem[]> {
  const data = await api.get<SubjectExtensionsResponse>(Paths.subjectExtensions, { isTree: 'false', year });
  return data.subList;
}
