/**
 * The budget plan grid (方案填报, /budget-management/fangan-tianbao; read-only in 方案审批): the
 * year's budget details grouped by expenditure class (基本支出 with 人员经费 and 公用经费, 项目支出)
 * and category, a tree: class → category → detail. Only a detail's opening budget
 * (amountBeforeAdjustment) is keyed, and only while the plan is editable; the adjusted budget
 * (projectAmount) is shown. Every class and category row is the sum of its children
 * (HyperFormula, SUM(CHILDREN)), the total the sum of the top rows; the export writes those sums as
 * live Excel formulas over the rows below them.
 *
 * What must stay true: the server never trusts the sums; it stores the details' amounts only
 * (src/server/budget/plan-actions.ts) and checks them with the same rule (no negative budget).
 */
import { buildTreeIndex } from '../formulas/tree-index.js';
import { BudgetMessages } from '../src/shared/budget/messages.js';
import { EXPEND_CLASSES } from '../src/shared/budget/classes.js';
import type { FieldDef, GridDefinition, GridRow, GridValidator, TotalDef } from '../src/shared/grid/definition.js';

export type PlanRowKind = 'class' | 'category' | 'detail';

export interface BudgetPlanRow extends GridRow {
  readonly rowId: string;
  kind: PlanRowKind;
  /**
   * The code shown and the tree key: a class's expenditure branch (JBZC, RYJF, GYJF, XMZC: never an
   * item code), a category's or detail's item code (a category code met twice, XMYS and XMZC,
   * carries its type the second time).
   */
  code: string;
  parentCode: string | null;
  /** The detail's id; null on a class or category row. */
  id: string | null;
  projectName: string;
  /** Fen. */
  amountBeforeAdjustment: number | null;
  /** Fen. */
  projectAmount: number | null;
}

/** A detail as the plan answers it, amounts in fen. */
export interface PlanDetailInput {
  id: string;
  expendClass: string;
  className: string;
  categoryId: string;
  categoryName: string;
  /** The category's item code. */
  categoryNo: string;
  typeNo: string;
  infoNo: string;
  projectName: string;
  openingFen: number;
  adjustedFen: number;
}

const CLASS_PARENT = new Map<string, string | null>(EXPEND_CLASSES.map((c) => [c.code, c.parent]));
const CLASS_NAME = new Map<string, string>(EXPEND_CLASSES.map((c) => [c.code, c.name]));
const CLASS_BRANCH = new Map<string, string>(EXPEND_CLASSES.map((c) => [c.code, c.branch]));
const branchOf = (code: string) => CLASS_BRANCH.get(code) ?? code;

/** The tree rows of the details (already in class, category, detail order): class and category rows before theirs. */
export function budgetPlanRows(details: readonly PlanDetailInput[]): BudgetPlanRow[] {
  const out: BudgetPlanRow[] = [];
  const classes = new Set<string>();
  const categories = new Map<string, string>();
  const codes = new Set<string>();
  const classRow = (code: string): void => {
    if (classes.has(code)) return;
    const parent = CLASS_PARENT.get(code) ?? null;
    if (parent) classRow(parent);
    classes.add(code);
    out.push({
      rowId: `c:${code}`,
      kind: 'class',
      code: branchOf(code),
      parentCode: parent ? branchOf(parent) : null,
      id: null,
      projectName: CLASS_NAME.get(code) ?? code,
      amountBeforeAdjustment: null,
      projectAmount: null,
    });
  };
  for (const d of details) {
    classRow(d.expendClass);
    let categoryCode = categories.get(d.categoryId);
    if (categoryCode === undefined) {
      // A category without its code (its row missing) still groups its details under its id.
      const own = d.categoryNo || d.categoryId;
      categoryCode = codes.has(own) ? `${own}（${d.typeNo}）` : own;
      codes.add(categoryCode);
      categories.set(d.categoryId, categoryCode);
      out.push({
        rowId: `k:${d.categoryId}`,
        kind: 'category',
        code: categoryCode,
        parentCode: branchOf(d.expendClass),
        id: null,
        projectName: d.categoryName,
        amountBeforeAdjustment: null,
        projectAmount: null,
      });
    }
    out.push({
      rowId: `d:${d.id}`,
      kind: 'detail',
      code: d.infoNo,
      parentCode: categoryCode,
      id: d.id,
      projectName: d.projectName,
      amountBeforeAdjustment: d.openingFen,
      projectAmount: d.adjustedFen,
    });
  }
  return out;
}

