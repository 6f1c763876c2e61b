/**
 * The control rules grid (规则设置, /budget-management/guize-shezhi): one row per budget detail of
 * the year with its class, category and adjusted budget (read-only), its control (spec: 2 warn on
 * overrun, 3 forbid; or none) and the execution percentage from which 支出预警 warns. Keyed or
 * pasted like any grid; saved as a whole.
 */
import { BudgetMessages } from '../src/shared/budget/messages.js';
import { CONTROL_FORBID, CONTROL_NONE, CONTROL_WARN } from '../src/shared/budget/control.js';
import type { GridDefinition, GridRow, GridValidator } from '../src/shared/grid/definition.js';

export interface BudgetRuleRow extends GridRow {
  readonly rowId: string;
  id: string;
  className: string;
  categoryName: string;
  projectName: string;
  /** Fen. */
  projectAmount: number;
  controlStatus: number | null;
  /** Hundredths of a percent (80% = 8000): the money kind parses and shows two decimals exactly. */
  warnPercent: number | null;
}

export const CONTROL_OPTIONS = [
  { value: CONTROL_NONE, label: '不控制' },
  { value: CONTROL_WARN, label: '超预算预警' },
  { value: CONTROL_FORBID, label: '禁止超预算' },
] as const;

/** Every row has a control and a threshold of 1–100 % (the server's rule too). */
export const rulesComplete: GridValidator<BudgetRuleRow> = (rows) =>
  rows.flatMap((r) => {
    const issues = [];
    if (r.controlStatus === null)
      issues.push({ message: BudgetMessages.controlStatusInvalid, rowId: r.rowId, fieldId: 'controlStatus' });
    if (r.warnPercent === null || r.warnPercent < 100 || r.warnPercent > 10_000)
      issues.push({ message: BudgetMessages.warnPercentRange, rowId: r.rowId, fieldId: 'warnPercent' });
    return issues;
  });

export const budgetRulesGrid = Object.freeze({
  id: 'budget-rules',
  title: '预算控制规则',
  fields: [
    { id: 'className', header: '支出分类', kind: 'text', editable: false, width: 110 },
    { id: 'categoryName', header: '类别', kind: 'text', editable: false, width: 150 },
    { id: 'projectName', header: '明细', kind: 'text', editable: false, width: 220, pinned: true },
    { id: 'projectAmount', header: '调整后预算', kind: 'money', editable: false, width: 140 },
    { id: 'controlStatus', header: '控制方式', kind: 'select', options: CONTROL_OPTIONS, width: 130 },
    { id: 'warnPercent', header: '预警比例(%)', kind: 'money', capFen: 10_000, width: 110 },
  ],
  gridValidators: [rulesComplete],
  commands: ['copy', 'paste', 'clearCell', 'editCell', 'cancelEdit', 'undo', 'redo', 'save', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '预算控制规则', title: '预算控制规则', totalsAsFormulas: false },
} satisfies GridDefinition<BudgetRuleRow>);
