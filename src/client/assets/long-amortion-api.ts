/** Calls of the 长期待摊费用 page (src/server/assets/long-routes.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  AmortionDetailList,
  AmortionResponse,
  LongAmortionItem,
  LongAmortionList,
  LongMonthRow,
} from '../../shared/api/schemas/assets-long.js';
import { api } from '../shell/request.js';
import { exportAssetReport } from './asset-reports-api.js';

export const loadLongItems = (pageIndex: number, pageSize: number) =>
  api.get<LongAmortionList>(Paths.longAmortion, { pageIndex, pageSize });
export const saveLongItem = (body: Record<string, unknown>) => api.post<LongAmortionItem>(Paths.longAmortion, body);
export const deleteLongItems = (ids: readonly string[]) =>
  api.delete<{ deleted: number }>(Paths.longAmortion, { ids: ids.join(',') });
export const reviewLongItems = (ids: readonly string[], isReview: boolean) =>
  api.post<{ changed: number }>(Paths.longAmortionReview, { ids, isReview });
export const loadLongMonths = (year: number) => api.get<LongMonthRow[]>(Paths.longAmortionMonthList, { year });
export const amortiseMonth = (accruedStage: string) =>
  api.post<AmortionResponse>(Paths.addAccruedStageAmortionDetailsList, { accruedStage });
export const loadAmortionDetail = (year: number, month: number, pageIndex: number, pageSize: number) =>
  api.get<AmortionDetailList>(Paths.amortionDetails, { year, month, pageIndex, pageSize });
export const exportAmortionDetail = (year: number, month: number) =>
  exportAssetReport(Paths.amortionExport, { year, month }, `长期待摊费用摊销明细表${year}年${month}月.xlsx`);
