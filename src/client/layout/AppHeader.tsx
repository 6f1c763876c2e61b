import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog.js';
import { messageBox } from '../message-box/message-box.js';
import { openApiDocs } from '../shell/api-docs.js';
import { PRODUCT_NAME } from '../shell/config-store.js';
import { logout } from '../shell/session-flow.js';
import { useSession } from '../shell/session-store.js';

/** Top bar: product, ledger set, year, user, 切换账套, API文档 (administrators), 修改密码, 退出. */
export function AppHeader() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const authInfo = useSession((s) => s.authInfo);
  const [changing, setChanging] = useState(false);

  const onLogout = async () => {
    try {
      await messageBox.confirm('确定要退出登录吗？', { title: '退出' });
    } catch {
      return;
    }
    await logout();
    void navigate('/');
  };

  return (
    <header className="app-header">
      <Link to="/home" className="brand">
        <span className="brand-mark small" aria-hidden="true">
          工
        </span>
        {PRODUCT_NAME}
      </Link>
      <div className="header-context">
        <span className="ctx-item" data-testid="ledger-set-name" title="当前账套">
          <span className="ctx-label">账套</span>
          {authInfo?.ztName ?? '未选择'}
        </span>
        <span className="ctx-item" data-testid="ledger-year" title="会计年度">
          <span className="ctx-label">年度</span>
          {authInfo?.year != null ? `${authInfo.year} 年` : '—'}
        </span>
      </div>
      <nav className="header-actions" aria-label="用户操作">
        <span className="user-name" data-testid="user-name">
          {authInfo?.name ?? user?.name}
          {authInfo?.userLevel ? <span className="user-level">{authInfo.userLevel}</span> : null}
        </span>
        <Link to="/selecting">切换账套</Link>
        {user?.isAdmin && (
          <button
            type="button"
            className="link-button"
            title="在新标签页中打开接口说明（OpenAPI）"
            onClick={() => void openApiDocs()}
          >
            API文档
          </button>
        )}
        <button type="button" className="link-button" onClick={() => setChanging(true)}>
          修改密码
        </button>
        <button type="button" className="link-button" onClick={() => void onLogout()}>
          退出
        </button>
      </nav>
      {changing && (
        <ChangePasswordDialog blocking={false} onDone={() => setChanging(false)} onCancel={() => setChanging(false)} />
      )}
    </header>
  );
}
