/** The departments (部门管理), each of one unit: read-only rows edited in a dialog. */
import type { DepartmentItem } from '../../src/shared/api/schemas/users.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface DepartmentRow extends GridRow {
  readonly rowId: string;
  ztName: string;
  name: string;
  remark: string;
  sort: number;
  userCount: number;
}

export function toDepartmentRow(d: DepartmentItem): DepartmentRow {
  return { rowId: String(d.id), ztName: d.ztName, name: d.name, remark: d.remark, sort: d.sort, userCount: d.userCount };
}

export const departmentListGrid = Object.freeze({
  id: 'department-list',
  title: '部门',
  fields: [
    { id: 'ztName', header: '所属单位', kind: 'text', editable: false, width: 200, pinned: true },
    { id: 'name', header: '部门名称', kind: 'text', editable: false, width: 160 },
    { id: 'remark', header: '说明', kind: 'text', editable: false, width: 220 },
    { id: 'sort', header: '排序', kind: 'integer', editable: false, width: 60 },
    { id: 'userCount', header: '用户数', kind: 'integer', editable: false, width: 70 },
  ],
  commands: ['copy', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '部门', title: '部门', totalsAsFormulas: false },
} satisfies GridDefinition<DepartmentRow>);
