/**
 * 重置密码: the administrator types a new initial password or leaves it blank for the system to make
 * one, which is shown once afterwards (it is not kept anywhere readable). Either way the user's
 * sessions end and the new password must be changed at the next sign-in.
 */
import { useState } from 'react';
import { passwordProblem } from '../../../shared/password-policy.js';
import type { UserItem } from '../../../shared/api/schemas/users.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { messageBox } from '../../message-box/message-box.js';
import { TextField } from '../../message-box/TextField.js';
import { ApiError } from '../../shell/request.js';
import { resetUserPassword } from './users-api.js';

export function ResetPasswordDialog({ user, onDone }: { user: UserItem; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [issue, setIssue] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = password ? passwordProblem(password, user.loginName) : null;
    setIssue(problem ?? '');
    if (problem) return;
    setBusy(true);
    try {
      const answer = await resetUserPassword(user.id, password);
      onDone();
      const shown = answer.password
        ? `用户 ${user.loginName} 的新初始密码为：${answer.password}\n请转告本人；此密码只显示这一次，登录后须修改。`
        : `用户 ${user.loginName} 的密码已重置，登录后须修改。`;
      await messageBox.alert(shown, { title: '密码已重置', autoClose: false });
    } catch (error) {
      setIssue(error instanceof ApiError ? (error.envelope?.errorMsg ?? error.message) : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={`重置密码 — ${user.name}（${user.loginName}）`}
      className="user-dialog"
      busy={busy}
      submitLabel="重置"
      note="该用户的登录将立即结束"
      onSubmit={submit}
      onCancel={onDone}
    >
      <TextField
        id="reset-password"
        label="新初始密码"
        type="password"
        autoComplete="new-password"
        value={password}
        issues={issue ? [issue] : []}
        hint="留空则由系统生成，并只显示一次"
        onChange={(e) => setPassword(e.target.value)}
      />
    </FormDialog>
  );
}
