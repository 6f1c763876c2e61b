/**
 * The rows of the budget execution report (预算执行表) and of the expenditure warnings (支出预警),
 * built from the details with their spent (server/budget/execution.ts, the one reading of spent).
 *
 * What must stay true:
 * - every detail of the answer is in exactly one category, and every category in exactly one class,
 *   so a subtotal is the sum of the details below it and the total the sum of the top rows;
 * - remaining = adjusted budget − spent on every row, subtotals included (spent + remaining =
 *   adjusted, always);
 * - the execution rate is spent / adjusted in hundredths of a percent, rounded half away from zero
 *   as Excel's ROUND does, so the exported formula recalculates to the figure on screen.
 *
 * The classes form a tree: 001 基本支出 holds its own categories (branch JBZC) and 00101 人员经费 /
 * 00102 公用经费; 002 项目支出 holds its categories and the project budgets' (XMYS / XMZC, which
 * carry no class of their own).
 */
import { EXPEND_CLASSES, PROJECT_AUXI_TYPES, classOfBranch, type ExpendClass } from './classes.js';
import { CONTROL_FORBID, CONTROL_WARN, executionPpm } from './control.js';

export interface ExecutionCategoryInput {
  id: string;
  auxiType: string;
  name: string;
  /** The category's item code. */
  infoNo: string;
  expendClass: string | null;
}

export interface ExecutionDetailInput {
  id: string;
  /** Its category (budget_category.id). */
  typeId: string;
  auxiType: string;
  typeNo: string;
  infoNo: string;
  name: string;
  expendClass: string | null;
  /** Fen. */
  opening: number;
  adjusted: number;
  spent: number;
  control: number;
  warnPpm: number;
}

export type ExecutionRowKind = 'class' | 'category' | 'detail';

export interface ExecutionRow {
  kind: ExecutionRowKind;
  /** 0 for the answer's top rows. */
  depth: number;
  /** The class code, the category's or the detail's item code. */
  code: string;
  name: string;
  classCode: ExpendClass;
  /** The category of a category or detail row. */
  typeId: string | null;
  /** The detail (budget_project.id) of a detail row. */
  budgetId: string | null;
  /** Fen. */
  opening: number;
  adjusted: number;
  spent: number;
  remaining: number;
  /** Spent / adjusted in hundredths of a percent; null without a budget. */
  rateHundredths: number | null;
  /** A detail's control (0 / 2 / 3) and warning threshold (ppm); null on subtotals. */
  control: number | null;
  warnPpm: number | null;
}

export interface ExecutionFilter {
  /** A class: its rows and those of its sub-classes. */
  expendClass?: string;
  /** A category: its row and its details. */
  typeId?: string;
}

export const CONTROL_NAMES: Readonly<Record<number, string>> = {
  0: '不控制',
  [CONTROL_WARN]: '超预算预警',
  [CONTROL_FORBID]: '禁止超预算',
};

export function controlName(control: number | null): string {
  return control === null ? '' : (CONTROL_NAMES[control] ?? '不控制');
}

/** Spent / budget in hundredths of a percent, half away from zero (Excel's ROUND); null without a budget. */
export function rateHundredths(spentFen: number, budgetFen: number): number | null {
  if (budgetFen <= 0) return null;
  const scaled = BigInt(spentFen) * 10_000n;
  const budget = BigInt(budgetFen);
  const abs = scaled < 0n ? -scaled : scaled;
  const rounded = (abs * 2n + budget) / (budget * 2n);
  return Number(scaled < 0n ? -rounded : rounded);
}

