/** The asset voucher dialog's and the depreciation page's calls. */
import { Paths } from '../../shared/api/paths.js';
import type {
  AssetVoucherPreview,
  AssetVoucherRequest,
  AssetVoucherSaveResponse,
} from '../../shared/api/schemas/assets-voucher.js';
import type {
  ProvisionClassification,
  ProvisionDetailPage,
  ProvisionDetailQuery,
  ProvisionMonthRow,
  ProvisionRunBody,
  ProvisionRunResult,
} from '../../shared/api/schemas/assets-vouchers.js';
import type { CertificateTypeItem, PreparerItem } from '../../shared/api/vouchers.js';
import type { Envelope } from '../../shared/envelope.js';
import { api, requestBlob, requestEnvelope } from '../shell/request.js';

export const previewAssetVoucher = (body: AssetVoucherRequest) => api.post<AssetVoucherPreview>(Paths.assetVoucherPreview, body);
export const saveAssetVoucher = (body: AssetVoucherRequest): Promise<Envelope<AssetVoucherSaveResponse>> =>
  requestEnvelope<AssetVoucherSaveResponse>('POST', Paths.assetVoucherSave, body);
export const fetchCertificateTypes = () => api.get<CertificateTypeItem[]>(Paths.certificateType);
export const fetchPreparers = () => api.get<PreparerItem[]>(Paths.pzUser);

/** The departments and categories the filters offer (the cards lane's calls; empty when they are not there). */
export async function fetchDepartments(): Promise<{ id: number; name: string }[]> {
  try {
    const data = await api.get<unknown>(Paths.assetDepartments, undefined, { silent: true });
    return Array.isArray(data) ? (data as { id: number; name: string }[]) : [];
  } catch {
    return [];
  }
}
export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  code: string;
}
export async function fetchCategories(assetClass: number): Promise<CategoryNode[]> {
  try {
    const data = await api.get<unknown>(Paths.assetCategories, { assetClass }, { silent: true });
    const flat: CategoryNode[] = [];
    const walk = (nodes: unknown, parentId: number | null) => {
      if (!Array.isArray(nodes)) return;
      for (const n of nodes as (CategoryNode & { children?: unknown })[]) {
        flat.push({ id: n.id, parentId: n.parentId ?? parentId, name: n.name, code: n.code });
        walk(n.children, n.id);
      }
    };
    walk(data, null);
    return flat;
  } catch {
    return [];
  }
}

export const fetchProvisionMonths = (assetClass: 1 | 2, year: number) =>
  api.get<ProvisionMonthRow[]>(Paths.assetProvisionMonths, { assetClass, year });
export const runProvision = (body: ProvisionRunBody) => api.post<ProvisionRunResult>(Paths.assetProvisionRun, body);
export const undoProvision = (body: ProvisionRunBody) => api.delete<ProvisionRunResult>(Paths.assetProvisionRun, { ...body });
export const fetchProvisionDetail = (query: ProvisionDetailQuery) =>
  api.get<ProvisionDetailPage>(Paths.assetProvisionDetail, { ...query });
export const fetchProvisionClassification = (query: Omit<ProvisionDetailQuery, 'pageIndex' | 'pageSize'>) =>
  api.get<ProvisionClassification>(Paths.assetProvisionClassification, { ...query });
export const exportProvisionDetail = (query: Omit<ProvisionDetailQuery, 'pageIndex' | 'pageSize'>) =>
  requestBlob('GET', Paths.assetProvisionExport, { ...query });
