/**
 * Budget control (spec constants: 2 warn on overrun, 3 forbid) and what a project has spent.
 *
 * What must stay true:
 * - spent is the debit less the credit, in fen, of the year's lines that carry the project's item
 *   on the subjects it counts (every voucher, booked or not, but the carry-forwards, which only
 *   close the expense subjects into net assets);
 * - remaining = adjusted budget − spent, so spent + remaining = the adjusted budget, always;
 * - with control 3 a write that raises a project's spent past its adjusted budget is refused,
 *   whatever else is written at the same time; a write that lowers it never is.
 */
import { isBudgetSubject } from './classes.js';

export const CONTROL_NONE = 0;
export const CONTROL_WARN = 2;
export const CONTROL_FORBID = 3;
export type ControlStatus = typeof CONTROL_NONE | typeof CONTROL_WARN | typeof CONTROL_FORBID;

export function isControlStatus(value: number): value is ControlStatus {
  return value === CONTROL_NONE || value === CONTROL_WARN || value === CONTROL_FORBID;
}

/**
 * The subjects a project counts: those it names (a named subject covers its details, so 501 counts
 * 50101), or, when it names none, every expense subject of the set's side: budget expenditure (7)
 * on the government system, where execution is read on the budget side, expenses (5) elsewhere.
 */
export function countsSubject(subjectCode: string, projectSubjects: readonly string[], government: boolean): boolean {
  if (!isBudgetSubject(subjectCode)) return false;
  if (projectSubjects.length === 0) return subjectCode.startsWith(government ? '7' : '5');
  return projectSubjects.some((s) => subjectCode.startsWith(s));
}

/** The comma-joined subject list as stored and sent (spec: subjectCodeArray, comma string). */
export function subjectListOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Execution in parts per million of the adjusted budget (null without a budget). */
export function executionPpm(spentFen: number, budgetFen: number): number | null {
  if (budgetFen <= 0) return null;
  return Number((BigInt(spentFen) * 1_000_000n) / BigInt(budgetFen));
}

/** Parts per million as a percentage with two decimals ('85.25'), for display. */
export function ppmText(ppm: number): string {
  const hundredths = Math.round(ppm / 100);
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
