/**
 * The month period pickers open on: the set's current accounting month as the server counts it
 * (getInfo's workingMonth: the first month not closed), not the calendar's, so a reviewer of last
 * year's set or a bookkeeper after closing January lands where the work is.
 */
import { workingMonth } from '../../shared/close/working-month.js';
import { useSession } from './session-store.js';

export function useWorkingMonth(): number {
  return useSession((s) => s.authInfo?.workingMonth ?? 1);
}

/** After a close or a reverse close: the session's working month follows the set's closed months. */
export function noteClosedMonths(startMonth: number, closedMonths: readonly number[]): void {
  const { authInfo, setAuthInfo } = useSession.getState();
  if (!authInfo) return;
  const month = workingMonth(startMonth, closedMonths);
  if (authInfo.workingMonth !== month) setAuthInfo({ ...authInfo, workingMonth: month });
}
