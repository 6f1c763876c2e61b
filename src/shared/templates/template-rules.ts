/**
 * Voucher template types and the save rules (spec doc 1 sections 5 and 9), shared by the save
 * dialog and the server. Type 4 (carry-forward) belongs to the close chapter's template manager.
 */
import type { ValidationIssue } from '../envelope.js';

export const TEMPLATE_PAGE_SIZE = 100;

export const TEMPLATE_TYPES: readonly { readonly value: number; readonly name: string }[] = [
  { value: 1, name: '常用凭证' },
  { value: 5, name: '固定资产新增' },
  { value: 6, name: '固定资产计提折旧' },
  { value: 7, name: '固定资产处置' },
  { value: 8, name: '无形资产新增' },
  { value: 9, name: '无形资产摊销' },
  { value: 10, name: '无形资产处置' },
  { value: 11, name: '库存物品入库' },
  { value: 13, name: '库存物品出库' },
];

/** Spec: carry-forward templates are type 4 (managed with the month and year close). */
export const CARRY_FORWARD_TEMPLATE = 4;

/** Types whose amount rows may lack a subject (spec: 科目不能为空 not applied for 5, 8, 11). */
const SUBJECT_OPTIONAL_TYPES: readonly number[] = [5, 8, 11];

export const TemplateMessages = {
  name: '请输入模板名称！',
  policyBasis: '请输入政策依据！',
  type: '请选择模板类型！',
  subject: '科目不能为空',
  none: '没有模板',
  builtInDelete: '系统内置模板不能删除',
  builtInChange: '系统内置模板不能修改，已另存为新模板',
  lines: '模板至少需要一行分录',
  duplicateName: (name: string) => `模板名称“${name}”已存在`,
} as const;

export function templateTypeName(value: number): string {
  return TEMPLATE_TYPES.find((t) => t.value === value)?.name ?? (value === CARRY_FORWARD_TEMPLATE ? '结转' : `类型${value}`);
}

export interface TemplateDraftLine {
  summary: string;
  subjectCode: string | null;
  debitFen: number | null;
  creditFen: number | null;
}

export interface TemplateDraft {
  name: string;
  policyBasis: string;
  template: number | null;
  lines: readonly TemplateDraftLine[];
}

const blank = (l: TemplateDraftLine) =>
  l.summary.trim() === '' && (l.subjectCode ?? '').trim() === '' && !l.debitFen && !l.creditFen;

/** The spec's checks, in the dialog's order; issues name the field (and the row for lines). */
export function validateTemplate(draft: TemplateDraft): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (draft.name.trim() === '') issues.push({ message: TemplateMessages.name, fieldId: 'name' });
  if (draft.policyBasis.trim() === '') issues.push({ message: TemplateMessages.policyBasis, fieldId: 'policyBasis' });
  const type = draft.template;
  if (type === null || !TEMPLATE_TYPES.some((t) => t.value === type))
    issues.push({ message: TemplateMessages.type, fieldId: 'template' });
  const lines = draft.lines.filter((l) => !blank(l));
  if (lines.length === 0) issues.push({ message: TemplateMessages.lines, fieldId: 'details' });
  const subjectOptional = type !== null && SUBJECT_OPTIONAL_TYPES.includes(type);
  draft.lines.forEach((line, i) => {
    if (blank(line) || subjectOptional) return;
    const hasAmount = Boolean(line.debitFen) || Boolean(line.creditFen);
    if (hasAmount && (line.subjectCode ?? '').trim() === '') {
      issues.push({ message: `第${i + 1}行${TemplateMessages.subject}`, rowId: i + 1, fieldId: 'subjectCode' });
    }
  });
  return issues;
}

/** Lines worth keeping: blank ones are dropped. */
export function templateLines<L extends TemplateDraftLine>(lines: readonly L[]): L[] {
  return lines.filter((l) => !blank(l));
}
