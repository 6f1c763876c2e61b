/**
 * Button permissions (spec doc 1 section 6, doc 2 section 6): the list is the current route's
 * resourceList, or else the global list read from the global-btn-permission route. An object
 * value `{ role }` disables the element unless the list has the role; a string value removes it.
 */
import type { PageRoute, ResourceItem } from '../../shared/api/auth.js';
import { matchesPattern, normalisePath } from '../app/route-table.js';

export type PermissionValue = string | { role: string };
export type PermissionMode = 'show' | 'disable' | 'remove';

export const GLOBAL_BTN_PERMISSION_PATH = '/user-center/global-btn-permission';

export function permissionMode(value: PermissionValue, list: readonly string[]): PermissionMode {
  if (typeof value === 'string') return list.includes(value) ? 'show' : 'remove';
  return list.includes(value.role) ? 'show' : 'disable';
}

export function permissionList(
  path: string,
  pageRoutes: readonly PageRoute[] | null,
  resources: readonly ResourceItem[] | null = null,
): string[] {
  const wanted = normalisePath(path);
  const route = pageRoutes?.find((r) => normalisePath(r.path) === wanted || matchesPattern(r.path, wanted));
  if (route) return [...route.resourceList];
  const resource = resources?.find((r) => normalisePath(r.href) === wanted);
  if (resource) return [...resource.resourceList];
  const global = pageRoutes?.find((r) => normalisePath(r.path) === GLOBAL_BTN_PERMISSION_PATH);
  return global ? [...global.resourceList] : [];
}
