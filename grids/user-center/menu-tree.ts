/**
 * 菜单管理 (/user-center/menu-management): the menu in its order, a row per group and page with
 * the title indented by depth, read-only; the page enables, disables and moves the focused row.
 */
import type { MenuTreeNode } from '../../src/shared/api/schemas/rights.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface MenuTreeRow extends GridRow {
  /** The menu's id, as text. */
  readonly rowId: string;
  title: string;
  href: string;
  buttons: string;
  adminOnly: string;
  status: string;
}

/** The tree in its order, depth first, each title indented by its depth. */
export function toMenuTreeRows(nodes: readonly MenuTreeNode[], depth = 0): MenuTreeRow[] {
  return nodes.flatMap((n) => [
    {
      rowId: String(n.id),
      title: `${'\u3000\u3000'.repeat(depth)}${n.titleName}`,
      href: n.href,
      // A button switched off in the installation (权限管理, 全局按钮权限) is marked so.
      buttons: n.buttons.map((b) => (n.offButtons.includes(b) ? `${b}（已关闭）` : b)).join('、'),
      adminOnly: n.adminOnly ? '是' : '',
      status: n.enable ? '启用' : '停用',
    },
    ...toMenuTreeRows(n.children, depth + 1),
  ]);
}

export const menuTreeGrid = Object.freeze({
  id: 'menu-tree',
  title: '菜单',
  fields: [
    { id: 'title', header: '菜单名称', kind: 'text', editable: false, width: 200, pinned: true },
    { id: 'href', header: '地址', kind: 'text', editable: false, width: 320 },
    { id: 'buttons', header: '按钮', kind: 'text', editable: false, width: 260 },
    { id: 'adminOnly', header: '仅超级管理员', kind: 'text', editable: false, width: 100 },
    { id: 'status', header: '状态', kind: 'text', editable: false, width: 60 },
  ],
  totals: [],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '菜单', title: '菜单', totalsAsFormulas: false },
} satisfies GridDefinition<MenuTreeRow>);
