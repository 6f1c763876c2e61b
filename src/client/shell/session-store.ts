/**
 * The signed-in session: token and signKey from logOn, the auth info of the chosen ledger set,
 * and the permission data fetched once after the ledger set is chosen. Kept in sessionStorage.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AuthInfo, FinancialMenuResponse, LogOnResponse, PageRoute } from '../../shared/api/auth.js';
import { sessionStore } from './storage.js';

export type SessionUser = Pick<LogOnResponse, 'loginName' | 'name' | 'isAdmin'>;

export interface SessionState {
  token: string | null;
  signKey: string | null;
  user: SessionUser | null;
  authInfo: AuthInfo | null;
  pageRoutes: PageRoute[] | null;
  menu: FinancialMenuResponse | null;
  signIn: (answer: LogOnResponse) => void;
  setAuthInfo: (info: AuthInfo) => void;
  setPermissions: (pageRoutes: PageRoute[], menu: FinancialMenuResponse) => void;
  /** Forget the ledger set (before choosing another one). */
  clearLedgerSet: () => void;
  /** Log out locally: clear the token and everything that came with it. */
  signOut: () => void;
}

const empty = { token: null, signKey: null, user: null, authInfo: null, pageRoutes: null, menu: null } as const;

export const SESSION_STORAGE_KEY = 'ufc-session';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...empty,
      signIn: (answer) =>
        set({
          ...empty,
          token: answer.token,
          signKey: answer.signKey,
          user: { loginName: answer.loginName, name: answer.name, isAdmin: answer.isAdmin },
        }),
      setAuthInfo: (authInfo) => set({ authInfo }),
      setPermissions: (pageRoutes, menu) => set({ pageRoutes, menu }),
      clearLedgerSet: () => set({ authInfo: null, pageRoutes: null, menu: null }),
      signOut: () => set({ ...empty }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: sessionStore(),
      partialize: ({ token, signKey, user, authInfo, pageRoutes, menu }) => ({
        token,
        signKey,
        user,
        authInfo,
        pageRoutes,
        menu,
      }),
    },
  ),
);

export function isLoggedIn(state: Pick<SessionState, 'token'> = useSession.getState()): boolean {
  return state.token !== null;
}
