/**
 * 权限组 (/user-center/permission-group): one row per group with the pages it holds, read-only;
 * the page adds, edits (Enter or a double-click), enables or disables and deletes.
 */
import type { PermissionGroup } from '../../src/shared/api/schemas/permissions.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface PermissionGroupRow extends GridRow {
  readonly rowId: string;
  name: string;
  status: string;
  pageCount: number;
  buttonCount: number;
  sort: number;
  remark: string;
}

export function toPermissionGroupRow(g: PermissionGroup): PermissionGroupRow {
  return {
    rowId: String(g.id),
    name: g.name,
    status: g.enable ? '启用' : '停用',
    pageCount: g.resources.length,
    buttonCount: g.resources.reduce((n, r) => n + r.resourceList.length, 0),
    sort: g.sort,
    remark: g.remark,
  };
}

export const permissionGroupListGrid = Object.freeze({
  id: 'permission-group-list',
  title: '权限组列表',
  fields: [
    { id: 'name', header: '权限组名称', kind: 'text', editable: false, width: 200, pinned: true },
    { id: 'status', header: '状态', kind: 'text', editable: false, width: 60 },
    { id: 'pageCount', header: '页面数', kind: 'integer', editable: false, width: 70 },
    { id: 'buttonCount', header: '按钮数', kind: 'integer', editable: false, width: 70 },
    { id: 'sort', header: '排序', kind: 'integer', editable: false, width: 60 },
    { id: 'remark', header: '备注', kind: 'text', editable: false, width: 300 },
  ],
  totals: [],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '权限组', title: '权限组列表', totalsAsFormulas: false },
} satisfies GridDefinition<PermissionGroupRow>);
