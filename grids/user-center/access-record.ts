/**
 * The access records (访问记录, /user-center/access-record): per address (sign-ins and failures in
 * the range) and every record (sign-in attempts, set choices, sign-outs, sessions ended).
 */
import type { AccessAddressItem, AccessDetailItem } from '../../src/shared/api/schemas/logs.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface AccessDetailRow extends GridRow {
  readonly rowId: string;
  atText: string;
  kindText: string;
  loginName: string;
  userName: string;
  address: string;
  ztName: string;
  result: string;
  userAgent: string;
}

export function toAccessDetailRow(item: AccessDetailItem): AccessDetailRow {
  return {
    rowId: String(item.id),
    atText: item.atText,
    kindText: item.kindText,
    loginName: item.loginName,
    userName: item.userName,
    address: item.address,
    ztName: item.ztName,
    result: item.success ? item.reasonText : `失败：${item.reasonText}`,
    userAgent: item.userAgent,
  };
}

export const accessDetailGrid = Object.freeze({
  id: 'user-center-access-details',
  title: '访问记录明细',
  fields: [
    { id: 'atText', header: '时间', kind: 'text', editable: false, width: 160, pinned: true },
    { id: 'kindText', header: '类别', kind: 'text', editable: false, width: 90 },
    { id: 'loginName', header: '登录名', kind: 'text', editable: false, width: 110 },
    { id: 'userName', header: '用户', kind: 'text', editable: false, width: 100 },
    { id: 'address', header: '来源地址', kind: 'text', editable: false, width: 130 },
    { id: 'ztName', header: '账套', kind: 'text', editable: false, width: 180 },
    { id: 'result', header: '结果', kind: 'text', editable: false, width: 200 },
    { id: 'userAgent', header: '浏览器', kind: 'text', editable: false, width: 240 },
  ],
  totals: [],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '访问记录', title: '访问记录明细', totalsAsFormulas: false },
} satisfies GridDefinition<AccessDetailRow>);

export interface AccessAddressRow extends GridRow {
  readonly rowId: string;
  address: string;
  logins: number;
  successes: number;
  failures: number;
  users: number;
  lastAtText: string;
}

export function toAccessAddressRow(item: AccessAddressItem): AccessAddressRow {
  return {
    rowId: item.address,
    address: item.address,
    logins: item.logins,
    successes: item.successes,
    failures: item.failures,
    users: item.users,
    lastAtText: item.lastAtText,
  };
}

export const accessAddressGrid = Object.freeze({
  id: 'user-center-access-addresses',
  title: '访问地址汇总',
  fields: [
    { id: 'address', header: '来源地址', kind: 'text', editable: false, width: 160, pinned: true },
    { id: 'logins', header: '登录次数', kind: 'integer', editable: false, width: 100 },
    { id: 'successes', header: '成功', kind: 'integer', editable: false, width: 90 },
    { id: 'failures', header: '失败', kind: 'integer', editable: false, width: 90 },
    { id: 'users', header: '登录名数', kind: 'integer', editable: false, width: 100 },
    { id: 'lastAtText', header: '最近一次', kind: 'text', editable: false, width: 170 },
  ],
  totals: [],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '访问地址', title: '访问地址汇总', totalsAsFormulas: false },
} satisfies GridDefinition<AccessAddressRow>);
