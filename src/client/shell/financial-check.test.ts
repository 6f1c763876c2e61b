import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_VOUCHER_PATH,
  ASSET_INIT_PATH,
  SUBJECT_START_PATH,
  TRANSITION_PATH,
  VOUCHER_ADD_PATH,
} from '../../shared/financial-state.js';
import { financialAction, shouldCheckFinancialState } from './financial-check.js';

describe('financial-state check', () => {
  it('runs outside the skip list once a ledger set is chosen', () => {
    expect(shouldCheckFinancialState('/home', true)).toBe(true);
    expect(shouldCheckFinancialState('/home', false)).toBe(false);
    expect(shouldCheckFinancialState('/selecting', true)).toBe(false);
    expect(shouldCheckFinancialState('/audit-system-management/a', true)).toBe(false);
  });

  it('sends voucher entry and asset pages to the opening balances while subjects are not initialised', () => {
    expect(financialAction(1, VOUCHER_ADD_PATH)).toEqual({ kind: 'redirect', to: SUBJECT_START_PATH });
    expect(financialAction(1, '/fixed-assets/cards')).toEqual({ kind: 'redirect', to: SUBJECT_START_PATH });
    expect(financialAction(1, '/home')).toEqual({ kind: 'none' });
    expect(financialAction(1, SUBJECT_START_PATH)).toEqual({ kind: 'none' });
  });

  it('sends asset pages to asset-init while assets are not initialised', () => {
    expect(financialAction(2, '/fixed-assets/cards')).toEqual({ kind: 'redirect', to: ASSET_INIT_PATH });
    expect(financialAction(2, ASSET_INIT_PATH)).toEqual({ kind: 'none' });
  });

  it('opens the carry-over and reconciliation dialogs, and ignores 5 and 0', () => {
    expect(financialAction(3, '/home')).toEqual({ kind: 'carry-over' });
    expect(financialAction(4, '/home')).toEqual({ kind: 'reconciliation' });
    expect(financialAction(5, VOUCHER_ADD_PATH)).toEqual({ kind: 'none' });
    expect(financialAction(0, VOUCHER_ADD_PATH)).toEqual({ kind: 'none' });
  });

  it('opens the reconciliation dialog everywhere but on the transition worksheet, where the user fixes it', () => {
    expect(financialAction(4, VOUCHER_ADD_PATH)).toEqual({ kind: 'reconciliation' });
    expect(financialAction(4, SUBJECT_START_PATH)).toEqual({ kind: 'reconciliation' });
    expect(financialAction(4, TRANSITION_PATH)).toEqual({ kind: 'none' });
    expect(financialAction(4, ADJUSTMENT_VOUCHER_PATH)).toEqual({ kind: 'none' });
    expect(shouldCheckFinancialState(TRANSITION_PATH, true)).toBe(true);
  });
});
