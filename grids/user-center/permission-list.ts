/**
 * 权限管理 (/user-center/permission): one row per button key with its name and where it is used,
 * read-only; the page adds, edits (Enter or a double-click), enables or disables and deletes.
 */
import type { PermissionItem } from '../../src/shared/api/schemas/permissions.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface PermissionRow extends GridRow {
  readonly rowId: string;
  code: string;
  name: string;
  status: string;
  menuCount: number;
  roleCount: number;
  groupCount: number;
  sort: number;
  remark: string;
}

export function toPermissionRow(p: PermissionItem): PermissionRow {
  return {
    rowId: String(p.id),
    code: p.code,
    name: p.name,
    status: p.enable ? '启用' : '停用',
    menuCount: p.menuCount,
    roleCount: p.roleCount,
    groupCount: p.groupCount,
    sort: p.sort,
    remark: p.remark,
  };
}

export const permissionListGrid = Object.freeze({
  id: 'permission-list',
  title: '权限列表',
  fields: [
    { id: 'code', header: '权限编码', kind: 'text', editable: false, width: 180, pinned: true },
    { id: 'name', header: '权限名称', kind: 'text', editable: false, width: 160, pinned: true },
    { id: 'status', header: '状态', kind: 'text', editable: false, width: 60 },
    { id: 'menuCount', header: '菜单页面数', kind: 'integer', editable: false, width: 90 },
    { id: 'roleCount', header: '角色数', kind: 'integer', editable: false, width: 70 },
    { id: 'groupCount', header: '权限组数', kind: 'integer', editable: false, width: 80 },
    { id: 'sort', header: '排序', kind: 'integer', editable: false, width: 60 },
    { id: 'remark', header: '备注', kind: 'text', editable: false, width: 240 },
  ],
  totals: [],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '权限列表', title: '权限列表', totalsAsFormulas: false },
} satisfies GridDefinition<PermissionRow>);
