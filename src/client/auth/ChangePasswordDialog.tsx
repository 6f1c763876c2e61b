import { useState, type FormEvent } from 'react';
import { Paths } from '../../shared/api/paths.js';
import type { UpdatePasswordRequest } from '../../shared/api/auth.js';
import { messageBox } from '../message-box/message-box.js';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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

  return (
    <div className="mb-overlay">
      <form className="dialog" role="dialog" aria-modal="true" aria-labelledby="cp-title" onSubmit={(e) => void submit(e)}>
        <div className="mb-header">
          <span id="cp-title" className="mb-title">
            修改密码
          </span>
        </div>
        {blocking && <p className="dialog-note">您的密码为初始密码或已过期，请先修改密码后再继续使用。</p>}
        <label className="field">
          <span>原密码</span>
          <input
            type="password"
            autoFocus
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
          />
        </label>
        <label className="field">
          <span>新密码</span>
          <input
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </label>
        <label className="field">
          <span>确认新密码</span>
          <input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </label>
        <p className={problem ? 'field-error' : 'field-hint'} role={problem ? 'alert' : undefined}>
          {problem ?? PASSWORD_RULE_HINT}
        </p>
        <div className="mb-footer">
          <span />
          <div className="mb-buttons">
            {!blocking && (
              <button type="button" className="btn" onClick={onCancel}>
                取消
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              确定
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
