/**
 * The left-hand tree of 项目预算 and 支出分类设置: the types or classes (项目预算 XMYS and 项目支出
 * XMZC; 基本支出 with 人员经费 and 公用经费 under it, and 项目支出) with their categories under them,
 * as rows in display order. Pure, so the pages and the tests share it.
 */
import type { BudgetCategoryNode, BudgetDetail } from '../../shared/api/schemas/budget-setup.js';
import type { BudgetAuxiType } from '../../shared/budget/classes.js';
import type { SetupScope } from './budget-setup-api.js';

export interface ClassRoot {
  key: string;
  label: string;
  auxiType: BudgetAuxiType;
  /** The class a category of the root stands in (null: 项目预算). */
  classCode: string | null;
  depth: number;
}

export const SCOPE_ROOTS: Readonly<Record<SetupScope, readonly ClassRoot[]>> = {
  project: [
    { key: 'XMYS', label: '项目预算', auxiType: 'XMYS', classCode: null, depth: 0 },
    { key: 'XMZC', label: '项目支出', auxiType: 'XMZC', classCode: '002', depth: 0 },
  ],
  expenditure: [
    { key: '001', label: '001 基本支出', auxiType: 'JBZC', classCode: '001', depth: 0 },
    { key: '00101', label: '00101 人员经费', auxiType: 'RYJF', classCode: '00101', depth: 1 },
    { key: '00102', label: '00102 公用经费', auxiType: 'GYJF', classCode: '00102', depth: 1 },
    { key: '002', label: '002 项目支出', auxiType: 'XMZC', classCode: '002', depth: 0 },
  ],
};

export type TreeRow =
  | { kind: 'root'; key: string; label: string; depth: number; root: ClassRoot }
  | { kind: 'category'; key: string; label: string; depth: number; root: ClassRoot; category: BudgetCategoryNode };

export function treeRows(scope: SetupScope, categories: readonly BudgetCategoryNode[]): TreeRow[] {
  const rows: TreeRow[] = [];
  for (const root of SCOPE_ROOTS[scope]) {
    rows.push({ kind: 'root', key: root.key, label: root.label, depth: root.depth, root });
    for (const category of categories.filter((c) => c.auxiType === root.auxiType)) {
      rows.push({
        kind: 'category',
        key: category.typeId,
        label: `${category.infoNo} ${category.typeName}`,
        depth: root.depth + 1,
        root,
        category,
      });
    }
  }
  return rows;
}

/** The details a chosen row shows: a category's own, or every category's of a root. */
export function detailsOf(row: TreeRow | undefined, categories: readonly BudgetCategoryNode[]): BudgetDetail[] {
  if (!row) return [];
  if (row.kind === 'category') return row.category.details;
  return categories.filter((c) => c.auxiType === row.root.auxiType).flatMap((c) => c.details);
}
