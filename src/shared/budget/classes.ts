/**
 * The budget's classification (spec constants; 基层工会预算管理办法): every expense is basic
 * (基本支出 001: 人员经费 00101, 公用经费 00102) or project (项目支出 002). A budget detail is an
 * item of an auxiliary type that voucher lines carry to spend from it:
 * - project budgets: a category is an item of XMYS (项目预算) or XMZC (项目支出), its details the
 *   category's sub-items;
 * - expenditure classes: the spec's branches JBZC / RYJF / GYJF are the 经费核算 (JFHS) items of
 *   their class (001 / 001001 / 001002); a category is a sub-item of that, its details below it.
 */
export const EXPEND_CLASSES = [
  { code: '001', name: '基本支出', parent: null, branch: 'JBZC', jfhsItem: '001' },
  { code: '00101', name: '人员经费', parent: '001', branch: 'RYJF', jfhsItem: '001001' },
  { code: '00102', name: '公用经费', parent: '001', branch: 'GYJF', jfhsItem: '001002' },
  { code: '002', name: '项目支出', parent: null, branch: 'XMZC', jfhsItem: '002' },
] as const;

export type ExpendClass = (typeof EXPEND_CLASSES)[number]['code'];

/** auxiType of a project-budget category or detail. */
export const PROJECT_AUXI_TYPES = ['XMYS', 'XMZC'] as const;
/** auxiType of an expenditure-class category or detail (the spec's expenditure branch codes). */
export const EXPENDITURE_BRANCHES = ['JBZC', 'RYJF', 'GYJF'] as const;
export type BudgetAuxiType = (typeof PROJECT_AUXI_TYPES)[number] | (typeof EXPENDITURE_BRANCHES)[number];

/** The auxiliary types whose items are budget details (what budget_spent follows). */
export const BUDGET_ITEM_TYPES: readonly string[] = ['XMYS', 'XMZC', 'JFHS'];

/** The auxiliary type a category's and its details' items are of. */
export function itemTypeOf(auxiType: BudgetAuxiType): 'XMYS' | 'XMZC' | 'JFHS' {
  return auxiType === 'XMYS' || auxiType === 'XMZC' ? auxiType : 'JFHS';
}

/** The class an expenditure branch stands for. */
export function classOfBranch(branch: string): ExpendClass | null {
  return EXPEND_CLASSES.find((c) => c.branch === branch && c.code !== '002')?.code ?? null;
}

/** Spec: budget-detail subjects are of subject types 5 and 7 (expenses, budget expenditure): their code's first digit. */
export const BUDGET_SUBJECT_TYPES = ['5', '7'] as const;

export function isBudgetSubject(code: string): boolean {
  return code.startsWith('5') || code.startsWith('7');
}
