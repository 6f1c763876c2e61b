/**
 * 角色管理 (/user-center/role-management): one row per role the administrator sees, read-only;
 * the page opens a role's rights with a double-click (or Enter on its button) and acts on the
 * focused row. An installation role (所属 全系统) is the super administrator's to change.
 */
import type { RoleItem } from '../../src/shared/api/schemas/rights.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface RoleListRow extends GridRow {
  /** The role's id, as text. */
  readonly rowId: string;
  code: string;
  name: string;
  owner: string;
  pageCount: number;
  grantedCount: number;
  recommend: string;
  status: string;
  remark: string;
}

export function toRoleListRow(r: RoleItem): RoleListRow {
  return {
    rowId: String(r.id),
    code: r.code,
    name: r.name,
    owner: r.ownerZtName ?? '全系统',
    pageCount: r.pageCount,
    grantedCount: r.grantedCount,
    recommend: r.isRecommend ? '推荐' : '',
    status: r.enable ? '启用' : '停用',
    remark: r.remark,
  };
}

export const roleListGrid = Object.freeze({
  id: 'role-list',
  title: '角色列表',
  fields: [
    { id: 'code', header: '角色编码', kind: 'text', editable: false, width: 120, pinned: true },
    { id: 'name', header: '角色名称', kind: 'text', editable: false, width: 140, pinned: true },
    { id: 'owner', header: '所属单位', kind: 'text', editable: false, width: 160 },
    { id: 'pageCount', header: '页面数', kind: 'integer', editable: false, width: 70 },
    { id: 'grantedCount', header: '授权数', kind: 'integer', editable: false, width: 70 },
    { id: 'recommend', header: '推荐', kind: 'text', editable: false, width: 60 },
    { id: 'status', header: '状态', kind: 'text', editable: false, width: 60 },
    { id: 'remark', header: '备注', kind: 'text', editable: false, width: 200 },
  ],
  totals: [],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '角色列表', title: '角色列表', totalsAsFormulas: false },
} satisfies GridDefinition<RoleListRow>);