/** '85.25' for 8525 hundredths; '' without a rate. */
export function rateText(hundredths: number | null): string {
  if (hundredths === null) return '';
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const KNOWN_CLASSES = new Set<string>(EXPEND_CLASSES.map((c) => c.code));
const PROJECT_TYPES = new Set<string>(PROJECT_AUXI_TYPES);

/** The class a category (or a detail without one) is reported under. */
export function reportClassOf(expendClass: string | null, auxiType: string): ExpendClass {
  if (expendClass !== null && KNOWN_CLASSES.has(expendClass)) return expendClass as ExpendClass;
  if (PROJECT_TYPES.has(auxiType)) return '002';
  return classOfBranch(auxiType) ?? '002';
}

interface CategoryBlock {
  category: ExecutionCategoryInput;
  details: ExecutionDetailInput[];
}

function sums(rows: readonly { opening: number; adjusted: number; spent: number }[]) {
  let opening = 0;
  let adjusted = 0;
  let spent = 0;
  for (const r of rows) {
    opening += r.opening;
    adjusted += r.adjusted;
    spent += r.spent;
  }
  return { opening, adjusted, spent, remaining: adjusted - spent, rateHundredths: rateHundredths(spent, adjusted) };
}

function detailRow(d: ExecutionDetailInput, classCode: ExpendClass, depth: number): ExecutionRow {
  return {
    kind: 'detail',
    depth,
    code: d.infoNo,
    name: d.name,
    classCode,
    typeId: d.typeId,
    budgetId: d.id,
    opening: d.opening,
    adjusted: d.adjusted,
    spent: d.spent,
    remaining: d.adjusted - d.spent,
    rateHundredths: rateHundredths(d.spent, d.adjusted),
    control: d.control,
    warnPpm: d.warnPpm,
  };
}

function categoryRows(block: CategoryBlock, classCode: ExpendClass, depth: number): ExecutionRow[] {
  const details = block.details.map((d) => detailRow(d, classCode, depth + 1));
  return [
    {
      kind: 'category',
      depth,
      code: block.category.infoNo,
      name: block.category.name,
      classCode,
      typeId: block.category.id,
      budgetId: null,
      ...sums(details),
      control: null,
      warnPpm: null,
    },
    ...details,
  ];
}

/**
 * The report's rows in order: each class row followed by its categories (each followed by its
 * details) and its sub-classes; classes without categories are left out. The filter narrows the
 * answer to a class's or a category's block, whose first row is then at depth 0.
 */
export function executionRows(
  categories: readonly ExecutionCategoryInput[],
  details: readonly ExecutionDetailInput[],
  filter: ExecutionFilter = {},
): ExecutionRow[] {
  const blocks = new Map<string, CategoryBlock>();
  for (const c of categories) blocks.set(c.id, { category: c, details: [] });
  for (const d of details) {
    let block = blocks.get(d.typeId);
    if (!block) {
      // A detail whose category is gone still counts: it shows under 未分类 of its class.
      const classCode = reportClassOf(d.expendClass, d.auxiType);
      const id = `unfiled:${classCode}`;
      block = blocks.get(id);
      if (!block) {
        block = { category: { id, auxiType: d.auxiType, name: '未分类', infoNo: '', expendClass: classCode }, details: [] };
        blocks.set(id, block);
      }
    }
    block.details.push(d);
  }
  const classOfBlock = (b: CategoryBlock) => reportClassOf(b.category.expendClass, b.category.auxiType);

  if (filter.typeId !== undefined) {
    const block = blocks.get(filter.typeId);
    return block ? categoryRows(block, classOfBlock(block), 0) : [];
  }

  const classRows = (code: ExpendClass, depth: number): ExecutionRow[] => {
    const own = [...blocks.values()].filter((b) => classOfBlock(b) === code).flatMap((b) => categoryRows(b, code, depth + 1));
    const subs = EXPEND_CLASSES.filter((c) => c.parent === code).flatMap((c) => classRows(c.code, depth + 1));
    const below = [...own, ...subs];
    if (below.length === 0) return [];
    const name = EXPEND_CLASSES.find((c) => c.code === code)?.name ?? code;
    const children = below.filter((r) => r.depth === depth + 1);
    return [
      {
        kind: 'class',
        depth,
        code,
        name,
        classCode: code,
        typeId: null,
        budgetId: null,
        ...sums(children),
        control: null,
        warnPpm: null,
      },
      ...below,
    ];
  };

  if (filter.expendClass !== undefined) {
    return KNOWN_CLASSES.has(filter.expendClass) ? classRows(filter.expendClass as ExpendClass, 0) : [];
  }
  return EXPEND_CLASSES.filter((c) => c.parent === null).flatMap((c) => classRows(c.code, 0));
}

/** The answer's total: the sum of its top rows. */
export function executionTotal(rows: readonly ExecutionRow[]) {
  return sums(rows.filter((r) => r.depth === 0));
}

/**
 * 支出预警: the details whose execution reached their warning threshold or that are past their
 * budget (spent beyond an adjusted budget of nothing included), worst first: the highest rate,
 * a spend without budget above all, then the largest overrun, then by code.
 */
export function warningRows(details: readonly ExecutionRow[]): ExecutionRow[] {
  const warned = details.filter((r) => {
    if (r.kind !== 'detail') return false;
    if (r.spent > r.adjusted) return true;
    const ppm = executionPpm(r.spent, r.adjusted);
    return ppm !== null && r.warnPpm !== null && ppm >= r.warnPpm;
  });
  const severity = (r: ExecutionRow) => (r.adjusted > 0 ? (executionPpm(r.spent, r.adjusted) ?? 0) : Number.POSITIVE_INFINITY);
  return warned.sort(
    (a, b) =>
      severity(b) - severity(a) ||
      b.spent - b.adjusted - (a.spent - a.adjusted) ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
