/**
 * What the financial-state check does on a route (spec doc 1 section 4, doc 2 section 4).
 * The state numbers and the redirect rule are shared; this maps them to the client's action.
 */
import {
  ADJUSTMENT_VOUCHER_PATH,
  FinancialState,
  financialStateRedirect,
  skipsFinancialCheck,
  TRANSITION_PATH,
} from '../../shared/financial-state.js';

export type FinancialAction =
  { kind: 'none' } | { kind: 'redirect'; to: string } | { kind: 'carry-over' } | { kind: 'reconciliation' };

export function shouldCheckFinancialState(path: string, hasLedgerSet: boolean): boolean {
  return hasLedgerSet && !skipsFinancialCheck(path);
}

export function financialAction(state: number, path: string): FinancialAction {
  const to = financialStateRedirect(state, path);
  if (to && to !== path) return { kind: 'redirect', to };
  if (state === FinancialState.PeriodCarryOverNeeded) return { kind: 'carry-over' };
  // On the worksheet itself (and its adjustment-voucher editor) the user is there to finish or adjust: no dialog.
  if (state === FinancialState.Reconciliation && path !== TRANSITION_PATH && path !== ADJUSTMENT_VOUCHER_PATH)
    return { kind: 'reconciliation' };
  return { kind: 'none' };
}
