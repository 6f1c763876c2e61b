/**
 * 角色管理 (/user-center/role-management): the roles the administrator sees, paged (20/30/40/50),
 * filtered by code or name. On the focused row: 编辑, 权限 (its pages and buttons; also a
 * double-click), 启用/停用, 推荐, 上移/下移, 删除; 用户授权 opens a user's grants by login name.
 * An installation role (所属单位 全系统) is the super administrator's: its buttons stay disabled
 * for anyone else, as the server refuses them.
 */
import { useState } from 'react';
import { KeywordSearch } from '../common/KeywordSearch.js';
import type { RoleItem } from '../../../shared/api/schemas/rights.js';
import { roleListGrid, toRoleListRow, type RoleListRow } from '../../../../grids/user-center/role-list.js';
import { GridEditor } from '../../grid/GridEditor.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { TextField } from '../../message-box/TextField.js';
import { usePageTitle } from '../../shell/page-title.js';
import { PermissionButton } from '../../shell/Permission.js';
import { FIRST_PAGE, Pager, pagerKeys } from '../common/Pager.js';
import { useAdminList } from '../common/use-admin-list.js';
import { deleteRole, enableRole, pageRoles, recommendRole, sortRoles } from './rights-api.js';
import { RoleFormDialog } from './RoleFormDialog.js';
import { RoleRightsDialog } from './RoleRightsDialog.js';
import { UserGrantsDialog } from './UserGrantsDialog.js';
import './rights.css';

type Dialog =
  | { kind: 'form'; role: RoleItem | null }
  | { kind: 'rights'; role: RoleItem }
  | { kind: 'grants'; loginName: string }
  | { kind: 'ask-login' }
  | null;

export function RoleListPage() {
  usePageTitle('角色管理');
  const [query, setQuery] = useState({ ...FIRST_PAGE, keyword: '' });
  const [dialog, setDialog] = useState<Dialog>(null);

  const {
    gridRef,
    listed,
    load,
    chosen,
    act,
    current: role,
    setFocusedId,
  } = useAdminList({
    query,
    fetch: pageRoles,
    toRow: toRoleListRow,
    noneChosen: '请先选择一个角色',
  });

  /** An installation role is the super administrator's: anyone else is told so and nothing happens. */
  const refusedAsInstallationRole = async (r: RoleItem): Promise<boolean> => {
    if (r.editable) return false;
    await messageBox.alert(`角色“${r.name}”为全系统角色，只有超级管理员可以修改`, { tone: 'warning' });
    return true;
  };
  const change = (run: (r: RoleItem) => Promise<unknown>) =>
    act(async (r) => {
      if (!(await refusedAsInstallationRole(r))) await run(r);
    });
  /** The dialog takes the focus: no reload or refocus of the list as act does. */
  const open = async (kind: 'form' | 'rights', needsEdit = true) => {
    const r = await chosen();
    if (!r || (needsEdit && (await refusedAsInstallationRole(r)))) return;
    setDialog({ kind, role: r });
  };

  const remove = (role: RoleItem) =>
    messageBox.confirm(`确定删除角色“${role.name}”吗？`, { title: '删除角色' }).then(
      async () => {
        await deleteRole(role.id);
        messageBox.fireAndForget(messageBox.alert('角色已删除', { tone: 'success' }));
      },
      (error: unknown) => {
        if (!isReject(error)) throw error;
      },
    );

  const move = async (role: RoleItem, by: -1 | 1) => {
    const roles = listed?.items ?? [];
    const at = roles.findIndex((r) => r.id === role.id);
    const other = roles[at + by];
    if (!other) return;
    const ids = roles.map((r) => r.id).filter((id) => id === role.id || id === other.id);
    await sortRoles(by < 0 ? ids.reverse() : ids);
  };

  return (
    <div
      className="rights-page page-fill"
      onKeyDown={pagerKeys(query, listed?.total ?? 0, (p) => setQuery((q) => ({ ...q, ...p })))}
    >
      <header className="rights-head">
        <h1>角色管理</h1>
        <KeywordSearch label="角色查询条件" onSearch={(keyword) => setQuery((q) => ({ ...q, pageIndex: 1, keyword }))} />
      </header>
      <div className="rights-actions" role="toolbar" aria-label="角色操作">
        <PermissionButton value="add" primary onClick={() => setDialog({ kind: 'form', role: null })}>
          新增角色
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void open('form')}>
          编辑
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void open('rights', false)}>
          权限设置
        </PermissionButton>
        <PermissionButton value="enable" onClick={() => void change((r) => enableRole(r.id, !r.enable))}>
          {role && !role.enable ? '启用' : '停用'}
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void change((r) => recommendRole(r.id, !r.isRecommend))}>
          {role?.isRecommend ? '取消推荐' : '设为推荐'}
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void change((r) => move(r, -1))}>
          上移
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void change((r) => move(r, 1))}>
          下移
        </PermissionButton>
        <PermissionButton value="delete" onClick={() => void change(remove)}>
          删除
        </PermissionButton>
        <PermissionButton value="grant" onClick={() => setDialog({ kind: 'ask-login' })}>
          用户授权
        </PermissionButton>
      </div>
      {listed && (
        <GridEditor<RoleListRow>
          handle={gridRef}
          definition={roleListGrid}
          rows={listed.rows}
          readOnly
          label="角色列表"
          onFocusedRowChange={setFocusedId}
          onRowOpen={(rowId) => {
            const r = listed.items.find((x) => String(x.id) === rowId);
            if (r) setDialog({ kind: 'rights', role: r });
          }}
          fill
        />
      )}
      <Pager total={listed?.total ?? 0} page={query} onChange={(p) => setQuery((q) => ({ ...q, ...p }))} label="角色列表" />
      {dialog?.kind === 'form' && (
        <RoleFormDialog
          role={dialog.role}
          onClose={(saved) => {
            setDialog(null);
            if (saved) void load();
          }}
        />
      )}
      {dialog?.kind === 'rights' && (
        <RoleRightsDialog
          role={dialog.role}
          onClose={(saved) => {
            setDialog(null);
            if (saved) void load();
          }}
        />
      )}
      {dialog?.kind === 'ask-login' && (
        <AskLoginDialog onCancel={() => setDialog(null)} onChosen={(loginName) => setDialog({ kind: 'grants', loginName })} />
      )}
      {dialog?.kind === 'grants' && (
        <UserGrantsDialog
          user={{ loginName: dialog.loginName }}
          onClose={(saved) => {
            setDialog(null);
            if (saved) void load();
          }}
        />
      )}
    </div>
  );
}

/** Asks whose grants to open (the users page opens them from its list instead). */
function AskLoginDialog({ onChosen, onCancel }: { onChosen: (loginName: string) => void; onCancel: () => void }) {
  const [loginName, setLoginName] = useState('');
  const [issues, setIssues] = useState<string[]>([]);
  return (
    <FormDialog
      title="用户授权"
      submitLabel="确定"
      onCancel={onCancel}
      onSubmit={() => {
        if (!loginName.trim()) setIssues(['请输入登录名']);
        else onChosen(loginName.trim());
      }}
    >
      <TextField
        id="grant-login-name"
        label="登录名"
        value={loginName}
        issues={issues}
        maxLength={64}
        autoComplete="off"
        onChange={(e) => {
          setLoginName(e.target.value);
          setIssues([]);
        }}
      />
    </FormDialog>
  );
}
