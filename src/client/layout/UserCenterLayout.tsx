import { NavLink, Outlet } from 'react-router';
import { USER_CENTER_BASE, USER_CENTER_CHILDREN } from '../app/route-table.js';
import { usePageTitle } from '../shell/page-title.js';
import { isGranted } from '../shell/guards.js';
import { useSession } from '../shell/session-store.js';
import { AppHeader } from './AppHeader.js';

/** /user-center: its own layout, a menu of the user-center pages the user may open. */
export function UserCenterLayout() {
  const session = useSession();
  const guard = {
    token: session.token,
    isAdmin: session.user?.isAdmin ?? false,
    authInfo: session.authInfo,
    pageRoutes: session.pageRoutes,
    menu: session.menu,
  };
  const children = USER_CENTER_CHILDREN.filter((c) => !c.path.includes(':') && isGranted(guard, `${USER_CENTER_BASE}/${c.path}`));
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
              <li key={child.path}>
                <NavLink
                  to={`${USER_CENTER_BASE}/${child.path}`}
                  className={({ isActive }) => (isActive ? 'menu-link active' : 'menu-link')}
                >
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
