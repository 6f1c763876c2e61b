import { useSession } from '../../shell/session-store.js';
import type { UnitChoice } from './UnitPicker.js';

/** The unit (ledger set) the session is in: where a new user or department belongs by default. */
export function useSessionUnit(): UnitChoice | null {
  const id = useSession((s) => s.authInfo?.ztId ?? null);
  const name = useSession((s) => s.authInfo?.ztName ?? '');
  return id === null ? null : { id, name };
}
