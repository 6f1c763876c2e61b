/**
 * 权限组 (/user-center/permission-group, the super administrator's): named bundles of pages and
 * buttons that 角色管理's rights dialog applies to a role. Paged (20/30/40/50), filtered by name;
 * 新增 and 修改 (also Enter or a double-click) in a dialog with the name, remark and the pages and
 * buttons as a tree of checkboxes (GrantTree, the rights dialog's); 启用/停用 (a disabled group
 * is not offered); 删除 (roles it was applied to keep their grants).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PermissionGroup } from '../../../shared/api/schemas/permissions.js';
import type { CatalogueNode } from '../../../shared/api/schemas/rights.js';
import { PERMISSION_NAME_MAX, shortTitleProblem } from '../../../shared/permission-rules.js';
import {
  permissionGroupListGrid,
  toPermissionGroupRow,
  type PermissionGroupRow,
} from '../../../../grids/user-center/permission-group-list.js';
import { GridEditor } from '../../grid/GridEditor.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { messageBox } from '../../message-box/message-box.js';
import { TextField } from '../../message-box/TextField.js';
import { usePageTitle } from '../../shell/page-title.js';
import { ApiError } from '../../shell/request.js';
import { CrudToolbar } from '../common/CrudToolbar.js';
import { FIRST_PAGE, Pager, pagerKeys } from '../common/Pager.js';
import { useAdminList } from '../common/use-admin-list.js';
import { GrantTree, resourcesOf, type Granted } from './GrantTree.js';
import { deleteGroup, enableGroup, pageGroups, permissionOptions, saveGroup } from './permissions-api.js';
import { roleCatalogue } from './rights-api.js';
import './rights.css';

type Query = { pageIndex: number; pageSize: number; name: string };

export function PermissionGroupPage() {
  usePageTitle('权限组');
  const [name, setName] = useState('');
  const [query, setQuery] = useState<Query>({ ...FIRST_PAGE, name: '' });
  const [editing, setEditing] = useState<PermissionGroup | 'new' | null>(null);

  const { gridRef, listed, load, chosen, act, current, setFocusedId } = useAdminList({
    query,
    fetch: pageGroups,
    toRow: toPermissionGroupRow,
    noneChosen: '请先选择一个权限组',
  });
  /** The dialog takes the focus: no reload or refocus of the list as act does. */
  const openFocused = async () => {
    const item = await chosen();
    if (item) setEditing(item);
  };
  const remove = async (g: PermissionGroup) => {
    await messageBox.confirm(`确定删除权限组“${g.name}”吗？已应用过它的角色保留其权限。`, { title: '删除权限组' });
    await deleteGroup(g.id);
    messageBox.fireAndForget(messageBox.alert('权限组已删除', { tone: 'success' }));
  };
  const toggle = async (g: PermissionGroup) => {
    await enableGroup(g.id, !g.enable);
    messageBox.fireAndForget(messageBox.alert(g.enable ? '权限组已停用' : '权限组已启用', { tone: 'success' }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery((q) => ({ ...q, pageIndex: 1, name: name.trim() }));
  };

  return (
    <div
      className="rights-page page-fill"
      onKeyDown={pagerKeys(query, listed?.total ?? 0, (p) => setQuery((q) => ({ ...q, ...p })))}
    >
      <header className="rights-head">
        <h1>权限组</h1>
        <form className="rights-filter" aria-label="权限组查询条件" onSubmit={submit}>
          <label>
            <span>名称</span>
            <input aria-label="名称包含" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" className="btn">
            查询
          </button>
        </form>
        <span className="muted">在角色管理的“权限设置”中把权限组应用到角色</span>
      </header>
      <CrudToolbar
        label="权限组操作"
        onAdd={() => setEditing('new')}
        onEdit={() => void openFocused()}
        focusedDisabled={!!current && !current.enable}
        onToggle={() => void act(toggle)}
        onDelete={() => void act(remove)}
      />
      {listed && (
        <GridEditor<PermissionGroupRow>
          handle={gridRef}
          definition={permissionGroupListGrid}
          rows={listed.rows}
          readOnly
          label="权限组列表"
          onFocusedRowChange={setFocusedId}
          onRowOpen={(rowId) => {
            const g = listed.items.find((x) => String(x.id) === rowId);
            if (g) setEditing(g);
          }}
          toolbar={false}
          fill
        />
      )}
      <Pager total={listed?.total ?? 0} page={query} onChange={(p) => setQuery((q) => ({ ...q, ...p }))} label="权限组列表" />
      {editing && (
        <GroupFormDialog
          group={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void load();
            gridRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function GroupFormDialog({ group, onClose }: { group: PermissionGroup | null; onClose: (saved: boolean) => void }) {
  const [name, setName] = useState(group?.name ?? '');
  const [remark, setRemark] = useState(group?.remark ?? '');
  const [catalogue, setCatalogue] = useState<CatalogueNode[] | null>(null);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [granted, setGranted] = useState<Granted>(
    new Map((group?.resources ?? []).map((r) => [r.href, new Set(r.resourceList)])),
  );
  const [issues, setIssues] = useState<{ name?: string; server?: string }>({});
  const [busy, setBusy] = useState(false);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    let active = true;
    roleCatalogue().then(
      (nodes) => active && setCatalogue(nodes),
      () => closeRef.current(false),
    );
    permissionOptions().then(
      (options) => active && setLabels(Object.fromEntries(options.map((o) => [o.code, o.name]))),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  const submit = async () => {
    const problem = shortTitleProblem(name, '权限组名称');
    setIssues(problem ? { name: problem } : {});
    if (problem) return;
    setBusy(true);
    try {
      await saveGroup({
        ...(group ? { id: group.id, sort: group.sort } : {}),
        name: name.trim(),
        remark: remark.trim(),
        resources: resourcesOf(catalogue ?? [], granted),
      });
      messageBox.fireAndForget(messageBox.alert(group ? '权限组已保存' : '权限组已新建', { tone: 'success' }));
      onClose(true);
    } catch (error) {
      setIssues({ server: error instanceof ApiError ? (error.envelope?.errorMsg ?? error.message) : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={group ? '修改权限组' : '新增权限组'}
      className="rights-dialog"
      busy={busy || catalogue === null}
      note={issues.server ? <span role="alert">{issues.server}</span> : '↑↓ 换行，←→ 换按钮，空格勾选'}
      onSubmit={submit}
      onCancel={() => onClose(false)}
    >
      <TextField
        id="group-name"
        label="权限组名称"
        value={name}
        maxLength={PERMISSION_NAME_MAX + 8}
        autoComplete="off"
        issues={issues.name ? [issues.name] : []}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField id="group-remark" label="备注" value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} />
      {catalogue === null ? (
        <p className="muted">正在读取…</p>
      ) : (
        <GrantTree
          catalogue={catalogue}
          granted={granted}
          onChange={setGranted}
          readOnly={false}
          labels={labels}
          label="权限组的页面和按钮"
        />
      )}
    </FormDialog>
  );
}
