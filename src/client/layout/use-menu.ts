import { useMemo } from 'react';
import { grantedPaths } from '../shell/guards.js';
import { filterMenu } from '../shell/menu.js';
import { useSession } from '../shell/session-store.js';

/** The side menu of the session: platMenuList filtered by the granted hrefs (admins: all). */
export function useMenu() {
  const user = useSession((s) => s.user);
  const authInfo = useSession((s) => s.authInfo);
  const pageRoutes = useSession((s) => s.pageRoutes);
  const menu = useSession((s) => s.menu);
  return useMemo(() => {
    const granted = new Set(grantedPaths({ token: 'x', isAdmin: false, authInfo, pageRoutes, menu }));
    const source = menu?.platMenuList.length ? menu.platMenuList : (authInfo?.platMenuList ?? []);
    return filterMenu(source, granted, user?.isAdmin ?? false);
  }, [user, authInfo, pageRoutes, menu]);
}
