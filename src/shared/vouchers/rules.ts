/**
 * The voucher rules (spec doc 1 section 5), one pure function the editor runs as the user types
 * and the server runs before it writes, so both refuse the same vouchers with the same messages.
 *
 * What must stay true:
 * - Blank lines (no summary, subject, amount or auxiliary item) are ignored, not errors; a voucher
 *   without a non-blank line is 请录入凭证内容. Row numbers in 第N行 count the lines as the user
 *   sees them (blank ones included), 1-based.
 * - Amounts are integer fen within MONEY_CAP_FEN; a line carries debit or credit, never both, and
 *   never zero.
 * - The balance check is exact integer equality; in a two-table voucher the financial lines and
 *   the budget lines (isGovernment) each balance on their own.
 * - Issues name the row (rowId) and the field (fieldId) so the editor can mark the cell.
 */
import type { ValidationIssue } from '../envelope.js';
import { MONEY_CAP_FEN, MONEY_MESSAGES } from '../money.js';
import { AuxiMessages } from '../subjects/auxiliary-rules.js';
import { VoucherMessages } from './messages.js';

export interface VoucherDraftLine {
  rowId: string;
  summary: string | null;
  subjectCode: string | null;
  debitFen: number | null;
  creditFen: number | null;
  /** targetId: the budget indicator chosen on a project item (budget/), checked by the server. */
  auxis: readonly { typeNo: string; infoNo: string; targetId?: string | null }[];
}

export interface VoucherDraft {
  year: number | null;
  month: number | null;
  pzDate: string | null;
  certificateType: number | null;
  numberOfDocument: number | null;
  lines: readonly VoucherDraftLine[];
}

export interface RuleSubject {
  code: string;
  lastLevel: boolean;
  enable: boolean;
  isGovernment: boolean;
  auxiTypeNos: readonly string[];
}

export interface VoucherRuleContext {
  subject(code: string): RuleSubject | undefined;
  twoTable: boolean;
}

export type VoucherFieldId =
  | 'summary'
  | 'subjectCode'
  | 'debitAmount'
  | 'creditAmount'
  | 'auxis'
  | 'pzDate'
  | 'period'
  | 'certificateType'
  | 'numberOfDocument';

/** Largest attached-document count. */
export const VOUCHER_DOCUMENTS_MAX = 9999;

/** Largest value of an integer column (PostgreSQL integer). */
export const INT_COLUMN_MAX = 2_147_483_647;

/** Messages the spec gives no text for (ours). */
export const VoucherRuleMessages = {
  categoryMissing: '请选择凭证分类',
  dateMissing: '请选择凭证日期',
  dateFormat: '凭证日期格式不正确',
  documentCount: `附单据数必须是0到${VOUCHER_DOCUMENTS_MAX}之间的整数`,
  bothSides: (row: number) => `第${row}行借方和贷方金额只能填写一个`,
  amountInvalid: (row: number, message: string) => `第${row}行${message}`,
  subjectUnknown: (row: number, code: string) => `第${row}行科目${code}不存在`,
  subjectDisabled: (row: number, code: string) => `第${row}行科目${code}已停用`,
  auxiDuplicate: (row: number, typeNo: string) => `第${row}行辅助核算类型${typeNo}只能选择一个辅助项`,
  summaryTooLong: (row: number) => `第${row}行摘要不能超过${VOUCHER_SUMMARY_MAX}个字符`,
} as const;

/** Longest line summary the database keeps. */
export const VOUCHER_SUMMARY_MAX = 200;

/** Earliest voucher date (spec: after 2021-12-31). */
export const VOUCHER_MIN_DATE = '2022-01-01';

function hasText(value: string | null): boolean {
  return value !== null && value.trim() !== '';
}

function hasAmount(fen: number | null): boolean {
  return fen !== null && fen !== 0;
}

/** A line the user has not started: no summary, subject, amount or auxiliary item. */
export function isBlankLine(line: VoucherDraftLine): boolean {
  return (
    !hasText(line.summary) &&
    !hasText(line.subjectCode) &&
    !hasAmount(line.debitFen) &&
    !hasAmount(line.creditFen) &&
    line.auxis.every((a) => !hasText(a.infoNo))
  );
}

function amountIssue(fen: number | null): string | null {
  if (fen === null) return null;
  if (!Number.isSafeInteger(fen)) return MONEY_MESSAGES.format;
  if (Math.abs(fen) > MONEY_CAP_FEN) return MONEY_MESSAGES.cap(MONEY_CAP_FEN);
  return null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-MM-dd: its year and month, else null. */
export function validDate(text: string): { year: number; month: number } | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month };
}

function validateHeader(draft: VoucherDraft): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const periodOk =
    draft.year !== null &&
    draft.month !== null &&
    Number.isInteger(draft.year) &&
    draft.year >= 1000 &&
    draft.year <= 9999 &&
    Number.isInteger(draft.month) &&
    draft.month >= 1 &&
    draft.month <= 12;
  if (!periodOk) issues.push({ message: VoucherMessages.periodMissing, fieldId: 'period' });
  const type = draft.certificateType;
  if (type === null || !Number.isInteger(type) || type < 0 || type > INT_COLUMN_MAX) {
    issues.push({ message: VoucherRuleMessages.categoryMissing, fieldId: 'certificateType' });
  }
  const documents = draft.numberOfDocument;
  if (documents !== null && !(Number.isInteger(documents) && documents >= 0 && documents <= VOUCHER_DOCUMENTS_MAX)) {
    issues.push({ message: VoucherRuleMessages.documentCount, fieldId: 'numberOfDocument' });
  }
  if (!hasText(draft.pzDate)) {
    issues.push({ message: VoucherRuleMessages.dateMissing, fieldId: 'pzDate' });
  } else {
    const date = validDate((draft.pzDate ?? '').trim());
    if (!date) issues.push({ message: VoucherRuleMessages.dateFormat, fieldId: 'pzDate' });
    else if ((draft.pzDate ?? '').trim() < VOUCHER_MIN_DATE)
      issues.push({ message: VoucherMessages.dateBefore2022, fieldId: 'pzDate' });
    else if (periodOk && (date.year !== draft.year || date.month !== draft.month)) {
      issues.push({ message: VoucherMessages.dateOutsideMonth(draft.year ?? 0, draft.month ?? 0), fieldId: 'pzDate' });
    }
  }
  return issues;
}

