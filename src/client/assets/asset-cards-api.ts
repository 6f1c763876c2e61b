/** Calls of the asset settings and cards pages (src/server/assets/card-routes.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  AssetCard,
  AssetCardQuery,
  AssetCardSave,
  AssetCategory,
  AssetCategorySave,
} from '../../shared/api/schemas/assets-cards.js';
import { api } from '../shell/request.js';

export interface AssetDepartment {
  id: number;
  name: string;
}

export const loadCategories = (assetClass: number) => api.get<AssetCategory[]>(Paths.assetCategories, { assetClass });
export const saveCategory = (body: AssetCategorySave) => api.post<AssetCategory>(Paths.assetCategories, body);
export const deleteCategory = (id: number) => api.delete<null>(Paths.assetCategories, { id });
export const loadAssetDepartments = () => api.get<AssetDepartment[]>(Paths.assetDepartments, {});

export const loadCards = (query: Omit<AssetCardQuery, 'pageSize'> & { pageSize: number }) =>
  api.get<{ currentPageItems: AssetCard[]; totalItemCount: number }>(Paths.assetCards, { ...query });
/** Silent: the page handles the refusal itself (the fixed-asset threshold asks, then resends). */
export const saveCard = (body: AssetCardSave) => api.post<AssetCard>(Paths.assetCards, body, { silent: true });
export const deleteCards = (ids: readonly string[]) => api.delete<null>(Paths.assetCards, { ids: ids.join(',') });
export const reviewCards = (ids: readonly string[], isReview: boolean) =>
  api.post<{ changed: number }>(Paths.assetCardsReview, { ids, isReview });
export const allotCards = (body: { ids: readonly string[]; departmentId?: number | null; usage?: number; keeper?: string }) =>
  api.post<{ changed: number }>(Paths.assetCardsAllot, body);
export const nextCardNo = (assetClass: number) => api.get<string>(Paths.assetCardNextNo, { assetClass });
