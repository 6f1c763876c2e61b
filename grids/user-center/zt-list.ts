/**
 * The ledger-set list of 账套管理 and 省级账套管理 (/user-center/zt-management,
 * /user-center/provincial-level-zt-management): one row per set of the chosen unit's subtree,
 * read-only; the pages select rows (Space) for enable/disable and the provincial page's bulk
 * settings, and a double-click (Enter) opens a set in the edit dialog.
 */
import type { ZtListItem } from '../../src/shared/api/schemas/zt.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface ZtListRow extends GridRow {
  /** The set's id, as text. */
  readonly rowId: string;
  code: string;
  name: string;
  upperName: string;
  level: number;
  accountingSystem: string;
  firstYear: string;
  expireTime: string;
  status: string;
  /** 完善单位、资产核查、本地打印: the flags set, in one column. */
  flags: string;
}

export const ZT_STATUS = { enabled: '启用', disabled: '停用', expired: '已到期' } as const;

export function ztStatus(item: Pick<ZtListItem, 'enable' | 'expired'>): string {
  if (!item.enable) return ZT_STATUS.disabled;
  return item.expired ? ZT_STATUS.expired : ZT_STATUS.enabled;
}

/** The short names the list shows (the dialog and exports say them in full). */
export const SYSTEM_SHORT_NAMES = {
  'union-grassroots': '工会（基层）',
  'union-county': '工会（县级以上）',
  government: '政府会计',
} as const;

export function ztFlags(item: Pick<ZtListItem, 'isImproveUnit' | 'isAssetCheck' | 'saveLocalizationPrint'>): string {
  const flags: string[] = [];
  if (item.isImproveUnit) flags.push('完善单位');
  if (item.isAssetCheck) flags.push('资产核查');
  if (item.saveLocalizationPrint) flags.push('本地打印');
  return flags.join('、');
}

export function toZtListRow(item: ZtListItem): ZtListRow {
  return {
    rowId: String(item.id),
    code: item.code,
    name: item.name,
    upperName: item.upperName ?? '',
    level: item.level,
    accountingSystem: SYSTEM_SHORT_NAMES[item.accountingSystem],
    firstYear: item.firstYear === null ? '' : String(item.firstYear),
    expireTime: item.expireTime ?? '',
    status: ztStatus(item),
    flags: ztFlags(item),
  };
}

export const ztListGrid = Object.freeze({
  id: 'zt-list',
  title: '账套列表',
  fields: [
    { id: 'code', header: '账套编码', kind: 'text', editable: false, pinned: true },
    { id: 'name', header: '账套名称', kind: 'text', editable: false, pinned: true },
    { id: 'upperName', header: '上级单位', kind: 'text', editable: false },
    { id: 'level', header: '层级', kind: 'integer', editable: false },
    { id: 'accountingSystem', header: '会计制度', kind: 'text', editable: false },
    { id: 'firstYear', header: '启用年度', kind: 'text', editable: false },
    { id: 'expireTime', header: '到期日', kind: 'text', editable: false },
    { id: 'status', header: '状态', kind: 'text', editable: false },
    { id: 'flags', header: '标志', kind: 'text', editable: false },
  ],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '账套列表', title: '账套列表', totalsAsFormulas: false },
} satisfies GridDefinition<ZtListRow>);
