import { useState } from 'react';
import { Paths } from '../../shared/api/paths.js';
import type { UpdatePasswordRequest } from '../../shared/api/auth.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { messageBox } from '../message-box/message-box.js';
import { fieldMessagesId, TextField } from '../message-box/TextField.js';
import { api } from '../shell/request.js';
import { useSession } from '../shell/session-store.js';
import { PASSWORD_RULE_HINT, passwordChangeProblem } from './password-rules.js';

interface Props {
  /** Blocking: no cancel (expired or initial password). */
  blocking: boolean;
  onDone: () => void;
  onCancel?: () => void;
}

/** 修改密码: blocking after a login with an expired password, optional from the header. */
export function ChangePasswordDialog({ blocking, onDone, onCancel }: Props) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loginName = useSession((s) => s.user?.loginName);

  const submit = async () => {
    const found = passwordChangeProblem(oldPassword, newPassword, confirm, loginName);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const body: UpdatePasswordRequest = { oldPassword, newPassword };
      await api.post(Paths.updatePassword, body);
      await messageBox.alert('密码修改成功', { tone: 'success' }).catch(() => undefined);
      onDone();
    } catch {
      // The wrapper has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const fields = [
    { id: 'cp-old', label: '原密码', autoComplete: 'current-password', value: oldPassword, set: setOldPassword },
    { id: 'cp-new', label: '新密码', autoComplete: 'new-password', value: newPassword, set: setNewPassword },
    { id: 'cp-confirm', label: '确认新密码', autoComplete: 'new-password', value: confirm, set: setConfirm },
  ];
  // One line of messages under the three fields (the last one's): the rule, or the first problem.
  const messages = fieldMessagesId('cp-confirm');
  return (
    <FormDialog
      title="修改密码"
      busy={busy}
      submitLabel="确定"
      // as before the shared frame: Escape leaves it open, even where 取消 is offered
      escapeCancels={false}
      onSubmit={submit}
      onCancel={blocking ? undefined : onCancel}
    >
      {blocking && <p className="dialog-note">您的密码为初始密码或已过期，请先修改密码后再继续使用。</p>}
      {fields.map(({ id, label, autoComplete, value, set }, i) => {
        const last = id === 'cp-confirm';
        return (
          <TextField
            key={id}
            id={id}
            label={label}
            issues={last && problem ? [problem] : []}
            hint={last ? PASSWORD_RULE_HINT : undefined}
            describedBy={last ? undefined : messages}
            type="password"
            autoFocus={i === 0}
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => set(e.target.value)}
          />
        );
      })}
    </FormDialog>
  );
}
