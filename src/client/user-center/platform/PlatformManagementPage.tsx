/**
 * 平台管理 (/user-center/platform-management, the super administrator's): the platforms in their
 * order, paged (20/30/40/50) and filtered by code or name. On the focused row: 编辑 (also a
 * double-click or Enter), 启用/停用 (a disabled platform's menu groups leave every set and their
 * calls are refused), 设为推荐 (a new set gets the recommended platforms), 上移/下移, 删除 (refused
 * while a set has it: the refusal is explained and 停用 offered instead).
 */
import { useState } from 'react';
import { KeywordSearch } from '../common/KeywordSearch.js';
import type { PlatformItem } from '../../../shared/api/schemas/platform.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { platformListGrid, toPlatformListRow, type PlatformListRow } from '../../../../grids/user-center/platform-list.js';
import { GridEditor } from '../../grid/GridEditor.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { ApiError, performAction } from '../../shell/request.js';
import { usePageTitle } from '../../shell/page-title.js';
import { PermissionButton } from '../../shell/Permission.js';
import { CrudToolbar } from '../common/CrudToolbar.js';
import { FIRST_PAGE, Pager, pagerKeys } from '../common/Pager.js';
import { useAdminList } from '../common/use-admin-list.js';
import { deletePlatform, enablePlatform, pagePlatforms, recommendPlatform, sortPlatforms } from './platform-api.js';
import { PlatformFormDialog } from './PlatformFormDialog.js';
import '../rights/rights.css';
import './platform.css';

const DISABLE = 'disable';

export function PlatformManagementPage() {
  usePageTitle('平台管理');
  const [query, setQuery] = useState({ ...FIRST_PAGE, keyword: '' });
  const [editing, setEditing] = useState<{ platform: PlatformItem | null } | null>(null);

  const { gridRef, listed, load, chosen, act, current, setFocusedId } = useAdminList({
    query,
    fetch: pagePlatforms,
    toRow: toPlatformListRow,
    noneChosen: '请先选择一个平台',
  });
  /** The dialog takes the focus: no reload or refocus of the list as act does. */
  const openFocused = async () => {
    const item = await chosen();
    if (item) setEditing({ platform: item });
  };

  const toggleEnable = async (platform: PlatformItem) => {
    if (platform.enable && platform.ztCount > 0) {
      try {
        await messageBox.confirm(
          `停用平台“${platform.name}”后，开通它的 ${platform.ztCount} 个账套将看不到其菜单（${platform.menus.map((m) => m.titleName).join('、') || '无'}），相关接口也将拒绝。确定停用吗？`,
          { title: '停用平台' },
        );
      } catch (error) {
        if (isReject(error)) return;
        throw error;
      }
    }
    await enablePlatform(platform.id, !platform.enable);
    messageBox.fireAndForget(messageBox.alert(platform.enable ? '平台已停用' : '平台已启用', { tone: 'success' }));
  };

  const remove = async (platform: PlatformItem) => {
    try {
      await messageBox.confirm(`确定删除平台“${platform.name}”吗？`, { title: '删除平台' });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deletePlatform(platform.id);
      messageBox.fireAndForget(messageBox.alert('平台已删除', { tone: 'success' }));
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
        buttons: platform.enable
          ? [
              { label: '取消', value: 'cancel' },
              { label: '停用该平台', value: DISABLE, primary: true },
            ]
          : [{ label: '确定', value: 'cancel', primary: true }],
      });
      if (answer === DISABLE) await enablePlatform(platform.id, false);
    }
  };

  const move = async (platform: PlatformItem, by: -1 | 1) => {
    const platforms = listed?.items ?? [];
    const at = platforms.findIndex((p) => p.id === platform.id);
    const other = platforms[at + by];
    if (!other) {
      await messageBox.alert(`“${platform.name}”已在本页${by < 0 ? '最前' : '最后'}`, { tone: 'warning' });
      return;
    }
    await sortPlatforms(by < 0 ? [platform.id, other.id] : [other.id, platform.id]);
  };

  return (
    <div
      className="rights-page page-fill"
      onKeyDown={pagerKeys(query, listed?.total ?? 0, (p) => setQuery((q) => ({ ...q, ...p })))}
    >
      <header className="rights-head">
        <h1>平台管理</h1>
        <KeywordSearch label="平台查询条件" onSearch={(keyword) => setQuery((q) => ({ ...q, pageIndex: 1, keyword }))} />
        <span className="muted">平台是业务模块：账套只看到其开通且启用的平台的菜单；用户中心不属于任何平台</span>
      </header>
      <CrudToolbar
        label="平台操作"
        addLabel="新增平台"
        editLabel="编辑"
        onAdd={() => setEditing({ platform: null })}
        onEdit={() => void openFocused()}
        focusedDisabled={!!current && !current.enable}
        onToggle={() => void act(toggleEnable)}
        onDelete={() => void act(remove)}
      >
        <PermissionButton value="edit" onClick={() => void act((p) => recommendPlatform(p.id, !p.isRecommend))}>
          {current?.isRecommend ? '取消推荐' : '设为推荐'}
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void act((p) => move(p, -1))}>
          上移
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void act((p) => move(p, 1))}>
          下移
        </PermissionButton>
      </CrudToolbar>
      {/* Enter on a row edits it, as a double-click does (the read-only grid has no cell to edit). */}
      <div
        className="platform-grid"
        onKeyDownCapture={(e) => {
          const rowId = gridRef.current?.focusedRowId();
          if (e.key !== 'Enter' || !rowId || !(e.target instanceof HTMLElement) || !e.target.closest('[role="gridcell"]')) return;
          const p = listed?.items.find((x) => String(x.id) === rowId);
          if (!p) return;
          e.preventDefault();
          setEditing({ platform: p });
        }}
      >
        {listed && (
          <GridEditor<PlatformListRow>
            handle={gridRef}
            definition={platformListGrid}
            rows={listed.rows}
            readOnly
            label="平台列表"
            onFocusedRowChange={setFocusedId}
            onRowOpen={(rowId) => {
              const p = listed.items.find((x) => String(x.id) === rowId);
              if (p) setEditing({ platform: p });
            }}
            fill
          />
        )}
      </div>
      <Pager total={listed?.total ?? 0} page={query} onChange={(p) => setQuery((q) => ({ ...q, ...p }))} label="平台列表" />
      {editing && (
        <PlatformFormDialog
          platform={editing.platform}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void load();
          }}
        />
      )}
    </div>
  );
}
