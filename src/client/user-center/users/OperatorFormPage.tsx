/**
 * 新增操作员 (add-operator) and 编辑操作员 (edit-operator/{id}): the user form as a page, for the
 * operator list. The id is a number or the page is not found (404). Enter saves, Esc goes back.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../shell/page-title.js';
import { UserFields } from './UserFields.js';
import { useSessionUnit } from '../common/session-unit.js';
import { emptyUserForm, userFormOf, type UserForm } from './user-form.js';
import { useUserSave } from './use-user-save.js';
import { getUser } from './users-api.js';
import './users.css';

const LIST = '/user-center/operator-management';

export function AddOperatorPage() {
  const home = useSessionUnit();
  return <OperatorForm title="新增操作员" initial={emptyUserForm(home)} />;
}

export function EditOperatorPage() {
  const { id = '' } = useParams();
  const numeric = /^\d+$/.test(id);
  const [initial, setInitial] = useState<UserForm | null>(null);
  useEffect(() => {
    if (numeric) void getUser(Number(id)).then((u) => setInitial(userFormOf(u)));
  }, [id, numeric]);
  if (!numeric) return <Navigate to="/404" replace />;
  return initial ? <OperatorForm title={`编辑操作员 — ${initial.loginName}`} initial={initial} /> : null;
}

function OperatorForm({ title, initial }: { title: string; initial: UserForm }) {
  usePageTitle(title);
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const back = () => void navigate(LIST);
  const { issues, formError, busy, submit } = useUserSave(back);
  return (
    <div className="user-list-page">
      <header className="user-list-head">
        <h1>{title}</h1>
      </header>
      <form
        className="operator-form"
        aria-label={title}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(form);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            back();
          }
        }}
      >
        <UserFields form={form} issues={issues} onChange={setForm} />
        {formError && (
          <p className="field-error" role="alert">
            {formError}
          </p>
        )}
        <div className="operator-form-buttons">
          {form.id === null && <span className="muted">新操作员首次登录须修改初始密码</span>}
          <button type="button" className="btn" onClick={back}>
            返回
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            保存
          </button>
        </div>
      </form>
    </div>
  );
}
