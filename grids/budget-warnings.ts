/**
 * 支出预警 (/budget-management/zhichu-yujing): the details of the approved plan whose execution
 * reached their warning threshold or passed their budget, worst first (src/shared/budget/
 * execution-rows.ts warningRows), with their control. Read-only; in the workbook the remaining and
 * the rate are live formulas of the row, as in the execution report.
 */
import type { BudgetWarningRow } from '../src/shared/api/schemas/budget-reports.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow } from '../src/shared/grid/definition.js';

export interface BudgetWarningGridRow extends GridRow {
  /** The detail's id. */
  readonly rowId: string;
  code: string;
  name: string;
  className: string;
  categoryName: string;
  controlName: string;
  projectAmount: number;
  spent: number;
  remaining: number;
  /** Hundredths of a percent; null without a budget (spent with none: past it). */
  executionRate: number | null;
  /** The warning threshold in hundredths of a percent (8000 = 80%). */
  warnPercent: number;
  overBudget: string;
}

export function toBudgetWarningGridRow(r: BudgetWarningRow): BudgetWarningGridRow {
  return {
    rowId: r.budgetId,
    code: r.code,
    name: r.name,
    className: r.className,
    categoryName: r.categoryName,
    controlName: r.controlName,
    projectAmount: fen(r.projectAmount),
    spent: fen(r.spent),
    remaining: fen(r.remaining),
    executionRate: r.executionHundredths,
    warnPercent: fen(Number(r.warnPercent)),
    overBudget: r.overBudget ? '已超预算' : '达到预警',
  };
}

const fields: FieldDef<BudgetWarningGridRow>[] = [
  { id: 'code', header: '编码', kind: 'text', editable: false, width: 110, pinned: true },
  { id: 'name', header: '名称', kind: 'text', editable: false, width: 180, pinned: true },
  { id: 'className', header: '支出分类', kind: 'text', editable: false, width: 90 },
  { id: 'categoryName', header: '类别', kind: 'text', editable: false, width: 120 },
  { id: 'controlName', header: '控制方式', kind: 'text', editable: false, width: 100 },
  { id: 'projectAmount', header: '调整后预算', kind: 'money', editable: false, width: 120 },
  { id: 'spent', header: '已执行', kind: 'money', editable: false, width: 120 },
  { id: 'remaining', header: '预算余额', kind: 'money', editable: false, width: 120 },
  { id: 'executionRate', header: '执行率(%)', kind: 'money', editable: false, width: 90 },
  { id: 'warnPercent', header: '预警阈值(%)', kind: 'money', editable: false, width: 90 },
  { id: 'overBudget', header: '预警', kind: 'text', editable: false, width: 90 },
];

function rowFormulas(row: GridRow, cell: (fieldId: string) => string | null): Readonly<Record<string, string>> {
  const adjusted = cell('projectAmount');
  const spent = cell('spent');
  if (adjusted === null || spent === null) return {};
  const out: Record<string, string> = { remaining: `${adjusted}-${spent}` };
  if ((row as BudgetWarningGridRow).projectAmount > 0) out.executionRate = `ROUND(${spent}/${adjusted}*100,2)`;
  return out;
}

export const budgetWarningsGrid: GridDefinition<BudgetWarningGridRow> = Object.freeze({
  id: 'budget-warnings',
  title: '支出预警',
  fields,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '支出预警', title: '支出预警', totalsAsFormulas: true, rowFormulas },
} satisfies GridDefinition<BudgetWarningGridRow>);
