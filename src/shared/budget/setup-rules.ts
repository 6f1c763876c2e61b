/**
 * The rules of a budget category and a budget detail as keyed (项目预算, 支出分类设置): the spec's
 * required fields with their messages (doc 2: budget detail, expenditure detail, category). The
 * dialogs run them as the user types; the server runs them again before it writes (4003 with the
 * list). Amounts arrive here already in fen (null: not filled).
 */
import type { ValidationIssue } from '../envelope.js';
import { classOfBranch, EXPENDITURE_BRANCHES, PROJECT_AUXI_TYPES, type BudgetAuxiType } from './classes.js';
import { BudgetMessages } from './messages.js';

export const CATEGORY_NAME_MAX = 64;
export const PROJECT_NAME_MAX = 100;

export const BUDGET_AUXI_TYPES: readonly BudgetAuxiType[] = [...PROJECT_AUXI_TYPES, ...EXPENDITURE_BRANCHES];

export function isBudgetAuxiType(value: string): value is BudgetAuxiType {
  return (BUDGET_AUXI_TYPES as readonly string[]).includes(value);
}

/** A project budget (XMYS, XMZC) rather than an expenditure-class line (JBZC, RYJF, GYJF). */
export function isProjectType(auxiType: BudgetAuxiType): boolean {
  return auxiType === 'XMYS' || auxiType === 'XMZC';
}

/**
 * The class a category of the type stands in: an expenditure branch's own class; XMZC is the
 * 项目支出 class 002 (also a project type); XMYS none.
 */
export function classOfType(auxiType: BudgetAuxiType): string | null {
  if (auxiType === 'XMZC') return '002';
  if (auxiType === 'XMYS') return null;
  return classOfBranch(auxiType);
}

export interface CategoryInput {
  auxiType: BudgetAuxiType;
  typeName: string;
  expendBudgetClassification: string | null;
}

export function validateCategory(input: CategoryInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const name = input.typeName.trim();
  if (!name) issues.push({ message: BudgetMessages.categoryNameRequired, fieldId: 'typeName' });
  else if (name.length > CATEGORY_NAME_MAX) issues.push({ message: BudgetMessages.categoryNameTooLong, fieldId: 'typeName' });
  const wanted = classOfType(input.auxiType);
  const given = input.expendBudgetClassification?.trim() || null;
  if (!isProjectType(input.auxiType) && !given)
    issues.push({ message: BudgetMessages.categoryRequired, fieldId: 'expendBudgetClassification' });
  else if (given && given !== wanted)
    issues.push({ message: BudgetMessages.classMismatch, fieldId: 'expendBudgetClassification' });
  return issues;
}

export interface DetailInput {
  auxiType: BudgetAuxiType;
  /** The category's class (expenditure details must name it). */
  categoryClass: string | null;
  typeId: string | null;
  projectName: string;
  /** Fen, null when not filled. */
  projectAmount: number | null;
  amountBeforeAdjustment: number | null;
  expendBudgetClassification: string | null;
  subjects: readonly string[];
  /** The user holds 项目预算's zdrapproval: subjects are chosen, and required. */
  mayChooseSubjects: boolean;
}

export function validateDetail(input: DetailInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const project = isProjectType(input.auxiType);
  if (!input.typeId) issues.push({ message: BudgetMessages.categoryRequired, fieldId: 'typeId' });
  if (!project) {
    const given = input.expendBudgetClassification?.trim() || null;
    if (!given) issues.push({ message: BudgetMessages.subjectRequired, fieldId: 'expendBudgetClassification' });
    else if (input.categoryClass !== null && given !== input.categoryClass)
      issues.push({ message: BudgetMessages.classMismatch, fieldId: 'expendBudgetClassification' });
  }
  const name = input.projectName.trim();
  if (!name) issues.push({ message: BudgetMessages.projectNameRequired, fieldId: 'projectName' });
  else if (name.length > PROJECT_NAME_MAX) issues.push({ message: BudgetMessages.projectNameTooLong, fieldId: 'projectName' });
  if (project) {
    if (input.amountBeforeAdjustment === null)
      issues.push({ message: BudgetMessages.openingAmountRequired, fieldId: 'amountBeforeAdjustment' });
    else if (input.amountBeforeAdjustment < 0)
      issues.push({ message: BudgetMessages.amountNegative, fieldId: 'amountBeforeAdjustment' });
    if (input.projectAmount === null) issues.push({ message: BudgetMessages.projectAmountRequired, fieldId: 'projectAmount' });
    else if (input.projectAmount < 0) issues.push({ message: BudgetMessages.amountNegative, fieldId: 'projectAmount' });
    if (input.mayChooseSubjects && input.subjects.length === 0)
      issues.push({ message: BudgetMessages.subjectRequired, fieldId: 'subjectCodeArray' });
  } else {
    if (input.projectAmount === null) issues.push({ message: BudgetMessages.amountRequired, fieldId: 'projectAmount' });
    else if (input.projectAmount < 0) issues.push({ message: BudgetMessages.amountNegative, fieldId: 'projectAmount' });
    if (input.subjects.length > 0) issues.push({ message: BudgetMessages.expenditureNoSubjects, fieldId: 'subjectCodeArray' });
  }
  return issues;
}
