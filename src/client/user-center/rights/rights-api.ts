/** The rights calls of 角色管理 and the grants dialog (src/shared/api/schemas/rights.ts). */
import { Paths } from '../../../shared/api/paths.js';
import type {
  CatalogueNode,
  MenuTreeNode,
  ResourceGrant,
  RoleDetail,
  RoleItem,
  RoleOption,
  SaveRoleRequest,
  UserGrants,
} from '../../../shared/api/schemas/rights.js';
import type { Paged } from '../../../shared/envelope.js';
import { api } from '../../shell/request.js';

export function pageRoles(query: { pageIndex: number; pageSize: number; keyword: string }): Promise<Paged<RoleItem>> {
  return api.get<Paged<RoleItem>>(
    Paths.rolePageList,
    query.keyword ? query : { pageIndex: query.pageIndex, pageSize: query.pageSize },
  );
}

export function roleDetail(id: number): Promise<RoleDetail> {
  return api.get<RoleDetail>(`${Paths.role}/${id}`);
}

export function saveRole(body: SaveRoleRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>(Paths.role, body);
}

export function enableRole(id: number, enable: boolean): Promise<null> {
  return api.post<null>(Paths.roleEnable, { id, enable });
}

export function recommendRole(id: number, isRecommend: boolean): Promise<null> {
  return api.post<null>(`${Paths.roleSaveRecommend}/${id}`, { isRecommend });
}

export function deleteRole(id: number): Promise<null> {
  return api.delete<null>(Paths.role, { id });
}

export function saveRoleResources(id: number, resources: ResourceGrant[]): Promise<null> {
  return api.post<null>(Paths.roleSaveResources, { id, resources });
}

export function sortRoles(ids: number[]): Promise<null> {
  return api.post<null>(Paths.userLevelSaveSort, { ids });
}

export function roleCatalogue(): Promise<CatalogueNode[]> {
  return api.get<CatalogueNode[]>(Paths.roleCatalogue);
}

export function roleOptions(): Promise<RoleOption[]> {
  return api.get<RoleOption[]>(Paths.userLevelSelect);
}

export function userGrants(user: { userId: number } | { loginName: string }): Promise<UserGrants> {
  return 'userId' in user
    ? api.get<UserGrants>(`${Paths.userZtLevelInfo}/${user.userId}`)
    : api.get<UserGrants>(Paths.userZtLevelInfo, { loginName: user.loginName });
}

export function saveUserGrants(userId: number, ztLevels: { ztId: number; userLevelId: number }[]): Promise<null> {
  return api.post<null>(Paths.userZtLevelInfo, { userId, ztLevels });
}

export function menuTree(): Promise<MenuTreeNode[]> {
  return api.get<MenuTreeNode[]>(Paths.menuTreeList);
}

export function enableMenu(id: number, enable: boolean): Promise<null> {
  return api.post<null>(Paths.menuEnable, { id, enable });
}

export function liftMenu(id: number): Promise<null> {
  return api.post<null>(Paths.menuLift, { id });
}

export function sortMenus(ids: number[]): Promise<null> {
  return api.post<null>(Paths.menuSaveSort, { ids });
}
