/** The calls of 平台管理 and of the ledger-set dialog's platform checklist (src/shared/api/schemas/platform.ts). */
import { Paths } from '../../../shared/api/paths.js';
import type { MenuGroupOption, PlatformItem, SavePlatformRequest } from '../../../shared/api/schemas/platform.js';
import type { Paged } from '../../../shared/envelope.js';
import { api } from '../../shell/request.js';

export function pagePlatforms(query: { pageIndex: number; pageSize: number; keyword: string }): Promise<Paged<PlatformItem>> {
  return api.get<Paged<PlatformItem>>(
    Paths.platformPageList,
    query.keyword ? query : { pageIndex: query.pageIndex, pageSize: query.pageSize },
  );
}

export function listPlatforms(): Promise<PlatformItem[]> {
  return api.get<PlatformItem[]>(Paths.platformList);
}

export function menuGroups(): Promise<MenuGroupOption[]> {
  return api.get<MenuGroupOption[]>(Paths.platformMenuGroups);
}

/** Silent: the dialog shows a refusal and stays open. */
export function savePlatform(body: SavePlatformRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>(Paths.platform, body, { silent: true });
}

export function enablePlatform(id: number, enable: boolean): Promise<null> {
  return api.post<null>(Paths.platformEnable, { id, enable });
}

export function recommendPlatform(id: number, isRecommend: boolean): Promise<null> {
  return api.post<null>(`${Paths.platformSaveRecommend}/${id}`, { isRecommend });
}

export function sortPlatforms(ids: number[]): Promise<null> {
  return api.post<null>(Paths.platformSaveSort, { ids });
}

/** Silent: the page explains a refusal and offers to disable instead. */
export function deletePlatform(id: number): Promise<null> {
  return api.delete<null>(Paths.platform, { id }, { silent: true });
}

export function platformsOfSet(ztId: number): Promise<PlatformItem[]> {
  return api.get<PlatformItem[]>(`${Paths.platformListByZtId}/${ztId}`);
}

/** Silent: the ledger-set dialog shows a refusal and stays open. */
export function savePlatformsOfSet(ztId: number, platformIds: number[]): Promise<null> {
  return api.post<null>(Paths.platformSaveByZtId, { ztId, platformIds }, { silent: true });
}
