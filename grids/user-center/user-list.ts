/**
 * The user list of the user center (用户管理, 操作员管理, 超级用户): one row per user, read-only;
 * the page selects rows for enable and disable, and a double-click (or Enter) opens the user for
 * editing. The rows are one page of the server's list (20/30/40/50).
 */
import type { UserItem } from '../../src/shared/api/schemas/users.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface UserListRow extends GridRow {
  /** The user's id, as text. */
  readonly rowId: string;
  loginName: string;
  name: string;
  homeZtName: string;
  departmentName: string;
  userTypeName: string;
  phone: string;
  status: string;
  passwordState: string;
}

export const USER_STATUS = { enabled: '启用', disabled: '停用' } as const;

export function toUserListRow(u: UserItem): UserListRow {
  return {
    rowId: String(u.id),
    loginName: u.loginName,
    name: u.name,
    homeZtName: u.homeZtName,
    departmentName: u.departmentName,
    userTypeName: u.userTypeName,
    phone: u.phone,
    status: u.enable ? USER_STATUS.enabled : USER_STATUS.disabled,
    passwordState: u.mustChangePassword ? '待修改初始密码' : '已设置',
  };
}

export const userListGrid = Object.freeze({
  id: 'user-list',
  title: '用户列表',
  fields: [
    { id: 'loginName', header: '登录名', kind: 'text', editable: false, width: 120, pinned: true },
    { id: 'name', header: '姓名', kind: 'text', editable: false, width: 90 },
    { id: 'homeZtName', header: '所属单位', kind: 'text', editable: false, width: 200 },
    { id: 'departmentName', header: '部门', kind: 'text', editable: false, width: 100 },
    { id: 'userTypeName', header: '用户类型', kind: 'text', editable: false, width: 100 },
    { id: 'phone', header: '联系电话', kind: 'text', editable: false, width: 120 },
    { id: 'status', header: '状态', kind: 'text', editable: false, width: 60 },
    { id: 'passwordState', header: '密码', kind: 'text', editable: false, width: 110 },
  ],
  commands: ['copy', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '用户列表', title: '用户列表', totalsAsFormulas: false },
} satisfies GridDefinition<UserListRow>);
