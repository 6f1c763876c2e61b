/** The user types (用户类型管理): one list for the installation, read-only rows edited in a dialog. */
import type { UserTypeItem } from '../../src/shared/api/schemas/users.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface UserTypeRow extends GridRow {
  readonly rowId: string;
  name: string;
  remark: string;
  sort: number;
  userCount: number;
}

export function toUserTypeRow(t: UserTypeItem): UserTypeRow {
  return { rowId: String(t.id), name: t.name, remark: t.remark, sort: t.sort, userCount: t.userCount };
}

export const userTypeListGrid = Object.freeze({
  id: 'user-type-list',
  title: '用户类型',
  fields: [
    { id: 'name', header: '类型名称', kind: 'text', editable: false, width: 160, pinned: true },
    { id: 'remark', header: '说明', kind: 'text', editable: false, width: 260 },
    { id: 'sort', header: '排序', kind: 'integer', editable: false, width: 60 },
    { id: 'userCount', header: '用户数', kind: 'integer', editable: false, width: 70 },
  ],
  commands: ['copy', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '用户类型', title: '用户类型', totalsAsFormulas: false },
} satisfies GridDefinition<UserTypeRow>);
