/** A built-in carry-forward template as data (spec template type 4). */
export interface BuiltInCarryRow {
  /** A subject of the chart; a parent carries every last-level subject under it. */
  readonly subjectCode: string;
  /** Narrows the carry-out subject to these auxiliary items (built-in items of every set). */
  readonly auxis?: readonly { readonly typeNo: string; readonly infoNo: string }[];
  /** 1 balance, 2 debit balance, 3 credit balance, 4 debit turnover, 5 credit turnover. */
  readonly carryOverAmountType: 1 | 2 | 3 | 4 | 5;
  /** A last-level subject of the chart. */
  readonly intoSubjectCode: string;
}

export interface BuiltInCarryForward {
  /** Stable within its chart; the template's id is `builtin:carry:<chart>:<key>`. */
  readonly key: string;
  readonly name: string;
  readonly isMonth: boolean;
  readonly summary: string;
  /** 说明: what the regulation says the carry-forward does. */
  readonly memo: string;
  readonly carryOverAmountType: 1 | 2 | 3 | 4 | 5;
  readonly rows: readonly BuiltInCarryRow[];
}
