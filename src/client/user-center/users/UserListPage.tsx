/**
 * The user lists of the user center, one page in three uses:
 *   用户管理 (ordinary-user-management): add and edit in a dialog;
 *   操作员管理 (operator-management): add and edit on their own pages (add-operator, edit-operator/{id});
 *   超级用户 (super-user): the super administrators, for a super administrator only.
 * Filters (login name, name, status, type, unit), the pager (20/30/40/50), row selection for
 * 启用 and 停用, and per focused row 修改, 重置密码 and 删除 (a user who worked on vouchers is not
 * deleted: the refusal offers 停用). Double-click or Enter on a row opens it for editing.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toUserListRow, userListGrid, type UserListRow } from '../../../../grids/user-center/user-list.js';
import type { SelectOption, UserItem, UserListQuery } from '../../../shared/api/schemas/users.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { GridEditor, type GridEditorHandle } from '../../grid/GridEditor.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { usePageTitle } from '../../shell/page-title.js';
import { PermissionButton } from '../../shell/Permission.js';
import { ApiError, performAction } from '../../shell/request.js';
import { FilterButtons } from '../common/FilterFields.js';
import { FIRST_PAGE, Pager, pagerKeys, type PageState } from '../common/Pager.js';
import { useSessionUnit } from '../common/session-unit.js';
import { UnitPicker } from '../common/UnitPicker.js';
import { ResetPasswordDialog } from './ResetPasswordDialog.js';
import { UserDialog } from './UserDialog.js';
import { emptyUserForm, userFormOf, type UserForm } from './user-form.js';
import { deleteUser, enableUsers, getUser, listUsers, userTypeOptions } from './users-api.js';
import './users.css';

export type UserListVariant = 'ordinary' | 'operator' | 'super';

const TITLES: Record<UserListVariant, string> = { ordinary: '用户管理', operator: '操作员管理', super: '超级用户' };

interface Filter {
  loginName: string;
  name: string;
  enable: '' | 'true' | 'false';
  userTypeId: string;
  homeZtId: string;
  homeZtName: string;
}

const EMPTY_FILTER: Filter = { loginName: '', name: '', enable: '', userTypeId: '', homeZtId: '', homeZtName: '' };

function queryOf(filter: Filter, page: PageState, variant: UserListVariant): UserListQuery {
  return {
    ...(filter.loginName.trim() ? { loginName: filter.loginName.trim() } : {}),
    ...(filter.name.trim() ? { name: filter.name.trim() } : {}),
    ...(filter.enable ? { enable: filter.enable === 'true' } : {}),
    ...(filter.userTypeId ? { userTypeId: Number(filter.userTypeId) } : {}),
    ...(filter.homeZtId ? { homeZtId: Number(filter.homeZtId) } : {}),
    ...(variant === 'super' ? { admins: true } : {}),
    pageIndex: page.pageIndex,
    pageSize: page.pageSize as UserListQuery['pageSize'],
  };
}

export function UserListPage({ variant }: { variant: UserListVariant }) {
  const title = TITLES[variant];
  usePageTitle(title);
  const navigate = useNavigate();
  const home = useSessionUnit();
  const gridRef = useRef<GridEditorHandle>(null);
  const [filter, setFilter] = useState<Filter>(EMPTY_FILTER);
  const [applied, setApplied] = useState<Filter>(EMPTY_FILTER);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [listed, setListed] = useState<{ items: UserItem[]; rows: UserListRow[]; total: number } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [focused, setFocused] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ form: UserForm; title: string } | null>(null);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const [types, setTypes] = useState<SelectOption[]>([]);

  useEffect(() => {
    void userTypeOptions().then(setTypes);
  }, []);

  const fetchPage = useCallback(() => listUsers(queryOf(applied, page, variant)), [applied, page, variant]);
  const show = useCallback((answer: Awaited<ReturnType<typeof listUsers>>) => {
    setListed({ items: answer.currentPageItems, rows: answer.currentPageItems.map(toUserListRow), total: answer.totalItemCount });
    setSelected([]);
  }, []);
  const load = useCallback(() => fetchPage().then(show), [fetchPage, show]);
  useEffect(() => {
    void fetchPage().then(show);
  }, [fetchPage, show]);

  const userOf = (rowId: string | null) => listed?.items.find((u) => String(u.id) === rowId) ?? null;
  const current = () => userOf(focused ?? selected[0] ?? null);
  const backToGrid = () => gridRef.current?.focus();

  const add = () => {
    if (variant === 'operator') return void navigate('/user-center/add-operator');
    setEditing({
      form: emptyUserForm(variant === 'super' ? null : home, variant === 'super'),
      title: variant === 'super' ? '新增超级用户' : '新增用户',
    });
  };
  const edit = async (rowId: string | null = null) => {
    const user = rowId ? userOf(rowId) : current();
    if (!user) return void messageBox.alert('请先选择一个用户');
    if (variant === 'operator') return void navigate(`/user-center/edit-operator/${user.id}`);
    setEditing({ form: userFormOf(await getUser(user.id)), title: `修改用户 — ${user.loginName}` });
  };
  const reset = () => {
    const user = current();
    if (!user) return void messageBox.alert('请先选择一个用户');
    setResetting(user);
  };
  const setEnabled = async (enable: boolean) => {
    const ids = (selected.length ? selected : focused ? [focused] : []).map(Number);
    if (ids.length === 0) return void messageBox.alert('请先勾选用户');
    if (!enable) {
      try {
        await messageBox.confirm(`停用所选的 ${ids.length} 个用户？停用后其登录立即结束，不能再登录。`);
      } catch (error) {
        if (isReject(error)) return;
        throw error;
      }
    }
    await enableUsers(ids, enable);
    await load();
    backToGrid();
  };
  const remove = async () => {
    const user = current();
    if (!user) return void messageBox.alert('请先选择一个用户');
    try {
      await messageBox.confirm(
        `删除用户 ${user.name}（${user.loginName}）？其授权一并删除。编制或审核过凭证的用户不能删除，只能停用。`,
      );
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteUser(user.id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.envelope?.errorCode !== ErrorCode.BusinessRule || !user.enable) return void performAction(error.action);
      const answer = await messageBox.choose({
        title: '不能删除',
        message: error.envelope.errorMsg ?? error.message,
        tone: 'warning',
        cancelValue: 'cancel',
        buttons: [
          { label: '取消', value: 'cancel' },
          { label: '停用该用户', value: 'disable', primary: true },
        ],
      });
      if (answer === 'disable') await enableUsers([user.id], false);
    }
    await load();
    backToGrid();
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    setApplied(filter);
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };
  const set = <K extends keyof Filter>(key: K, value: Filter[K]) => setFilter((f) => ({ ...f, [key]: value }));

  return (
    <div className="user-list-page page-fill" onKeyDown={listed ? pagerKeys(page, listed.total, setPage) : undefined}>
      <header className="user-list-head">
        <h1>{title}</h1>
      </header>
      <form className="voucher-filter" aria-label="用户查询条件" onSubmit={search}>
        <label>
          <span>登录名</span>
          <input aria-label="登录名包含" value={filter.loginName} onChange={(e) => set('loginName', e.target.value)} />
        </label>
        <label>
          <span>姓名</span>
          <input aria-label="姓名包含" value={filter.name} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label>
          <span>状态</span>
          <select aria-label="状态" value={filter.enable} onChange={(e) => set('enable', e.target.value as Filter['enable'])}>
            <option value="">全部</option>
            <option value="true">启用</option>
            <option value="false">停用</option>
          </select>
        </label>
        {variant !== 'super' && (
          <>
            <label>
              <span>用户类型</span>
              <select aria-label="用户类型" value={filter.userTypeId} onChange={(e) => set('userTypeId', e.target.value)}>
                <option value="">全部</option>
                {types.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>所属单位</span>
              <UnitPicker
                className="floating filter-unit"
                label="所属单位"
                placeholder="全部（含下级）：编码或名称，回车"
                chosen={filter.homeZtId ? { id: Number(filter.homeZtId), name: filter.homeZtName } : null}
                onChoose={(unit) =>
                  setFilter((f) => ({ ...f, homeZtId: unit ? String(unit.id) : '', homeZtName: unit?.name ?? '' }))
                }
              />
            </label>
          </>
        )}
        <FilterButtons
          onReset={() => {
            setFilter(EMPTY_FILTER);
            setApplied(EMPTY_FILTER);
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
        />
      </form>
      <div className="voucher-list-actions" role="toolbar" aria-label="用户列表操作">
        <span className="muted" data-testid="user-selection">
          已选 {selected.length} 个
        </span>
        <PermissionButton value="add" primary onClick={add}>
          新增
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void edit()}>
          修改
        </PermissionButton>
        <PermissionButton value="resetPassword" onClick={reset}>
          重置密码
        </PermissionButton>
        <PermissionButton value={variant === 'super' ? 'edit' : 'enable'} onClick={() => void setEnabled(true)}>
          启用
        </PermissionButton>
        <PermissionButton value={variant === 'super' ? 'edit' : 'enable'} onClick={() => void setEnabled(false)}>
          停用
        </PermissionButton>
        {variant !== 'super' && (
          <PermissionButton value="delete" onClick={() => void remove()}>
            删除
          </PermissionButton>
        )}
      </div>
      {listed && (
        <GridEditor<UserListRow>
          handle={gridRef}
          definition={userListGrid}
          rows={listed.rows}
          readOnly
          selectable
          onSelectionChange={setSelected}
          onFocusedRowChange={setFocused}
          onRowOpen={(rowId) => void edit(rowId)}
          label={`${title}列表`}
          toolbar={false}
          fill
        />
      )}
      {listed && <Pager total={listed.total} page={page} onChange={setPage} label={`${title}列表`} />}
      {editing && (
        <UserDialog
          initial={editing.form}
          title={editing.title}
          onCancel={() => {
            setEditing(null);
            backToGrid();
          }}
          onSaved={() => {
            setEditing(null);
            void load().then(backToGrid);
          }}
        />
      )}
      {resetting && (
        <ResetPasswordDialog
          user={resetting}
          onDone={() => {
            setResetting(null);
            void load();
          }}
        />
      )}
    </div>
  );
}

export function OrdinaryUserPage() {
  return <UserListPage variant="ordinary" />;
}
export function OperatorPage() {
  return <UserListPage variant="operator" />;
}
export function SuperUserPage() {
  return <UserListPage variant="super" />;
}
