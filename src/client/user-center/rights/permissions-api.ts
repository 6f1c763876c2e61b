/** The calls of 权限管理, 权限组 and 全局按钮权限 (src/shared/api/schemas/permissions.ts). */
import { Paths } from '../../../shared/api/paths.js';
import type {
  GlobalButtonGroup,
  PermissionGroup,
  PermissionItem,
  PermissionOption,
  SaveGlobalButtonsRequest,
  SaveGroupRequest,
  SavePermissionRequest,
} from '../../../shared/api/schemas/permissions.js';
import type { Paged } from '../../../shared/envelope.js';
import { api } from '../../shell/request.js';

const defined = (query: Record<string, unknown>) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));

export function pagePermissions(query: {
  pageIndex: number;
  pageSize: number;
  code: string;
  name: string;
}): Promise<Paged<PermissionItem>> {
  return api.get<Paged<PermissionItem>>(Paths.permissionPageList, defined(query));
}

/** Silent, as listGroups: the dialogs that read them work without. */
export function permissionOptions(): Promise<PermissionOption[]> {
  return api.get<PermissionOption[]>(Paths.permissionList, undefined, { silent: true });
}

/** Silent: the dialog shows the refusal under its fields. */
export function savePermission(body: SavePermissionRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>(Paths.permission, body, { silent: true });
}

export function enablePermission(id: number, enable: boolean): Promise<null> {
  return api.post<null>(Paths.permissionEnable, { id, enable });
}

export function deletePermission(id: number): Promise<null> {
  return api.delete<null>(Paths.permission, { id });
}

export function pageGroups(query: { pageIndex: number; pageSize: number; name: string }): Promise<Paged<PermissionGroup>> {
  return api.get<Paged<PermissionGroup>>(Paths.permissionGroupPageList, defined(query));
}

export function listGroups(): Promise<PermissionGroup[]> {
  return api.get<PermissionGroup[]>(Paths.permissionGroupList, undefined, { silent: true });
}

export function saveGroup(body: SaveGroupRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>(Paths.permissionGroup, body, { silent: true });
}

export function enableGroup(id: number, enable: boolean): Promise<null> {
  return api.post<null>(Paths.permissionGroupEnable, { id, enable });
}

export function deleteGroup(id: number): Promise<null> {
  return api.delete<null>(Paths.permissionGroup, { id });
}

export function applyGroup(groupId: number, roleId: number): Promise<{ added: number }> {
  return api.post<{ added: number }>(Paths.permissionGroupApply, { groupId, roleId });
}

export function globalButtons(): Promise<GlobalButtonGroup[]> {
  return api.get<GlobalButtonGroup[]>(Paths.globalBtnPermission);
}

export function saveGlobalButtons(body: SaveGlobalButtonsRequest): Promise<null> {
  return api.post<null>(Paths.globalBtnPermission, body);
}
