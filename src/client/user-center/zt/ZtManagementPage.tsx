/**
 * 账套管理 (/user-center/zt-management): the managed units as a tree on the left (arrows, Enter
 * chooses), the chosen unit's subtree as a list on the right with filters and the pager; 新增
 * (under the chosen unit), 编辑 (or Enter / double-click on a row), 启用 / 停用 and 删除 of the
 * selection (Space selects; without a selection, the focused row). A set with vouchers or lower
 * units is not deleted: the refusal explains it and offers 停用. The tree is read a level at a time
 * (lazy-tree.ts); after a change the branches it touched are read again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ZtInfo, ZtListItem } from '../../../shared/api/schemas/zt.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import type { GridEditorHandle } from '../../grid/GridEditor.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { usePageTitle } from '../../shell/page-title.js';
import { PermissionButton } from '../../shell/Permission.js';
import { ApiError, performAction } from '../../shell/request.js';
import { useSession } from '../../shell/session-store.js';
import { UnitTree } from './UnitTree.js';
import { ZtEditDialog } from './ZtEditDialog.js';
import { ZtList } from './ZtList.js';
import { childrenRead, findUnit, mergeLevel, withChildren } from './lazy-tree.js';
import { deleteZtInfo, managedTree, setEnabled, treeChildren, treeReveal } from './zt-api.js';
import { UnitPicker } from '../common/UnitPicker.js';
import './zt.css';

const DISABLE = 'disable';

export function ZtManagementPage() {
  usePageTitle('账套管理');
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const [tree, setTree] = useState<ZtInfo[] | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [expandTo, setExpandTo] = useState<{ id: number } | null>(null);
  const treeRef = useRef<readonly ZtInfo[]>([]);
  const sideRef = useRef<HTMLElement>(null);
  const [focusChosen, setFocusChosen] = useState(0);
  const [items, setItems] = useState<ZtListItem[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const [dialog, setDialog] = useState<{ editing: ZtListItem | null } | null>(null);
  const gridRef = useRef<GridEditorHandle>(null);

  // The chosen unit as the tree now holds it (its children read since); the first top unit when it is gone.
  const chosen = tree ? ((chosenId === null ? undefined : findUnit(tree, chosenId)) ?? tree[0] ?? null) : null;
  useEffect(() => {
    treeRef.current = tree ?? [];
  }, [tree]);

  useEffect(() => {
    let active = true;
    managedTree().then(
      (next) => active && setTree(next),
      () => active && setTree([]),
    );
    return () => {
      active = false;
    };
  }, []);

  const loadChildren = useCallback(async (id: number) => {
    const children = await treeChildren(id);
    setTree((t) => t && withChildren(t, id, children));
  }, []);

  /** Reads again the top units, or a unit's children when they have been read. */
  const reloadBranch = async (id: number | null) => {
    if (id === null) {
      const top = await managedTree();
      setTree((t) => mergeLevel(t ?? [], top));
      return;
    }
    const unit = findUnit(treeRef.current, id);
    if (unit?.children) await loadChildren(id);
  };

  /** After a change under these upper units: their children (names, flags) and the units themselves (their counts). */
  const refreshAround = async (upperIds: readonly (number | null)[]) => {
    const branches = new Set<number | null>();
    for (const id of upperIds) {
      branches.add(id);
      if (id !== null) branches.add(findUnit(treeRef.current, id)?.upperId ?? null);
    }
    try {
      for (const id of branches) await reloadBranch(id);
    } catch {
      // The request wrapper has shown the refusal.
    }
    setReloadKey((k) => k + 1);
  };

  /** Reads the way down to a set and opens it, so the set shows in the tree. */
  const reveal = async (id: number) => {
    try {
      const fresh = await treeReveal(id);
      setTree((t) => mergeLevel(t ?? [], fresh));
      setExpandTo({ id });
    } catch {
      // The request wrapper has shown the refusal.
    }
  };

  /** A unit found by the search: its way opened in the tree, chosen, and focused there. */
  const chooseFound = async (id: number) => {
    await reveal(id);
    setChosenId(id);
    setFocusChosen((n) => n + 1);
  };
  useEffect(() => {
    if (focusChosen > 0) sideRef.current?.querySelector<HTMLElement>('[role="treeitem"][aria-selected="true"]')?.focus();
  }, [focusChosen]);

  // The dialog offers the next free code under the chosen unit and lists the edited set's upper unit:
  // their children are read first.
  const openCreate = async () => {
    if (chosen && !childrenRead(chosen)) await loadChildren(chosen.id).catch(() => undefined);
    setDialog({ editing: null });
  };
  const openEdit = async (item: ZtListItem) => {
    await reveal(item.id);
    setDialog({ editing: item });
  };

  /** The selection, or the focused row when nothing is selected. */
  const targets = (): ZtListItem[] => {
    if (selected.length > 0) return items.filter((i) => selected.includes(i.id));
    const focused = gridRef.current?.focusedRowId();
    const item = items.find((i) => String(i.id) === focused);
    return item ? [item] : [];
  };

  const needOne = async (what: string): Promise<ZtListItem[] | null> => {
    const list = targets();
    if (list.length === 0) {
      await messageBox.alert(`请先选择要${what}的账套（空格键选择）`).catch(() => undefined);
      return null;
    }
    return list;
  };

  const edit = async () => {
    const list = await needOne('编辑');
    const first = list?.[0];
    if (first) await openEdit(first);
  };

  const enable = async (value: boolean) => {
    const list = await needOne(value ? '启用' : '停用');
    if (!list) return;
    if (!value) {
      try {
        await messageBox.confirm(
          `确定停用${list.length === 1 ? `账套「${list[0]?.name}」` : `所选的${list.length}个账套`}？停用后不能再选择和使用，正在其中工作的用户会立即退出。`,
          { title: '停用账套', tone: 'warning' },
        );
      } catch (error) {
        if (isReject(error)) return;
        throw error;
      }
    }
    try {
      await setEnabled(
        list.map((i) => i.id),
        value,
      );
    } catch {
      // The request wrapper has shown the refusal.
    }
    await refreshAround(list.map((i) => i.upperId));
  };

  const remove = async () => {
    const list = await needOne('删除');
    const item = list?.[0];
    if (!item) return;
    if (list.length > 1) {
      await messageBox.alert('删除账套一次只能删除一个，请只选择一个账套').catch(() => undefined);
      return;
    }
    try {
      await messageBox.confirm(`确定删除账套「${item.code} ${item.name}」？其科目、期初和设置将一并删除，不能恢复。`, {
        title: '删除账套',
        tone: 'warning',
      });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteZtInfo(item.id);
      messageBox.fireAndForget(messageBox.alert(`账套「${item.name}」已删除`, { autoClose: true, tone: 'success' }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.envelope?.errorCode !== ErrorCode.BusinessRule) {
        performAction(error.action);
        return;
      }
      // Explain, and offer what can be done instead.
      const answer = await messageBox.choose({
        title: '不能删除',
        message: error.message,
        tone: 'warning',
        cancelValue: 'cancel',
        buttons: item.enable
          ? [
              { label: '取消', value: 'cancel' },
              { label: '停用该账套', value: DISABLE, primary: true },
            ]
          : [{ label: '确定', value: 'cancel', primary: true }],
      });
      if (answer === DISABLE) {
        try {
          await setEnabled([item.id], false);
        } catch {
          // The request wrapper has shown the refusal.
        }
      }
    }
    await refreshAround([item.upperId]);
  };

  return (
    <div className="zt-page page-fill">
      <header className="zt-head">
        <h1>账套管理</h1>
        {chosen && (
          <span className="muted" data-testid="zt-chosen">
            {chosen.code} {chosen.name} 及其下级单位
          </span>
        )}
        <span className="zt-spacer" />
        <div className="zt-actions" role="toolbar" aria-label="账套操作">
          <PermissionButton value="add" primary onClick={() => void openCreate()}>
            新增
          </PermissionButton>
          <PermissionButton value="edit" onClick={() => void edit()}>
            编辑
          </PermissionButton>
          <PermissionButton value="enable" onClick={() => void enable(true)}>
            启用
          </PermissionButton>
          <PermissionButton value="enable" onClick={() => void enable(false)}>
            停用
          </PermissionButton>
          <PermissionButton value="delete" onClick={() => void remove()}>
            删除
          </PermissionButton>
        </div>
      </header>
      <div className="zt-body">
        <aside className="zt-side" ref={sideRef}>
          {tree && tree.length > 0 && (
            <UnitPicker
              className="zt-search"
              label="查找单位"
              placeholder="查找单位：编码或名称，回车"
              onChoose={(unit) => unit && void chooseFound(unit.id)}
            />
          )}
          {tree && tree.length > 0 && (
            <UnitTree
              tree={tree}
              chosenId={chosen?.id ?? null}
              onChoose={(unit) => setChosenId(unit.id)}
              onLoadChildren={loadChildren}
              expandTo={expandTo}
            />
          )}
          {tree && tree.length === 0 && <p className="muted">没有可管理的账套</p>}
        </aside>
        {chosen && (
          <ZtList
            rootId={chosen.id}
            reloadKey={reloadKey}
            label="账套列表"
            gridHandle={gridRef}
            onItems={setItems}
            onSelectionChange={setSelected}
            onRowOpen={(id) => {
              const item = items.find((i) => i.id === id);
              if (item) void openEdit(item);
            }}
          />
        )}
      </div>
      {dialog && tree && (
        <ZtEditDialog
          tree={tree}
          editing={dialog.editing}
          defaultUpper={chosen}
          mayCreateTop={isAdmin}
          onCancel={() => setDialog(null)}
          onSaved={(id) => {
            const before = dialog.editing;
            setDialog(null);
            void reveal(id).then(() => refreshAround(before ? [before.upperId] : []));
          }}
        />
      )}
    </div>
  );
}
