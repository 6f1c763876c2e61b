/** Calls of the 资产初始化 page and the 2022 accrual dialog (src/server/assets/card-routes.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  AccrualPreview,
  AssetCard,
  AssetCardSave,
  AssetImportResult,
  AssetInitState,
} from '../../shared/api/schemas/assets-cards.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { api, ApiError, performAction, requestBlob, requestEnvelope } from '../shell/request.js';

export const loadInitCards = (assetClass: number, pageIndex: number, pageSize: number) =>
  api.get<{ currentPageItems: AssetCard[]; totalItemCount: number }>(Paths.oldFinancialList, {
    assetClass,
    pageIndex,
    pageSize,
  });
export const saveInitCard = (body: AssetCardSave) => api.post<AssetCard>(Paths.oldFinancialUpdate, body);
export const deleteInitCards = (ids: readonly string[]) => api.delete<null>(Paths.oldFinancialDelete, { ids: ids.join(',') });
export const loadInitState = () => api.get<AssetInitState>(Paths.assetsInitState, {});
export const finishInit = () => requestEnvelope<AssetInitState>('POST', Paths.assetsInitFinish, {});
export const cancelInit = () => requestEnvelope<AssetInitState>('POST', Paths.assetsInitCancel, {});

export const accrualCheck = () => api.get<{ year: number; isProvision: boolean }>(Paths.assetsAccrualCheck, {});
export const accrualPreview = () => api.get<AccrualPreview>(Paths.previewOldFinancialAssetsProvision, {});
export const addAccrual = (certificateDateTime: string) =>
  requestEnvelope<{ voucherId: string; total: number }>('POST', Paths.addOldFinancialAssetsProvision, {
    certificateDateTime,
  });
export const declineAccrual = () => api.post<{ isProvision: boolean }>(Paths.updateSysInfoIsProvision, { isProvision: true });

export async function downloadInitTemplate(): Promise<void> {
  const { blob } = await requestBlob('GET', Paths.assetsInitTemplate);
  downloadBlob(blob, '资产初始化导入模板.xlsx');
}

export type InitImportOutcome =
  | { kind: 'done'; message: string; result: AssetImportResult }
  | { kind: 'refused'; message: string; issues: { row: number; message: string }[] }
  | { kind: 'failed' };

/** Uploads the workbook; a refusal listing its rows is answered (the page lists them), not shown as a box. */
export async function importInitCards(file: File): Promise<InitImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const answer = await requestEnvelope<AssetImportResult>('POST', Paths.assetsInitImport, form, { silent: true });
    return { kind: 'done', message: answer.message, result: answer.data };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const envelope = error.envelope;
    if (envelope?.errorCode === ErrorCode.ValidationFailed && Array.isArray(envelope.data) && envelope.data.length > 0) {
      return {
        kind: 'refused',
        message: envelope.errorMsg ?? envelope.message,
        issues: envelope.data as { row: number; message: string }[],
      };
    }
    performAction(error.action);
    return { kind: 'failed' };
  }
}
