/**
 * Carry-forward templates (spec doc 1: template type 4, validation rules, carry-over amount types
 * 1-5), shared by the template dialog and the server. The server adds the checks that need the
 * chart (subjects exist, the carry-in subject is last level, its items are leaves).
 */
import type { ValidationIssue } from '../envelope.js';

/** Spec carry-over amount types. */
export const CARRY_OVER_AMOUNT_TYPES: readonly { readonly value: number; readonly name: string }[] = [
  { value: 1, name: '余额' },
  { value: 2, name: '借方余额' },
  { value: 3, name: '贷方余额' },
  { value: 4, name: '借方发生额' },
  { value: 5, name: '贷方发生额' },
];

export function amountTypeName(value: number): string {
  return CARRY_OVER_AMOUNT_TYPES.find((t) => t.value === value)?.name ?? '';
}

export const isAmountType = (value: unknown): value is number =>
  typeof value === 'number' && CARRY_OVER_AMOUNT_TYPES.some((t) => t.value === value);

/** voucher.carry_over of the vouchers a generation writes (migration 0007). */
export const CARRY_OVER_MONTH = 1;
export const CARRY_OVER_YEAR = 2;

export const CarryForwardMessages = {
  // The spec's texts.
  name: '请输入模板名称',
  summary: '请输入摘要',
  memo: '请输入说明',
  amount: '请输入转出金额',
  lastRow: '默认项无法删除',
  leafOnly: '请选择末级选项！',
  deleteConfirm: '是否删除当前结转模板？',
  setOthers: '是否同样设置其他行',
  noYearTemplate: '暂未生成年结模板，请前往凭证录入→左侧模板管理生成结转模板再进行年结',
  // Ours (the spec names the rule without a text).
  subject: '请选择转出科目',
  intoSubject: '请选择转入科目',
  amountType: '请选择金额类型',
  sameSubject: '转出科目与转入科目不能相同',
  intoLastLevel: '转入科目请选择末级科目',
  intoAuxiMissing: '转入科目的辅助项不能为空!',
  noMonthTemplate: '暂未生成月结模板，请前往凭证录入→左侧模板管理生成结转模板再进行结转',
  nothingToCarry: '按结转模板计算，本期没有需要结转的金额',
  monthDone: (month: number, voucher: string) => `${month}月已生成期末结转凭证（${voucher}），如需重新生成请先删除该凭证`,
  yearDone: (year: number, voucher: string) => `${year}年已生成年结凭证（${voucher}），如需重新生成请先删除该凭证`,
  yearDoneBeforeMonth: (voucher: string) => `本年已生成年结凭证（${voucher}），请先删除年结凭证再生成12月期末结转凭证`,
  incomeLeft: '本年收入、支出尚未全部结转，请先生成12月的期末结转凭证',
  monthCreated: (month: number, voucher: string) => `已生成${month}月期末结转凭证：${voucher}`,
  yearCreated: (year: number, voucher: string) => `已生成${year}年年结凭证：${voucher}`,
} as const;

export const CARRY_FORWARD_SUMMARY_MAX = 200;

export interface CarryForwardDraftRow {
  subjectCode: string | null;
  carryOverAmountType: number | null;
  intoSubjectCode: string | null;
}

export interface CarryForwardDraft {
  name: string;
  summary: string;
  memo: string;
  carryOverAmountType: number | null;
  rows: readonly CarryForwardDraftRow[];
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/** The spec's checks in the dialog's order; row issues name the 1-based row. A template has at least one row. */
export function validateCarryForward(draft: CarryForwardDraft): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (blank(draft.name)) issues.push({ message: CarryForwardMessages.name, fieldId: 'name' });
  if (blank(draft.summary)) issues.push({ message: CarryForwardMessages.summary, fieldId: 'summary' });
  else if (draft.summary.trim().length > CARRY_FORWARD_SUMMARY_MAX)
    issues.push({ message: `摘要不能超过${CARRY_FORWARD_SUMMARY_MAX}个字符`, fieldId: 'summary' });
  if (blank(draft.memo)) issues.push({ message: CarryForwardMessages.memo, fieldId: 'memo' });
  if (!isAmountType(draft.carryOverAmountType))
    issues.push({ message: CarryForwardMessages.amount, fieldId: 'carryOverAmountType' });
  const rows = draft.rows.length > 0 ? draft.rows : [{ subjectCode: null, carryOverAmountType: null, intoSubjectCode: null }];
  rows.forEach((row, i) => {
    const rowId = i + 1;
    const at = `第${rowId}行`;
    if (blank(row.subjectCode)) issues.push({ message: at + CarryForwardMessages.subject, rowId, fieldId: 'subjectCode' });
    if (blank(row.intoSubjectCode))
      issues.push({ message: at + CarryForwardMessages.intoSubject, rowId, fieldId: 'intoSubjectCode' });
    if (!isAmountType(row.carryOverAmountType))
      issues.push({ message: at + CarryForwardMessages.amountType, rowId, fieldId: 'carryOverAmountType' });
    if (!blank(row.subjectCode) && row.subjectCode?.trim() === row.intoSubjectCode?.trim())
      issues.push({ message: at + CarryForwardMessages.sameSubject, rowId, fieldId: 'intoSubjectCode' });
  });
  return issues;
}

/** Removing a row: the last one stays (默认项无法删除); null when allowed. */
export function rowRemovalProblem(rowCount: number): string | null {
  return rowCount <= 1 ? CarryForwardMessages.lastRow : null;
}

/** The template's order cell as saved: a non-numeric order becomes 0 (spec). */
export function orderValue(text: unknown): number {
  const n = typeof text === 'number' ? text : typeof text === 'string' && text.trim() !== '' ? Number(text.trim()) : NaN;
  return Number.isSafeInteger(n) ? n : 0;
}
