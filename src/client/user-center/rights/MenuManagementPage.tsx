/**
 * 菜单管理 (/user-center/menu-management, the super administrator's): the menu in its order, a
 * row per group and page; on the focused row 启用/停用 (a disabled page leaves everyone's menu and
 * its calls are refused), 上移 (lift) and 下移. The menu of the shell follows at the next sign-in
 * or refresh of the menu.
 */
import { useCallback, useEffect, useState } from 'react';
import type { MenuTreeNode } from '../../../shared/api/schemas/rights.js';
import { menuTreeGrid, toMenuTreeRows, type MenuTreeRow } from '../../../../grids/user-center/menu-tree.js';
import { GridEditor } from '../../grid/GridEditor.js';
import { messageBox } from '../../message-box/message-box.js';
import { usePageTitle } from '../../shell/page-title.js';
import { PermissionButton } from '../../shell/Permission.js';
import { enableMenu, liftMenu, menuTree, sortMenus } from './rights-api.js';
import './rights.css';

function flatten(nodes: readonly MenuTreeNode[]): MenuTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

function siblingsOf(nodes: readonly MenuTreeNode[], id: number): MenuTreeNode[] {
  if (nodes.some((n) => n.id === id)) return [...nodes];
  for (const n of nodes) {
    const found = siblingsOf(n.children, id);
    if (found.length) return found;
  }
  return [];
}

export function MenuManagementPage() {
  usePageTitle('菜单管理');
  const [tree, setTree] = useState<MenuTreeNode[] | null>(null);
  const [rows, setRows] = useState<MenuTreeRow[]>([]);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const show = useCallback((nodes: MenuTreeNode[]) => {
    setTree(nodes);
    setRows(toMenuTreeRows(nodes));
  }, []);

  useEffect(() => {
    let active = true;
    menuTree().then(
      (nodes) => active && show(nodes),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [show]);

  const focused = tree ? flatten(tree).find((n) => String(n.id) === focusedId) : undefined;

  const act = async (run: (menu: MenuTreeNode) => Promise<unknown>) => {
    if (!focused) {
      await messageBox.alert('请先选择一个菜单', { tone: 'warning' });
      return;
    }
    try {
      await run(focused);
      show(await menuTree());
    } catch {
      // Shown by the request wrapper.
    }
  };

  const lower = async (menu: MenuTreeNode) => {
    const siblings = siblingsOf(tree ?? [], menu.id);
    const below = siblings[siblings.findIndex((n) => n.id === menu.id) + 1];
    if (!below) {
      await messageBox.alert(`“${menu.titleName}”已在最后`, { tone: 'warning' });
      return;
    }
    await sortMenus([below.id, menu.id]);
  };

  return (
    <div className="rights-page page-fill">
      <header className="rights-head">
        <h1>菜单管理</h1>
        <span className="muted">停用的菜单不出现在任何人的菜单里，其页面的接口也拒绝</span>
      </header>
      <div className="rights-actions" role="toolbar" aria-label="菜单操作">
        <PermissionButton value="enable" onClick={() => void act((m) => enableMenu(m.id, !m.enable))}>
          {focused && !focused.enable ? '启用' : '停用'}
        </PermissionButton>
        <PermissionButton value="sort" onClick={() => void act((m) => liftMenu(m.id))}>
          上移
        </PermissionButton>
        <PermissionButton value="sort" onClick={() => void act(lower)}>
          下移
        </PermissionButton>
      </div>
      {tree && (
        <GridEditor<MenuTreeRow>
          definition={menuTreeGrid}
          rows={rows}
          readOnly
          label="菜单"
          onFocusedRowChange={setFocusedId}
          fill
        />
      )}
    </div>
  );
}
