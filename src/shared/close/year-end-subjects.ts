/**
 * Subjects that hold one year's movements of net assets and must read zero once the year-end
 * carry-forward has rolled them into 累计结转 / 累计结余 (union-accounting.md, closing rules) or,
 * in the government system, into 累计盈余. Matched by name because the regulation fixes the names
 * while a ledger set may add its own details under them.
 */
export const YEAR_END_ROLL_NAMES: readonly string[] = [
  '年初余额调整',
  '单位内部调剂',
  '本年收支结转',
  '结转转入',
  '本期盈余',
  '本年盈余分配',
];

/**
 * Income and expense subject types, carried forward at period end: 4 and 5 in the union and the
 * government financial charts, 6 and 7 in the government budget chart.
 */
export const EARNING_TYPES: readonly number[] = [4, 6];
export const EXPENSE_TYPES: readonly number[] = [5, 7];

/** Cash and bank subjects, whose vouchers the cashier signs (union 101/102, government 1001/1002). */
export const CASH_SUBJECT_ROOTS: readonly string[] = ['101', '102', '1001', '1002'];

/** Whether a subject is cash or bank, given the code of its first-level ancestor (or itself). */
export function isCashRoot(firstLevelCode: string): boolean {
  return CASH_SUBJECT_ROOTS.includes(firstLevelCode);
}
