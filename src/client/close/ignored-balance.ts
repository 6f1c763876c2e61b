/**
 * The close page's ignore button: a balance mismatch accepted for the session (spec), kept in
 * sessionStorage per ledger set and year so it survives a page switch but not a new login.
 */
import { useCallback, useState } from 'react';
import { useSession } from '../shell/session-store.js';

const keyOf = (ztId: number | null | undefined, year: number | null | undefined) =>
  `ufc.close.ignoreBalance.${ztId ?? 0}.${year ?? 0}`;

export function useIgnoredBalance(): [boolean, (value: boolean) => void] {
  const key = useSession((s) => keyOf(s.authInfo?.ztId, s.authInfo?.year));
  const [value, setValue] = useState(() => sessionStorage.getItem(key) === '1');
  const set = useCallback(
    (next: boolean) => {
      if (next) sessionStorage.setItem(key, '1');
      else sessionStorage.removeItem(key);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
