/**
 * 账套管理 (/user-center/zt-management): the managed units as a tree on the left (arrows, Enter
 * chooses), the chosen unit's subtree as a list on the right with filters and the pager; 新增
 * (under the chosen unit), 编辑 (or Enter / double-click on a row), 启用 / 停用 and 删除 of the
 * selection (Space selects; without a selection, the focused row). A set with vouchers or lower
 * units is not deleted: the refusal explains it and offers 停用.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ZtInfo, ZtListItem } from '../../../shared/api/schemas/zt.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import type { GridEditorHandle } from '../../grid/GridEditor.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { usePageTitle } from '../../shell/page-title.js';
import { Permission } from '../../shell/Permission.js';
import { ApiError, performAction } from '../../shell/request.js';
import { useSession } from '../../shell/session-store.js';
import { UnitTree } from './UnitTree.js';
import { ZtEditDialog } from './ZtEditDialog.js';
import { ZtList } from './ZtList.js';
import { deleteZtInfo, flattenTree, managedTree, setEnabled } from './zt-api.js';
import './zt.css';

const DISABLE = 'disable';

export function ZtManagementPage() {
  usePageTitle('账套管理');
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const [tree, setTree] = useState<ZtInfo[] | null>(null);
  const [chosen, setChosen] = useState<ZtInfo | null>(null);
  const [items, setItems] = useState<ZtListItem[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const [dialog, setDialog] = useState<{ editing: ZtListItem | null } | null>(null);
  const gridRef = useRef<GridEditorHandle>(null);

  const showTree = useCallback((next: ZtInfo[]) => {
    setTree(next);
    setChosen((c) => (c ? (flattenTree(next).find((u) => u.set.id === c.id)?.set ?? next[0] ?? null) : (next[0] ?? null)));
  }, []);
  useEffect(() => {
    let active = true;
    managedTree().then(
      (next) => active && showTree(next),
      () => active && setTree([]),
    );
    return () => {
      active = false;
    };
  }, [showTree]);

  const refresh = async () => {
    try {
      showTree(await managedTree());
    } catch {
      // The request wrapper has shown the refusal.
    }
    setReloadKey((k) => k + 1);
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
    if (first) setDialog({ editing: first });
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
    await refresh();
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
    await refresh();
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
          <Permission value="add">
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ editing: null })}>
              新增
            </button>
          </Permission>
          <Permission value="edit">
            <button type="button" className="btn" onClick={() => void edit()}>
              编辑
            </button>
          </Permission>
          <Permission value="enable">
            <button type="button" className="btn" onClick={() => void enable(true)}>
              启用
            </button>
          </Permission>
          <Permission value="enable">
            <button type="button" className="btn" onClick={() => void enable(false)}>
              停用
            </button>
          </Permission>
          <Permission value="delete">
            <button type="button" className="btn" onClick={() => void remove()}>
              删除
            </button>
          </Permission>
        </div>
      </header>
      <div className="zt-body">
        <aside className="zt-side">
          {tree && tree.length > 0 && <UnitTree tree={tree} chosenId={chosen?.id ?? null} onChoose={setChosen} />}
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
              if (item) setDialog({ editing: item });
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
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
