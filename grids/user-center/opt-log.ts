/**
 * The operation log (操作日志, /user-center/log-center): one row per recorded change, newest first,
 * read-only; a double-click (or Enter) opens the change's before and after side by side.
 */
import type { OptLogItem } from '../../src/shared/api/schemas/logs.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface OptLogRow extends GridRow {
  readonly rowId: string;
  atText: string;
  loginName: string;
  userName: string;
  address: string;
  ztName: string;
  actionText: string;
  summary: string;
}

export function toOptLogRow(item: OptLogItem): OptLogRow {
  return {
    rowId: String(item.id),
    atText: item.atText,
    loginName: item.loginName,
    userName: item.userName,
    address: item.address,
    ztName: item.ztName,
    actionText: item.actionText,
    summary: item.summary,
  };
}

export const optLogGrid = Object.freeze({
  id: 'user-center-opt-log',
  title: '操作日志',
  fields: [
    { id: 'atText', header: '时间', kind: 'text', editable: false, width: 160, pinned: true },
    { id: 'loginName', header: '登录名', kind: 'text', editable: false, width: 110 },
    { id: 'userName', header: '操作人', kind: 'text', editable: false, width: 100 },
    { id: 'actionText', header: '操作', kind: 'text', editable: false, width: 130 },
    { id: 'ztName', header: '账套', kind: 'text', editable: false, width: 200 },
    { id: 'summary', header: '摘要', kind: 'text', editable: false, width: 320 },
    { id: 'address', header: '来源地址', kind: 'text', editable: false, width: 130 },
  ],
  totals: [],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '操作日志', title: '操作日志', totalsAsFormulas: false },
} satisfies GridDefinition<OptLogRow>);
