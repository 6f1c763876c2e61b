/**
 * 省级账套管理 (/user-center/provincial-level-zt-management): every managed set in one list with
 * the filters and the pager; the selection (Space; without one, the focused row) takes the bulk
 * settings: 设置到期日, 设置层级, 启用 / 停用, and the 完善单位 and 资产核查 flags.
 */
import { useRef, useState } from 'react';
import type { ZtListItem } from '../../../shared/api/schemas/zt.js';
import { ZT_LEVEL_MAX } from '../../../shared/zt/ledger-set-rules.js';
import type { GridEditorHandle } from '../../grid/GridEditor.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { TextField } from '../../message-box/TextField.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { usePageTitle } from '../../shell/page-title.js';
import { PermissionButton } from '../../shell/Permission.js';
import { ZtList } from './ZtList.js';
import { setEnabled, setExpiration, setFlag, setLevel } from './zt-api.js';
import './zt.css';

type Bulk = { kind: 'expire' } | { kind: 'level' };

function BulkDialog({
  bulk,
  count,
  onDone,
  onCancel,
}: {
  bulk: Bulk;
  count: number;
  onDone: (value: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const submit = async () => {
    if (bulk.kind === 'level' && !(/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= ZT_LEVEL_MAX)) {
      setIssue(`层级须在1到${ZT_LEVEL_MAX}之间`);
      return;
    }
    setIssue(null);
    if (!(await onDone(value))) setIssue('未能保存，请看提示');
  };
  return (
    <FormDialog
      title={bulk.kind === 'expire' ? `设置到期日（${count}个账套）` : `设置层级（${count}个账套）`}
      onSubmit={submit}
      onCancel={onCancel}
      note={bulk.kind === 'expire' ? '留空为不到期；到期日当天仍可使用，过期后不能选择，正在使用的会话立即结束' : undefined}
    >
      {bulk.kind === 'expire' ? (
        <TextField
          id="zt-bulk-expire"
          label="到期日"
          type="date"
          autoFocus
          value={value}
          issues={issue ? [issue] : []}
          onChange={(e) => setValue(e.target.value)}
        />
      ) : (
        <TextField
          id="zt-bulk-level"
          label="层级"
          inputMode="numeric"
          autoFocus
          value={value}
          issues={issue ? [issue] : []}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
    </FormDialog>
  );
}

export function ProvincialZtManagementPage() {
  usePageTitle('省级账套管理');
  const [items, setItems] = useState<ZtListItem[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const [bulk, setBulk] = useState<{ bulk: Bulk; ids: number[] } | null>(null);
  const gridRef = useRef<GridEditorHandle>(null);

  const targets = async (what: string): Promise<number[] | null> => {
    if (selected.length > 0) return selected;
    const focused = gridRef.current?.focusedRowId();
    const item = items.find((i) => String(i.id) === focused);
    if (item) return [item.id];
    await messageBox.alert(`请先选择要${what}的账套（空格键选择）`).catch(() => undefined);
    return null;
  };

  /** Runs a bulk call; false when refused (the request wrapper has shown why). */
  const run = async (work: () => Promise<{ count: number }>): Promise<boolean> => {
    try {
      const { count } = await work();
      messageBox.fireAndForget(messageBox.alert(`已修改${count}个账套`, { autoClose: true, tone: 'success' }));
      setReloadKey((k) => k + 1);
      return true;
    } catch {
      return false;
    }
  };

  const enable = async (value: boolean) => {
    const ids = await targets(value ? '启用' : '停用');
    if (!ids) return;
    if (!value) {
      try {
        await messageBox.confirm(`确定停用所选的${ids.length}个账套？停用后不能再选择和使用，正在其中工作的用户会立即退出。`, {
          title: '停用账套',
          tone: 'warning',
        });
      } catch (error) {
        if (isReject(error)) return;
        throw error;
      }
    }
    await run(() => setEnabled(ids, value));
  };

  const flag = async (which: 'improveUnit' | 'assetCheck', value: boolean) => {
    const ids = await targets('设置');
    if (ids) await run(() => setFlag(which, ids, value));
  };

  const open = async (kind: Bulk['kind']) => {
    const ids = await targets('设置');
    if (ids) setBulk({ bulk: { kind }, ids });
  };

  return (
    <div className="zt-page page-fill">
      <header className="zt-head">
        <h1>省级账套管理</h1>
        <span className="muted" data-testid="zt-selection">
          已选 {selected.length} 个
        </span>
        <span className="zt-spacer" />
        <div className="zt-actions" role="toolbar" aria-label="批量操作">
          <PermissionButton value="expire" onClick={() => void open('expire')}>
            设置到期日
          </PermissionButton>
          <PermissionButton value="level" onClick={() => void open('level')}>
            设置层级
          </PermissionButton>
          <PermissionButton value="enable" onClick={() => void enable(true)}>
            启用
          </PermissionButton>
          <PermissionButton value="enable" onClick={() => void enable(false)}>
            停用
          </PermissionButton>
          <PermissionButton value="edit" onClick={() => void flag('improveUnit', true)}>
            设为完善单位
          </PermissionButton>
          <PermissionButton value="edit" onClick={() => void flag('improveUnit', false)}>
            取消完善单位
          </PermissionButton>
          <PermissionButton value="edit" onClick={() => void flag('assetCheck', true)}>
            设为资产核查
          </PermissionButton>
          <PermissionButton value="edit" onClick={() => void flag('assetCheck', false)}>
            取消资产核查
          </PermissionButton>
        </div>
      </header>
      <ZtList
        rootId={null}
        reloadKey={reloadKey}
        label="省级账套列表"
        gridHandle={gridRef}
        onItems={setItems}
        onSelectionChange={setSelected}
      />
      {bulk && (
        <BulkDialog
          bulk={bulk.bulk}
          count={bulk.ids.length}
          onCancel={() => {
            setBulk(null);
            gridRef.current?.focus();
          }}
          onDone={async (value) => {
            const ok = await run(() =>
              bulk.bulk.kind === 'expire'
                ? setExpiration(bulk.ids, value === '' ? null : value)
                : setLevel(bulk.ids, Number(value)),
            );
            if (ok) {
              setBulk(null);
              gridRef.current?.focus();
            }
            return ok;
          }}
        />
      )}
    </div>
  );
}