interface CheckedLine {
  fen: number;
  side: 'debit' | 'credit';
  subject: RuleSubject;
}

function validateLine(
  line: VoucherDraftLine,
  row: number,
  ctx: VoucherRuleContext,
  issues: ValidationIssue[],
): CheckedLine | null {
  const rowId = line.rowId;
  const before = issues.length;
  let subject: RuleSubject | undefined;
  const code = (line.subjectCode ?? '').trim();
  if (code === '') {
    issues.push({ message: VoucherMessages.subjectMissing(row), rowId, fieldId: 'subjectCode' });
  } else {
    subject = ctx.subject(code);
    if (!subject) issues.push({ message: VoucherRuleMessages.subjectUnknown(row, code), rowId, fieldId: 'subjectCode' });
    else if (!subject.enable)
      issues.push({ message: VoucherRuleMessages.subjectDisabled(row, code), rowId, fieldId: 'subjectCode' });
    else if (!subject.lastLevel) issues.push({ message: VoucherMessages.notLastLevel, rowId, fieldId: 'subjectCode' });
  }

  const debit = hasAmount(line.debitFen);
  const credit = hasAmount(line.creditFen);
  const amountStart = issues.length;
  if (!debit && !credit) {
    issues.push({ message: VoucherMessages.amountMissing(row), rowId, fieldId: 'debitAmount' });
  } else if (debit && credit) {
    issues.push({ message: VoucherRuleMessages.bothSides(row), rowId, fieldId: 'creditAmount' });
  }
  for (const [fen, fieldId] of [
    [line.debitFen, 'debitAmount'],
    [line.creditFen, 'creditAmount'],
  ] as const) {
    const message = amountIssue(fen);
    if (message) issues.push({ message: VoucherRuleMessages.amountInvalid(row, message), rowId, fieldId });
  }
  const amountOk = issues.length === amountStart;

  if (!hasText(line.summary)) issues.push({ message: VoucherMessages.summaryMissing(row), rowId, fieldId: 'summary' });
  else if ((line.summary ?? '').trim().length > VOUCHER_SUMMARY_MAX) {
    issues.push({ message: VoucherRuleMessages.summaryTooLong(row), rowId, fieldId: 'summary' });
  }

  if (subject && subject.enable && subject.lastLevel) {
    const chosen = new Map<string, number>();
    for (const a of line.auxis) {
      if (!hasText(a.infoNo)) continue;
      if (!subject.auxiTypeNos.includes(a.typeNo)) {
        issues.push({ message: AuxiMessages.notOfSubject(a.typeNo), rowId, fieldId: 'auxis' });
      }
      chosen.set(a.typeNo, (chosen.get(a.typeNo) ?? 0) + 1);
    }
    if (subject.auxiTypeNos.some((t) => !chosen.has(t))) {
      issues.push({ message: VoucherMessages.auxiMissing, rowId, fieldId: 'auxis' });
    }
    for (const [typeNo, count] of chosen) {
      if (count > 1) issues.push({ message: VoucherRuleMessages.auxiDuplicate(row, typeNo), rowId, fieldId: 'auxis' });
    }
  }

  if (!subject || !amountOk || issues.length !== before) return null;
  return debit ? { fen: line.debitFen ?? 0, side: 'debit', subject } : { fen: line.creditFen ?? 0, side: 'credit', subject };
}

function balances(lines: readonly CheckedLine[]): boolean {
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    if (l.side === 'debit') debit += l.fen;
    else credit += l.fen;
  }
  return debit === credit;
}

/** Every rule of a voucher; an empty list means it may be saved. */
export function validateVoucher(draft: VoucherDraft, ctx: VoucherRuleContext): ValidationIssue[] {
  const issues = validateHeader(draft);
  const filled = draft.lines.map((line, i) => ({ line, row: i + 1 })).filter(({ line }) => !isBlankLine(line));
  if (filled.length === 0) {
    issues.push({ message: VoucherMessages.empty });
    return issues;
  }
  const lineIssuesStart = issues.length;
  const checked: CheckedLine[] = [];
  for (const { line, row } of filled) {
    const c = validateLine(line, row, ctx, issues);
    if (c) checked.push(c);
  }
  // The balance is only meaningful once every line is readable.
  if (issues.length !== lineIssuesStart) return issues;
  if (ctx.twoTable) {
    if (!balances(checked.filter((l) => !l.subject.isGovernment))) issues.push({ message: VoucherMessages.unbalancedFinancial });
    if (!balances(checked.filter((l) => l.subject.isGovernment))) issues.push({ message: VoucherMessages.unbalancedBudget });
  } else if (!balances(checked)) {
    issues.push({ message: VoucherMessages.unbalanced });
  }
  return issues;
}
