/** The calls of 账套管理 and 省级账套管理 (src/shared/api/schemas/zt.ts). */
import type {
  SaveZtInfoRequest,
  ZtInfo,
  ZtListItem,
  ZtPageListParams,
  ZtTreeSearchResult,
} from '../../../shared/api/schemas/zt.js';
import type { Paged } from '../../../shared/envelope.js';
import { Paths } from '../../../shared/api/paths.js';
import { api } from '../../shell/request.js';

/** The managed tree, a level at a time (lazy-tree.ts): the top units and their children. */
export function managedTree(): Promise<ZtInfo[]> {
  return api.get<ZtInfo[]>(Paths.ztInfoManagedTree);
}

/** One unit's direct children, each with its childCount. */
export function treeChildren(parentId: number): Promise<ZtInfo[]> {
  return api.get<ZtInfo[]>(Paths.ztInfoManagedTree, { parentId });
}

/** The top units and every unit's children on the way down to a set, so the set shows in the tree. */
export function treeReveal(revealId: number): Promise<ZtInfo[]> {
  return api.get<ZtInfo[]>(Paths.ztInfoManagedTree, { revealId });
}

/** The managed sets whose code or name contains the text, each with the way down to it. */
export function searchTree(text: string): Promise<ZtTreeSearchResult> {
  return api.get<ZtTreeSearchResult>(Paths.ztInfoTreeSearch, { text });
}

/** Filters left empty are not sent. */
export function pageList(query: ZtPageListParams): Promise<Paged<ZtListItem>> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== null));
  return api.get<Paged<ZtListItem>>(Paths.ztInfoPageList, params);
}

export function ztInfo(id: number): Promise<ZtInfo> {
  return api.get<ZtInfo>(`${Paths.ztInfo}/${id}`);
}

/** Silent: the dialog shows the refusal beside the form. */
export function saveZtInfo(body: SaveZtInfoRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>(Paths.ztInfo, body, { silent: true });
}

/** Silent: the page explains a refusal and offers disable. */
export function deleteZtInfo(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`${Paths.ztInfo}/${id}`, undefined, { silent: true });
}

type Count = { count: number };

export function setEnabled(ids: number[], enable: boolean): Promise<Count> {
  return api.post<Count>(Paths.ztInfoEnable, { ids, enable });
}

export function setExpiration(ids: number[], expireTime: string | null): Promise<Count> {
  return api.post<Count>(Paths.ztInfoExpiration, { ids, expireTime });
}

export function setLevel(ids: number[], level: number): Promise<Count> {
  return api.post<Count>(Paths.ztInfoLevel, { ids, level });
}

export function setFlag(flag: 'improveUnit' | 'assetCheck', ids: number[], value: boolean): Promise<Count> {
  return api.post<Count>(flag === 'improveUnit' ? Paths.ztInfoImproveUnit : Paths.ztInfoAssetCheck, { ids, value });
}

/** The tree's sets in tree order (a parent before its children), each with its depth. */
export function flattenTree(tree: readonly ZtInfo[], depth = 0, out: { set: ZtInfo; depth: number }[] = []) {
  for (const set of tree) {
    out.push({ set, depth });
    flattenTree(set.children ?? [], depth + 1, out);
  }
  return out;
}
