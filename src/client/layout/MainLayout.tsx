import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { titleForPath } from '../shell/menu.js';
import { useSession } from '../shell/session-store.js';
import { useTabs } from '../shell/tabs-store.js';
import { AppHeader } from './AppHeader.js';
import { SideMenu } from './SideMenu.js';
import { TabBar } from './TabBar.js';
import { useMenu } from './use-menu.js';

/** The login-required layout of /home and the module areas: header, side menu, tabs, page. */
export function MainLayout() {
  const { pathname } = useLocation();
  const menu = useMenu();
  const pageRoutes = useSession((s) => s.pageRoutes);

  // The active tab follows the route. The menu read again (as a page loads) only retitles it: a
  // tab closed in between (the financial-state check sending the page elsewhere) stays closed.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const tab = { path: pathname, title: titleForPath(pathname, menu, pageRoutes) };
    if (opened.current === pathname) useTabs.getState().retitle(tab);
    else useTabs.getState().add(tab);
    opened.current = pathname;
  }, [pathname, menu, pageRoutes]);

  return (
    <div className="app-shell">
      <AppHeader />
      <div className="app-body">
        <SideMenu menu={menu} />
        <div className="app-main">
          <TabBar />
          <main className="app-page">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}
