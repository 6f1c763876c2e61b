import { describe, expect, it } from 'vitest';
import { readFlag, UserPreference, writeFlag } from './user-preferences.js';

function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe('user preferences', () => {
  it('are off until chosen and kept per user', () => {
    const storage = memory();
    expect(readFlag(storage, 'kuaiji', UserPreference.trialBalanceBlankZero)).toBe(false);
    writeFlag(storage, 'kuaiji', UserPreference.trialBalanceBlankZero, true);
    expect(readFlag(storage, 'kuaiji', UserPreference.trialBalanceBlankZero)).toBe(true);
    expect(readFlag(storage, 'shenhe', UserPreference.trialBalanceBlankZero)).toBe(false);
    expect(readFlag(storage, 'kuaiji', UserPreference.voucherMoneyLines)).toBe(false);
    writeFlag(storage, 'kuaiji', UserPreference.trialBalanceBlankZero, false);
    expect(readFlag(storage, 'kuaiji', UserPreference.trialBalanceBlankZero)).toBe(false);
  });
});
