/**
 * 平台管理 (/user-center/platform-management): one row per platform, in its order, read-only; the
 * page edits the focused row (also a double-click or Enter) and enables, recommends, moves and
 * deletes it.
 */
import type { PlatformItem } from '../../src/shared/api/schemas/platform.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface PlatformListRow extends GridRow {
  /** The platform's id, as text. */
  readonly rowId: string;
  code: string;
  name: string;
  menus: string;
  ztCount: number;
  recommend: string;
  status: string;
}

export function toPlatformListRow(p: PlatformItem): PlatformListRow {
  return {
    rowId: String(p.id),
    code: p.code,
    name: p.name,
    menus: p.menus.map((m) => m.titleName).join('、'),
    ztCount: p.ztCount,
    recommend: p.isRecommend ? '推荐' : '',
    status: p.enable ? '启用' : '停用',
  };
}

export const platformListGrid = Object.freeze({
  id: 'platform-list',
  title: '平台列表',
  fields: [
    { id: 'code', header: '平台编码', kind: 'text', editable: false, width: 130, pinned: true },
    { id: 'name', header: '平台名称', kind: 'text', editable: false, width: 140, pinned: true },
    { id: 'menus', header: '包含的菜单组', kind: 'text', editable: false, width: 320 },
    { id: 'ztCount', header: '开通账套数', kind: 'integer', editable: false, width: 100 },
    { id: 'recommend', header: '推荐', kind: 'text', editable: false, width: 70 },
    { id: 'status', header: '状态', kind: 'text', editable: false, width: 70 },
  ],
  totals: [],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '平台列表', title: '平台列表', totalsAsFormulas: false },
} satisfies GridDefinition<PlatformListRow>);
