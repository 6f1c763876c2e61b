/**
 * The rules for adding a subject (spec doc 1 section 5, doc 2 sections 5 and 9), shared by the
 * add-subject dialog and the server, which runs them again before it writes. The messages are
 * the spec's, character for character; where the spec gives none, ours are marked below.
 *
 * What must stay true:
 * - A code is digits only: a first-level code has the chart's first length (3 in the union
 *   systems, 4 in the government one), a detail adds exactly the chart's child length (2) to its
 *   parent's code. The new part is never all zeros.
 * - The union 2021 system forbids units adding first-level subjects (总说明: 不得合并或增设一级科目);
 *   the government chart lets a unit add one (our reading; the spec only says "3 digits for a new
 *   top-level subject where the chart allows one").
 * - A unit may not add a sibling of a standard subject (不能添加与标准科目同级的科目): where the
 *   regulation defines the details of a subject, the unit adds below those details, not beside.
 */
import type { ChartId, SubjectType } from '../chart.js';
import type { ValidationIssue } from '../envelope.js';

export const SubjectMessages = {
  codeRequired: '请输入科目代码！',
  codeZero: '新增科目编码不能为00!',
  codeLength: (digits: number): string => `新增科目编码只能为${digits}位数字!`,
  nameRequired: '请输入科目名称！',
  sameLevelAsStandard: '不能添加与标准科目同级的科目',
  /** Spec: 'please select the parent subject, click the row where the subject is'. */
  parentRequired: '请选择上级科目，点击科目所在行',
  chooseSubject: '请选择科目',
  chooseLastLevel: '请选择末级科目',
  // Ours (the spec is silent):
  firstLevelForbidden: '工会会计制度规定单位不得增设一级科目，请选择上级科目后增加明细科目',
  firstLevelType: '一级科目编码首位应为1-5（财务会计）或6-8（预算会计）',
  prefix: (parentCode: string): string => `下级科目编码必须以上级科目编码${parentCode}开头`,
  parentMissing: (parentCode: string): string => `上级科目${parentCode}不存在`,
  tooDeep: (levels: number): string => `科目级次不能超过${levels}级`,
  duplicate: (code: string): string => `科目编码${code}已存在`,
  nameTooLong: (max: number): string => `科目名称不能超过${max}个字符`,
  childCodesExhausted: (parentCode: string): string => `科目${parentCode}的下级科目编码已用完`,
  parentHasBalance: '科目已有期初余额，不能增加下级科目',
  parentHasVouchers: (code: string): string =>
    `科目${code}本年已有凭证，不能增加下级科目。可在下一年度增加下级科目，年末结转时余额转入第一个下级科目`,
  usedCannotDelete: (code: string): string => `科目${code}已有凭证，不能删除`,
  parentDisabled: '上级科目已停用，不能增加下级科目',
} as const;

export const SUBJECT_NAME_MAX = 64;
export const SUBJECT_MAX_LEVEL = 6;

export interface SubjectCodeRules {
  /** Digits of a first-level code. */
  readonly first: number;
  /** Digits each further level adds to its parent's code. */
  readonly child: number;
  /** Whether a unit may add a first-level subject in this chart. */
  readonly allowNewFirstLevel: boolean;
  /** Whether first-level codes 6-8 (budget accounting) exist in this chart. */
  readonly hasBudget: boolean;
}

const NEW_FIRST_LEVEL_ALLOWED: Readonly<Record<ChartId, boolean>> = {
  'union-2021-grassroots': false,
  'union-2021-county': false,
  'union-2009': false,
  'government-2017': true,
};

export function codeRulesFor(chart: { id: ChartId; codeLengths: { first: number; child: number } }): SubjectCodeRules {
  return {
    first: chart.codeLengths.first,
    child: chart.codeLengths.child,
    allowNewFirstLevel: NEW_FIRST_LEVEL_ALLOWED[chart.id],
    hasBudget: chart.id === 'government-2017',
  };
}

/** The full length a new code must have under that parent (or at the first level). */
export function expectedCodeLength(rules: SubjectCodeRules, parentCode: string | null): number {
  return parentCode ? parentCode.length + rules.child : rules.first;
}

/** The level of a code in a chart with these lengths (1 for a first-level code). */
export function levelOfCode(rules: SubjectCodeRules, code: string): number {
  return code.length <= rules.first ? 1 : 1 + Math.ceil((code.length - rules.first) / rules.child);
}