/** No detail's budget is negative (the page as the user types, the server's rule too). */
export const noNegativeBudget: GridValidator<BudgetPlanRow> = (rows) =>
  rows.flatMap((r) =>
    r.kind === 'detail' && (r.amountBeforeAdjustment ?? 0) < 0
      ? [{ message: BudgetMessages.amountNegative, rowId: r.rowId, fieldId: 'amountBeforeAdjustment' }]
      : [],
  );

const MONEY_FIELDS = ['amountBeforeAdjustment', 'projectAmount'] as const;

/**
 * A class or category row's amounts as Excel sums of its children's cells (the rows are exported
 * in their order, so a child's sheet row is this row's plus the distance between them).
 */
export function groupSumFormulas(
  rows: readonly BudgetPlanRow[],
  row: BudgetPlanRow,
  cell: (field: string) => string | null,
): Record<string, string> {
  if (row.kind === 'detail') return {};
  const index = rows.findIndex((r) => r.rowId === row.rowId);
  if (index < 0) return {};
  const kids = buildTreeIndex(budgetPlanGrid, rows).childrenOf(index);
  if (kids.length === 0) return {};
  const out: Record<string, string> = {};
  for (const field of MONEY_FIELDS) {
    const at = cell(field);
    const match = at ? /^([A-Z]+)(\d+)$/.exec(at) : null;
    if (!match) continue;
    const [, column, sheetRow] = match;
    out[field] = `SUM(${kids.map((k) => `${column}${Number(sheetRow) + k - index}`).join(',')})`;
  }
  return out;
}

export interface BudgetPlanGridOptions {
  /** Whether opening budgets may be keyed (the plan is draft or returned and the user may edit). */
  editable?: () => boolean;
  /** The rows as exported (for the group sums as formulas). */
  rows?: () => readonly BudgetPlanRow[];
}

const topRows = (r: BudgetPlanRow) => r.parentCode === null;

export function createBudgetPlanGrid(options: BudgetPlanGridOptions = {}): GridDefinition<BudgetPlanRow> {
  const editable = options.editable ?? (() => true);
  const rowsOf = options.rows ?? (() => []);
  const fields: FieldDef<BudgetPlanRow>[] = [
    { id: 'projectName', header: '支出分类 / 类别 / 明细', kind: 'text', editable: false, width: 300, pinned: true },
    { id: 'code', header: '编码', kind: 'text', editable: false, width: 150 },
    {
      id: 'amountBeforeAdjustment',
      header: '调整前预算',
      kind: 'money',
      width: 160,
      editable: (r) => r.kind === 'detail' && editable(),
    },
    { id: 'projectAmount', header: '调整后预算', kind: 'money', width: 160, editable: false },
  ];
  const totals: TotalDef<BudgetPlanRow>[] = [
    {
      id: 'totalBeforeAdjustment',
      label: '合计',
      expression: 'SUM(amountBeforeAdjustment)',
      rows: topRows,
      showUnder: 'amountBeforeAdjustment',
    },
    { id: 'totalAmount', label: '合计', expression: 'SUM(projectAmount)', rows: topRows, showUnder: 'projectAmount' },
  ];
  const definition = {
    id: 'budget-plan',
    title: '预算方案',
    fields,
    tree: { key: 'code', parentKey: 'parentCode', isLeaf: (r) => r.kind === 'detail' },
    derived: [
      { field: 'amountBeforeAdjustment', expression: 'SUM(CHILDREN(amountBeforeAdjustment))' },
      { field: 'projectAmount', expression: 'SUM(CHILDREN(projectAmount))' },
    ],
    totals,
    gridValidators: [noNegativeBudget],
    commands: ['copy', 'paste', 'clearCell', 'editCell', 'cancelEdit', 'undo', 'redo', 'save', 'exportExcel', 'showHelp'],
    allowAddRows: false,
    allowDeleteRows: false,
    strongRow: (r) => r.kind !== 'detail',
    export: {
      sheetName: '预算方案',
      title: '预算方案',
      totalsAsFormulas: true,
      totalsInOneRow: true,
      rowFormulas: (row, cell) => groupSumFormulas(rowsOf(), row as BudgetPlanRow, cell),
    },
  } satisfies GridDefinition<BudgetPlanRow>;
  return Object.freeze(definition);
}

/** The definition as the conformance test walks it. */
export const budgetPlanGrid = createBudgetPlanGrid();
