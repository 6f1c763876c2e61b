import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MessageBoxHost } from '../message-box/MessageBoxHost.js';
import { guardRoute } from '../shell/guards.js';
import { loadPermissions } from '../shell/session-flow.js';
import { useSession } from '../shell/session-store.js';
import { useFinancialCheck } from '../shell/use-financial-check.js';
import { LoadingBar } from './LoadingBar.js';

/** The root of every route: guards, the financial-state check, the loading bar and message boxes. */
export function RootLayout() {
  const { pathname } = useLocation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const authInfo = useSession((s) => s.authInfo);
  const pageRoutes = useSession((s) => s.pageRoutes);
  const menu = useSession((s) => s.menu);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const decision = guardRoute(pathname, { token, isAdmin: user?.isAdmin ?? false, authInfo, pageRoutes, menu });

  // A page (re)loaded with a stored session shows the stored menu at once and reads it again:
  // grants, platforms and button switches may have changed since it was stored.
  useEffect(() => {
    const stored = useSession.getState();
    if (stored.token && stored.authInfo?.ztId != null && stored.pageRoutes !== null) loadPermissions().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (decision.kind !== 'load-permissions') return;
    loadPermissions().catch(() => setLoadFailed(true));
  }, [decision.kind, attempt]);

  useFinancialCheck(pathname, decision.kind === 'allow' && token !== null && authInfo?.ztId != null);

  let content;
  if (decision.kind === 'redirect') content = <Navigate to={decision.to} replace />;
  else if (decision.kind === 'load-permissions')
    content = (
      <div className="full-page-status">
        {loadFailed ? (
          <>
            <p>权限数据加载失败。</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setLoadFailed(false);
                setAttempt((n) => n + 1);
              }}
            >
              重试
            </button>
          </>
        ) : (
          <p>正在加载权限数据…</p>
        )}
      </div>
    );
  else content = <Outlet />;

  return (
    <>
      <LoadingBar />
      {content}
      <MessageBoxHost />
    </>
  );
}