/** Subject type from the first digit of a first-level code (spec: 1-5 financial, 6-8 budget). */
export function typeOfFirstLevelCode(code: string, rules: SubjectCodeRules): SubjectType | null {
  const digit = Number(code.charAt(0));
  const max = rules.hasBudget ? 8 : 5;
  return Number.isInteger(digit) && digit >= 1 && digit <= max ? (digit as SubjectType) : null;
}

/**
 * The code field alone, as the dialog checks it while the user types: required, digits of the
 * level's length, the parent's code as prefix, the new part not zero. Null when fine.
 */
export function checkNewSubjectCode(rawCode: string, parentCode: string | null, rules: SubjectCodeRules): string | null {
  const code = rawCode.trim();
  if (!code) return SubjectMessages.codeRequired;
  const length = expectedCodeLength(rules, parentCode);
  if (!/^\d+$/.test(code) || code.length !== length) return SubjectMessages.codeLength(length);
  if (parentCode && !code.startsWith(parentCode)) return SubjectMessages.prefix(parentCode);
  const part = parentCode ? code.slice(parentCode.length) : code;
  if (/^0+$/.test(part)) return SubjectMessages.codeZero;
  return null;
}

/** What the rules need to know about the chart around the new subject. */
export interface NewSubjectContext {
  readonly rules: SubjectCodeRules;
  /** The chosen parent, or null for a first-level subject; undefined when the code named none that exists. */
  readonly parent: { readonly code: string; readonly level: number } | null | undefined;
  /** The existing children of the parent (first-level subjects when there is no parent). */
  readonly siblings: readonly { readonly code: string; readonly isStandard: boolean }[];
  /** Whether a subject with that code exists in the ledger set's year. */
  readonly exists: (code: string) => boolean;
}

export interface NewSubjectInput {
  readonly code: string;
  readonly name: string;
  readonly parentCode: string | null;
}

/** Every rule of adding a subject, in the order the dialog shows them; empty when it may be added. */
export function validateNewSubject(input: NewSubjectInput, context: NewSubjectContext): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { rules, parent } = context;
  const parentCode = input.parentCode?.trim() || null;
  if (parentCode && parent === undefined) return [{ message: SubjectMessages.parentMissing(parentCode), fieldId: 'parentCode' }];
  if (!parentCode && !rules.allowNewFirstLevel) return [{ message: SubjectMessages.firstLevelForbidden, fieldId: 'parentCode' }];

  const code = input.code.trim();
  const codeIssue = checkNewSubjectCode(code, parentCode, rules);
  if (codeIssue) issues.push({ message: codeIssue, fieldId: 'code' });
  else if (parent && parent.level + 1 > SUBJECT_MAX_LEVEL)
    issues.push({ message: SubjectMessages.tooDeep(SUBJECT_MAX_LEVEL), fieldId: 'parentCode' });
  else if (!parentCode && typeOfFirstLevelCode(code, rules) === null)
    issues.push({ message: SubjectMessages.firstLevelType, fieldId: 'code' });
  else if (parentCode && context.siblings.some((s) => s.isStandard))
    issues.push({ message: SubjectMessages.sameLevelAsStandard, fieldId: 'code' });
  else if (context.exists(code)) issues.push({ message: SubjectMessages.duplicate(code), fieldId: 'code' });

  issues.push(...checkSubjectName(input.name));
  return issues;
}

export function checkSubjectName(rawName: string): ValidationIssue[] {
  const name = rawName.trim();
  if (!name) return [{ message: SubjectMessages.nameRequired, fieldId: 'name' }];
  if (name.length > SUBJECT_NAME_MAX) return [{ message: SubjectMessages.nameTooLong(SUBJECT_NAME_MAX), fieldId: 'name' }];
  return [];
}

/**
 * The next free code under a parent (or at the first level): one more than the largest part in
 * use, zero-padded; null when the level is full. The part is never all zeros.
 */
export function nextChildCode(
  parentCode: string | null,
  existingCodes: readonly string[],
  rules: SubjectCodeRules,
): string | null {
  const prefix = parentCode ?? '';
  const width = parentCode ? rules.child : rules.first;
  let largest = 0;
  for (const code of existingCodes) {
    if (code.length !== prefix.length + width || !code.startsWith(prefix)) continue;
    const part = Number(code.slice(prefix.length));
    if (Number.isInteger(part)) largest = Math.max(largest, part);
  }
  const next = largest + 1;
  if (String(next).length > width) {
    const used = new Set(existingCodes);
    for (let n = 1; n < 10 ** width; n += 1) {
      const candidate = prefix + String(n).padStart(width, '0');
      if (!used.has(candidate)) return candidate;
    }
    return null;
  }
  return prefix + String(next).padStart(width, '0');
}
