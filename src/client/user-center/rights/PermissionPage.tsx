/**
 * 权限管理 (/user-center/permission, the super administrator's): the button keys of the menu with
 * their names, paged (20/30/40/50) and filtered by code and name. 新增 and 修改 (also Enter or a
 * double-click on a row) in a dialog; 启用/停用 (a disabled key is held by nobody on any page and
 * leaves everyone's buttons); 删除 (refused while a menu page, a role or a group uses the key: the
 * refusal names them and offers 停用).
 */
import { useState, type FormEvent } from 'react';
import type { PermissionItem } from '../../../shared/api/schemas/permissions.js';
import {
  permissionCodeProblem,
  PERMISSION_CODE_MAX,
  PERMISSION_NAME_MAX,
  shortTitleProblem,
} from '../../../shared/permission-rules.js';
import { permissionListGrid, toPermissionRow, type PermissionRow } from '../../../../grids/user-center/permission-list.js';
import { GridEditor } from '../../grid/GridEditor.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { messageBox } from '../../message-box/message-box.js';
import { TextField } from '../../message-box/TextField.js';
import { usePageTitle } from '../../shell/page-title.js';
import { loadPermissions } from '../../shell/session-flow.js';
import { ApiError } from '../../shell/request.js';
import { CrudToolbar } from '../common/CrudToolbar.js';
import { FIRST_PAGE, Pager, pagerKeys } from '../common/Pager.js';
import { useAdminList } from '../common/use-admin-list.js';
import { deletePermission, enablePermission, pagePermissions, savePermission } from './permissions-api.js';
import './rights.css';

type Query = { pageIndex: number; pageSize: number; code: string; name: string };

