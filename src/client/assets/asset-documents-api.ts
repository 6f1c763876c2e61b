/** Calls of the asset documents page (src/server/assets/document-routes.ts). */
import { Paths } from '../../shared/api/paths.js';
import type { AssetChangeMoney, AssetDocumentCard, AssetDocumentRow } from '../../shared/api/schemas/assets-documents.js';
import type { GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import { api } from '../shell/request.js';

export const loadDocuments = (assetClass: number, pageIndex: number, pageSize: number) =>
  api.get<{ currentPageItems: AssetDocumentRow[]; totalItemCount: number }>(Paths.assetDocuments, {
    assetClass,
    pageIndex,
    pageSize,
  });
export const loadDocumentCards = (assetClass: number, documentId?: string) =>
  api.get<AssetDocumentCard[]>(Paths.assetDocumentCards, { assetClass, ...(documentId ? { documentId } : {}) });
export const saveDocument = (body: Record<string, unknown>) => api.post<{ id: string }>(Paths.assetDocuments, body);
export const deleteDocuments = (ids: readonly string[]) =>
  api.delete<{ deleted: number }>(Paths.assetDocuments, { ids: ids.join(',') });
export const generateDocumentVouchers = (assetClass: number, ids: readonly string[], isOnePz: boolean) =>
  api.post<{ vouchers: GeneratedVoucher[] }>(Paths.assetVoucherSave, {
    pzAssetType: 3,
    assetClass,
    isAuto: true,
    isOnePz,
    assetsDocs: ids.map((documentId) => ({ documentId })),
  });
export const loadChanges = () => api.get<AssetChangeMoney[]>(Paths.assetCardChanges, {});
export const saveChange = (body: Record<string, unknown>) => api.post<{ id: string }>(Paths.assetCardChanges, body);
export const previewChangeVoucher = () =>
  api.get<{
    amount: number;
    subjectInfos: { summary: string; moneyAmount: number; balanceDirection: 1 | 2; subjectCode: string; subjectName: string }[];
    certificateType: number;
    czy: string;
    certificateDateTime: string;
    documentIds: string[];
  }>(Paths.getAssetCardChangeCertificate, {});
export const saveChangeVoucher = (body: Record<string, unknown>) =>
  api.post<{ vouchers: GeneratedVoucher[] }>(Paths.saveAssetCardChangeCertificate, body);
