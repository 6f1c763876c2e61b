/**
 * Display choices each user makes for themselves (科目余额表's blank zeros, the voucher's 金额线),
 * kept in this browser's localStorage under the signed-in login name, so two users of one browser
 * keep their own and a choice survives signing out and in. They change how figures look, never
 * what is stored, so the server need not know them.
 */
import { useCallback, useState } from 'react';
import { useSession } from './session-store.js';

export const UserPreference = {
  /** 科目余额表: zero cells show blank, on screen and in its Excel export. */
  trialBalanceBlankZero: 'trial-balance.blank-zero',
  /** 凭证录入 and the voucher print: amounts in 金额线 digit columns. */
  voucherMoneyLines: 'voucher.money-lines',
} as const;
export type UserPreferenceName = (typeof UserPreference)[keyof typeof UserPreference];

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const preferenceKey = (loginName: string, name: UserPreferenceName): string => `ufc-pref:${loginName}:${name}`;

export function readFlag(storage: FlagStorage, loginName: string, name: UserPreferenceName): boolean {
  return storage.getItem(preferenceKey(loginName, name)) === '1';
}

export function writeFlag(storage: FlagStorage, loginName: string, name: UserPreferenceName, on: boolean): void {
  storage.setItem(preferenceKey(loginName, name), on ? '1' : '0');
}

/** The signed-in user's flag and its setter (off for nobody signed in; a full storage keeps the choice for the page). */
export function useUserFlag(name: UserPreferenceName): [boolean, (on: boolean) => void] {
  const loginName = useSession((s) => s.user?.loginName ?? '');
  const [state, setState] = useState(() => ({ loginName, on: loginName !== '' && readFlag(localStorage, loginName, name) }));
  const on = state.loginName === loginName ? state.on : loginName !== '' && readFlag(localStorage, loginName, name);
  const set = useCallback(
    (next: boolean) => {
      setState({ loginName, on: next });
      if (!loginName) return;
      try {
        writeFlag(localStorage, loginName, name, next);
      } catch {
        // A full or forbidden storage: the choice holds for this page only.
      }
    },
    [loginName, name],
  );
  return [on, set];
}
