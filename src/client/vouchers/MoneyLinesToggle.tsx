/** The voucher's 金额线 switch: the amount columns in ruled digit columns, a choice kept per user. */
import type { CellExtras } from '../grid/cell-extras.js';
import { UserPreference, useUserFlag } from '../shell/user-preferences.js';

/** The voucher grid's amount fields. */
export const VOUCHER_MONEY_FIELDS = ['debitAmount', 'creditAmount'] as const;

export function useMoneyLines(): [boolean, (on: boolean) => void] {
  return useUserFlag(UserPreference.voucherMoneyLines);
}

/** The table's cells, with 金额线 on its amount columns when chosen. */
export function withMoneyLineCells(cells: CellExtras, on: boolean): CellExtras {
  return on ? { ...cells, moneyLines: VOUCHER_MONEY_FIELDS } : cells;
}

export function MoneyLinesToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="voucher-money-lines" title="借方、贷方金额按 亿千百十万千百十元角分 分栏显示和打印">
      <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} />
      金额线
    </label>
  );
}
