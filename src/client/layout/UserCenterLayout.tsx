import { NavLink, Outlet } from 'react-router';
import { USER_CENTER_BASE, USER_CENTER_CHILDREN } from '../app/route-table.js';
import { usePageTitle } from '../shell/page-title.js';
import { isGranted } from '../shell/guards.js';
import { useSession } from '../shell/session-store.js';
import { AppHeader } from './AppHeader.js';

/**
 * /user-center: its own layout, a menu of the user-center pages the user may open: those the
 * server's menu grants (the spec's other user-center routes are reachable, but not offered).
 */
export function UserCenterLayout() {
  const session = useSession();
  const guard = {
    token: session.token,
    isAdmin: session.user?.isAdmin ?? false,
    authInfo: session.authInfo,
    pageRoutes: session.pageRoutes,
    menu: session.menu,
  };
  // The pages the server grants, in 菜单管理's order and titles; before a ledger set is chosen
  // (an administrator may come here first) the route table stands in.
  const children =
    session.pageRoutes?.filter((p) => p.path.startsWith(`${USER_CENTER_BASE}/`)).map((p) => ({ to: p.path, name: p.title })) ??
    USER_CENTER_CHILDREN.filter((c) => !c.path.includes(':') && isGranted(guard, `${USER_CENTER_BASE}/${c.path}`)).map((c) => ({
      to: `${USER_CENTER_BASE}/${c.path}`,
      name: c.name,
    }));
  return (
    <div className="app-shell">
      <AppHeader />
      <div className="app-body">
        <nav className="side-menu" aria-label="用户中心菜单">
          <div className="menu-title">用户中心</div>
          <ul>
            {session.authInfo?.ztId != null && (
              <li>
                <NavLink to="/home" className="menu-link home">
                  返回首页
                </NavLink>
              </li>
            )}
            {children.map((child) => (
              <li key={child.to}>
                <NavLink to={child.to} className={({ isActive }) => (isActive ? 'menu-link active' : 'menu-link')}>
                  {child.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="app-main">
          <main className="app-page">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}

export function UserCenterIndex() {
  usePageTitle('用户中心');
  return (
    <div className="status-page">
      <h1>用户中心</h1>
      <p>请从左侧选择要管理的项目。</p>
    </div>
  );
}