export function PermissionPage() {
  usePageTitle('权限管理');
  const [filter, setFilter] = useState({ code: '', name: '' });
  const [query, setQuery] = useState<Query>({ ...FIRST_PAGE, code: '', name: '' });
  const [editing, setEditing] = useState<PermissionItem | 'new' | null>(null);

  const { gridRef, listed, load, chosen, act, current, setFocusedId } = useAdminList({
    query,
    fetch: pagePermissions,
    toRow: toPermissionRow,
    noneChosen: '请先选择一个权限',
  });
  /** The dialog takes the focus: no reload or refocus of the list as act does. */
  const openFocused = async () => {
    const item = await chosen();
    if (item) setEditing(item);
  };
  const remove = async (p: PermissionItem) => {
    await messageBox.confirm(`确定删除权限“${p.code} ${p.name}”吗？`, { title: '删除权限' });
    await deletePermission(p.id);
    messageBox.fireAndForget(messageBox.alert('权限已删除', { tone: 'success' }));
  };
  const toggle = async (p: PermissionItem) => {
    if (p.enable)
      await messageBox.confirm(`停用后，所有页面的“${p.name}”按钮对所有人（含超级管理员）都不再可用。确定停用吗？`, {
        title: '停用权限',
      });
    await enablePermission(p.id, !p.enable);
    // The administrator's own buttons follow at once; everyone else's at the next sign-in or choice of set.
    await loadPermissions();
    messageBox.fireAndForget(messageBox.alert(p.enable ? '权限已停用' : '权限已启用', { tone: 'success' }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery((q) => ({ ...q, pageIndex: 1, code: filter.code.trim(), name: filter.name.trim() }));
  };

  return (
    <div
      className="rights-page page-fill"
      onKeyDown={pagerKeys(query, listed?.total ?? 0, (p) => setQuery((q) => ({ ...q, ...p })))}
    >
      <header className="rights-head">
        <h1>权限管理</h1>
        <form className="rights-filter" aria-label="权限查询条件" onSubmit={submit}>
          <label>
            <span>编码</span>
            <input
              aria-label="编码包含"
              value={filter.code}
              maxLength={50}
              onChange={(e) => setFilter((f) => ({ ...f, code: e.target.value }))}
            />
          </label>
          <label>
            <span>名称</span>
            <input
              aria-label="名称包含"
              value={filter.name}
              maxLength={50}
              onChange={(e) => setFilter((f) => ({ ...f, name: e.target.value }))}
            />
          </label>
          <button type="submit" className="btn">
            查询
          </button>
        </form>
        <span className="muted">停用的权限在所有页面上都不可用（含超级管理员）</span>
      </header>
      <CrudToolbar
        label="权限操作"
        onAdd={() => setEditing('new')}
        onEdit={() => void openFocused()}
        focusedDisabled={!!current && !current.enable}
        onToggle={() => void act(toggle)}
        onDelete={() => void act(remove)}
      />
      {listed && (
        <GridEditor<PermissionRow>
          handle={gridRef}
          definition={permissionListGrid}
          rows={listed.rows}
          readOnly
          label="权限列表"
          onFocusedRowChange={setFocusedId}
          onRowOpen={(rowId) => {
            const p = listed.items.find((x) => String(x.id) === rowId);
            if (p) setEditing(p);
          }}
          toolbar={false}
          fill
        />
      )}
      <Pager total={listed?.total ?? 0} page={query} onChange={(p) => setQuery((q) => ({ ...q, ...p }))} label="权限列表" />
      {editing && (
        <PermissionFormDialog
          permission={editing === 'new' ? null : editing}
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

function PermissionFormDialog({ permission, onClose }: { permission: PermissionItem | null; onClose: (saved: boolean) => void }) {
  const [code, setCode] = useState(permission?.code ?? '');
  const [name, setName] = useState(permission?.name ?? '');
  const [remark, setRemark] = useState(permission?.remark ?? '');
  const [sort, setSort] = useState(permission ? String(permission.sort) : '');
  const [issues, setIssues] = useState<{ code?: string; name?: string; sort?: string; server?: string }>({});
  const [busy, setBusy] = useState(false);
  const used = !!permission && permission.menuCount + permission.roleCount + permission.groupCount > 0;

  const submit = async () => {
    const found = {
      code: permissionCodeProblem(code) ?? undefined,
      name: shortTitleProblem(name, '权限名称') ?? undefined,
      sort: sort.trim() && !/^\d{1,5}$/.test(sort.trim()) ? '排序须为0至99999的整数' : undefined,
    };
    setIssues(found);
    if (found.code || found.name || found.sort) return;
    setBusy(true);
    try {
      await savePermission({
        ...(permission ? { id: permission.id } : {}),
        code: code.trim(),
        name: name.trim(),
        remark: remark.trim(),
        ...(sort.trim() ? { sort: Number(sort.trim()) } : {}),
      });
      messageBox.fireAndForget(messageBox.alert(permission ? '权限已保存' : '权限已新建', { tone: 'success' }));
      onClose(true);
    } catch (error) {
      setIssues({ server: error instanceof ApiError ? (error.envelope?.errorMsg ?? error.message) : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={permission ? '修改权限' : '新增权限'}
      busy={busy}
      note={issues.server ? <span role="alert">{issues.server}</span> : ''}
      onSubmit={submit}
      onCancel={() => onClose(false)}
    >
      <TextField
        id="permission-code"
        label="权限编码"
        value={code}
        maxLength={PERMISSION_CODE_MAX + 8}
        autoComplete="off"
        readOnly={used}
        issues={issues.code ? [issues.code] : []}
        hint={used ? '使用中的权限编码不能修改' : '字母和数字，以字母开头，如 approve'}
        onChange={(e) => setCode(e.target.value)}
      />
      <TextField
        id="permission-name"
        label="权限名称"
        value={name}
        maxLength={PERMISSION_NAME_MAX + 8}
        autoComplete="off"
        issues={issues.name ? [issues.name] : []}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField id="permission-remark" label="备注" value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} />
      <TextField
        id="permission-sort"
        label="排序"
        value={sort}
        inputMode="numeric"
        maxLength={5}
        issues={issues.sort ? [issues.sort] : []}
        hint="留空排在最后"
        onChange={(e) => setSort(e.target.value)}
      />
    </FormDialog>
  );
}
