/**
 * The read-only money columns of a list and their 合计 under each: several lists (资产初始化, 资产处置, 长期待摊费用,
 * 经费上解台账) show a run of amounts that each total by SUM, so the columns and their totals are declared once.
 */
import type { FieldDef, GridRow, TotalDef } from '../src/shared/grid/definition.js';

export interface MoneyColumn<R extends GridRow> {
  readonly id: Extract<keyof R, string>;
  readonly header: string;
}

/** The columns, read-only, 120 px; `blankZero` leaves a zero cell empty. */
export function moneyFields<R extends GridRow>(
  columns: readonly MoneyColumn<R>[],
  options: { blankZero?: boolean } = {},
): FieldDef<R>[] {
  return columns.map((m) => ({
    id: m.id,
    header: m.header,
    kind: 'money',
    editable: false,
    width: 120,
    ...(options.blankZero ? { blankZero: true } : {}),
  }));
}

/** SUM of each column, shown under it (labelled 原值合计 and so on). */
export function sumTotals<R extends GridRow>(columns: readonly MoneyColumn<R>[]): TotalDef<R>[] {
  return columns.map((m) => ({ id: `sum_${m.id}`, label: `${m.header}合计`, expression: `SUM(${m.id})`, showUnder: m.id }));
}
