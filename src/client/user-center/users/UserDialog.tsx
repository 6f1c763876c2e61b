/** 新增用户 / 修改用户: the user's fields in a dialog (Enter saves, Esc cancels). */
import { useState } from 'react';
import { FormDialog } from '../../message-box/FormDialog.js';
import { UserFields } from './UserFields.js';
import { useUserSave } from './use-user-save.js';
import type { UserForm } from './user-form.js';

export function UserDialog({
  initial,
  title,
  onSaved,
  onCancel,
}: {
  initial: UserForm;
  title: string;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState(initial);
  const { issues, formError, busy, submit } = useUserSave(onSaved);
  return (
    <FormDialog
      title={title}
      className="user-dialog"
      busy={busy}
      note={formError ? <span role="alert">{formError}</span> : form.id === null ? '新用户首次登录须修改初始密码' : ''}
      onSubmit={() => submit(form)}
      onCancel={onCancel}
    >
      <UserFields form={form} issues={issues} onChange={setForm} />
    </FormDialog>
  );
}
