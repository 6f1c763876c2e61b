/** The steps of a session that involve several calls: permissions, entering a ledger set, logout. */
import type { AuthInfo, FinancialMenuResponse, PageRoute, SetUserZtLevelRequest } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { logoutLocally } from './session-actions.js';
import { api } from './request.js';
import { useSession } from './session-store.js';
import { useTabs } from './tabs-store.js';

let loading: Promise<void> | null = null;

/** Fetch the permission routes and the menu once; concurrent callers share the same fetch. */
export function loadPermissions(): Promise<void> {
  loading ??= (async () => {
    try {
      const financialInstitution = useSession.getState().authInfo?.financialInstitution ?? undefined;
      const [pageRoutes, menu] = await Promise.all([
        api.get<PageRoute[]>(Paths.getPageRouteData),
        api.get<FinancialMenuResponse>(Paths.getFinancialMenuList, { financialInstitution }),
      ]);
      useSession.getState().setPermissions(pageRoutes ?? [], menu ?? { platMenuList: [], resources: [] });
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Choose a ledger set and year, then load what the shell needs before /home. */
export async function enterLedgerSet(request: SetUserZtLevelRequest): Promise<void> {
  await api.post(Paths.setUserZtLevel, request);
  useSession.getState().clearLedgerSet();
  const info = await api.get<AuthInfo>(Paths.getInfo);
  useSession.getState().setAuthInfo(info);
  await loadPermissions();
  useTabs.getState().closeAll();
}

/** 退出: tell the server, then forget everything locally whatever it answered. */
export async function logout(): Promise<void> {
  try {
    await api.post(Paths.logOut, {}, { silent: true });
  } catch {
    // The session is dropped locally anyway.
  }
  logoutLocally();
}
