/**
 * 用户类型管理 (user-type-management) and 部门管理 (department-management): small lists on the grid
 * editor with the pager, 新增 and 修改 in a dialog (Enter saves, Esc cancels), 删除 (refused while a
 * user names the type or department).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { departmentListGrid, toDepartmentRow, type DepartmentRow } from '../../../../grids/user-center/department-list.js';
import { toUserTypeRow, userTypeListGrid, type UserTypeRow } from '../../../../grids/user-center/user-type-list.js';
import type { GridDefinition, GridRow } from '../../../shared/grid/definition.js';
import { shortNameProblem } from '../../../shared/user-rules.js';
import { GridEditor, type GridEditorHandle } from '../../grid/GridEditor.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { TextField } from '../../message-box/TextField.js';
import { usePageTitle } from '../../shell/page-title.js';
import { PermissionButton } from '../../shell/Permission.js';
import { ApiError } from '../../shell/request.js';
import { FIRST_PAGE, Pager, pagerKeys, type PageState } from '../common/Pager.js';
import { useSessionUnit } from '../common/session-unit.js';
import { UnitPicker } from '../common/UnitPicker.js';
import { deleteDepartment, deleteUserType, listDepartments, listUserTypes, saveDepartment, saveUserType } from './users-api.js';
import './users.css';

interface Editable {
  id?: number;
  name: string;
  remark: string;
  sort: string;
  ztId: string;
  ztName: string;
}

interface DirectorySpec<R extends GridRow> {
  title: string;
  what: string;
  definition: GridDefinition<R>;
  list: (page: PageState) => Promise<{ rows: R[]; total: number; raw: Map<string, Editable> }>;
  save: (value: Editable) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  withUnit: boolean;
}

function DirectoryPage<R extends GridRow>({ spec }: { spec: DirectorySpec<R> }) {
  usePageTitle(spec.title);
  const home = useSessionUnit();
  const gridRef = useRef<GridEditorHandle>(null);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [listed, setListed] = useState<{ rows: R[]; total: number; raw: Map<string, Editable> } | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editable | null>(null);
  const [issue, setIssue] = useState('');
  const load = useCallback(() => spec.list(page).then(setListed), [spec, page]);
  useEffect(() => {
    void spec.list(page).then(setListed);
  }, [spec, page]);
  useEffect(() => {}, [spec.withUnit]);

  const open = (rowId: string | null) => {
    const row = rowId ? listed?.raw.get(rowId) : undefined;
    if (rowId && !row) return;
    setIssue('');
    setEditing(row ?? { name: '', remark: '', sort: '0', ztId: home ? String(home.id) : '', ztName: home?.name ?? '' });
  };
  const submit = async () => {
    if (!editing) return;
    const problem = shortNameProblem(editing.name, spec.what) ?? (spec.withUnit && !editing.ztId ? '请选择所属单位' : null);
    setIssue(problem ?? '');
    if (problem) return;
    try {
      await spec.save(editing);
      setEditing(null);
      await load();
      gridRef.current?.focus();
    } catch (error) {
      setIssue(error instanceof ApiError ? (error.envelope?.errorMsg ?? error.message) : String(error));
    }
  };
  const remove = async () => {
    const row = focused ? listed?.raw.get(focused) : undefined;
    if (!row?.id) return void messageBox.alert(`请先选择一个${spec.what}`);
    try {
      await messageBox.confirm(`删除${spec.what}“${row.name}”？`);
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    await spec.remove(row.id).catch(() => undefined);
    await load();
    gridRef.current?.focus();
  };
  const set = (key: keyof Editable, value: string) => setEditing((e) => (e ? { ...e, [key]: value } : e));

  return (
    <div className="user-list-page page-fill" onKeyDown={listed ? pagerKeys(page, listed.total, setPage) : undefined}>
      <header className="user-list-head">
        <h1>{spec.title}</h1>
      </header>
      <div className="voucher-list-actions" role="toolbar" aria-label={`${spec.what}操作`}>
        <PermissionButton value="add" primary onClick={() => open(null)}>
          新增
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => open(focused)}>
          修改
        </PermissionButton>
        <PermissionButton value="delete" onClick={() => void remove()}>
          删除
        </PermissionButton>
      </div>
      {listed && (
        <GridEditor<R>
          handle={gridRef}
          definition={spec.definition}
          rows={listed.rows}
          readOnly
          onFocusedRowChange={setFocused}
          onRowOpen={open}
          label={`${spec.title}列表`}
          toolbar={false}
          fill
        />
      )}
      {listed && <Pager total={listed.total} page={page} onChange={setPage} label={`${spec.title}列表`} />}
      {editing && (
        <FormDialog
          title={editing.id ? `修改${spec.what}` : `新增${spec.what}`}
          className="user-dialog"
          note={issue ? <span role="alert">{issue}</span> : ''}
          onSubmit={submit}
          onCancel={() => {
            setEditing(null);
            gridRef.current?.focus();
          }}
        >
          {spec.withUnit && (
            <div className="field">
              <label htmlFor="directory-unit">所属单位</label>
              <UnitPicker
                inputId="directory-unit"
                className="floating"
                label="所属单位"
                placeholder="输入编码或名称，回车查找"
                chosen={editing.ztId ? { id: Number(editing.ztId), name: editing.ztName } : null}
                onChoose={(unit) => setEditing({ ...editing, ztId: unit ? String(unit.id) : '', ztName: unit?.name ?? '' })}
              />
            </div>
          )}
          <TextField
            id="directory-name"
            label={`${spec.what}名称`}
            value={editing.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField id="directory-remark" label="说明" value={editing.remark} onChange={(e) => set('remark', e.target.value)} />
          <TextField
            id="directory-sort"
            label="排序"
            inputMode="numeric"
            value={editing.sort}
            onChange={(e) => set('sort', e.target.value)}
          />
        </FormDialog>
      )}
    </div>
  );
}

const sortOf = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : 0);

const USER_TYPES: DirectorySpec<UserTypeRow> = {
  title: '用户类型管理',
  what: '用户类型',
  definition: userTypeListGrid,
  withUnit: false,
  list: async (page) => {
    const answer = await listUserTypes(page);
    const raw = new Map(
      answer.currentPageItems.map((t) => [
        String(t.id),
        { id: t.id, name: t.name, remark: t.remark, sort: String(t.sort), ztId: '', ztName: '' },
      ]),
    );
    return { rows: answer.currentPageItems.map(toUserTypeRow), total: answer.totalItemCount, raw };
  },
  save: (v) => saveUserType({ ...(v.id ? { id: v.id } : {}), name: v.name, remark: v.remark, sort: sortOf(v.sort) }),
  remove: deleteUserType,
};

const DEPARTMENTS: DirectorySpec<DepartmentRow> = {
  title: '部门管理',
  what: '部门',
  definition: departmentListGrid,
  withUnit: true,
  list: async (page) => {
    const answer = await listDepartments({ pageIndex: page.pageIndex, pageSize: page.pageSize as 20 });
    const raw = new Map(
      answer.currentPageItems.map((d) => [
        String(d.id),
        { id: d.id, name: d.name, remark: d.remark, sort: String(d.sort), ztId: String(d.ztId), ztName: d.ztName },
      ]),
    );
    return { rows: answer.currentPageItems.map(toDepartmentRow), total: answer.totalItemCount, raw };
  },
  save: (v) =>
    saveDepartment({ ...(v.id ? { id: v.id } : {}), ztId: Number(v.ztId), name: v.name, remark: v.remark, sort: sortOf(v.sort) }),
  remove: deleteDepartment,
};

export function UserTypePage() {
  return <DirectoryPage spec={USER_TYPES} />;
}

export function DepartmentPage() {
  return <DirectoryPage spec={DEPARTMENTS} />;
}
