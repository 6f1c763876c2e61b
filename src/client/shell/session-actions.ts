/** Local sign-out: forget the session and its tabs. Used by 退出, 4004 and the silent logouts. */
import { useSession } from './session-store.js';
import { useTabs } from './tabs-store.js';

export function logoutLocally(): void {
  useSession.getState().signOut();
  useTabs.getState().closeAll();
}
