/**
 * The budget execution report (预算执行表, /budget-management/budget-execution): each class and
 * category subtotal followed by what it holds, down to the details, with the opening and adjusted
 * budgets, spent, remaining and the execution rate. Read-only; the server computes every figure
 * (src/server/budget/report.ts) and the grid shows them.
 *
 * The workbook recalculates: on every row the remaining (adjusted − spent) and the rate
 * (ROUND(spent / adjusted × 100, 2), left empty without a budget) are live formulas; a category's
 * budgets and spent are the SUM of its details below it, a class's the SUMIF of the 明细 rows of
 * its block, and the total row sums the top rows. The rate is held in hundredths of a percent, so
 * it shows and exports with two decimals as money does.
 */
import type { BudgetExecutionRow } from '../src/shared/api/schemas/budget-reports.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';

export const ROW_KIND_TEXT = { class: '分类', category: '类别', detail: '明细' } as const;

export interface BudgetExecutionGridRow extends GridRow {
  readonly rowId: string;
  rowKind: string;
  code: string;
  name: string;
  controlName: string;
  amountBeforeAdjustment: number;
  projectAmount: number;
  spent: number;
  remaining: number;
  /** Hundredths of a percent (8525 = 85.25%); null without a budget. */
  executionRate: number | null;
  /** Not columns: the row's place in the tree and what it drills to. */
  kind: BudgetExecutionRow['kind'];
  depth: number;
  /** Rows after this one that belong to it (its block). */
  span: number;
  budgetId: string | null;
}

/** The answer's rows (yuan) as the grid holds them (fen), each with the size of its block. */
export function toBudgetExecutionGridRows(rows: readonly BudgetExecutionRow[]): BudgetExecutionGridRow[] {
  return rows.map((r, i) => {
    let end = i + 1;
    while (end < rows.length && (rows[end]?.depth ?? 0) > r.depth) end++;
    return {
      rowId: r.budgetId ?? (r.kind === 'class' ? `class:${r.code}` : `category:${r.typeId ?? r.code}`),
      rowKind: ROW_KIND_TEXT[r.kind],
      code: r.code,
      name: `${'　'.repeat(r.depth)}${r.name}`,
      controlName: r.controlName,
      amountBeforeAdjustment: fen(r.amountBeforeAdjustment),
      projectAmount: fen(r.projectAmount),
      spent: fen(r.spent),
      remaining: fen(r.remaining),
      executionRate: r.executionHundredths,
      kind: r.kind,
      depth: r.depth,
      span: end - i - 1,
      budgetId: r.budgetId,
    };
  });
}

const SUMMED = ['amountBeforeAdjustment', 'projectAmount', 'spent'] as const;

/** Column letters and sheet row of an address such as 'G12'. */
function splitAddress(address: string | null): { col: string; row: number } | null {
  const m = address === null ? null : /^([A-Z]+)(\d+)$/.exec(address);
  return m ? { col: m[1] ?? '', row: Number(m[2]) } : null;
}

function rowFormulas(row: GridRow, cell: (fieldId: string) => string | null): Readonly<Record<string, string>> {
  const r = row as BudgetExecutionGridRow;
  const out: Record<string, string> = {};
  const adjusted = cell('projectAmount');
  const spent = cell('spent');
  if (adjusted === null || spent === null) return out;
  out.remaining = `${adjusted}-${spent}`;
  if (r.projectAmount > 0) out.executionRate = `ROUND(${spent}/${adjusted}*100,2)`;
  const kindCell = splitAddress(cell('rowKind'));
  if (r.kind === 'detail' || r.span === 0 || !kindCell) return out;
  const first = kindCell.row + 1;
  const last = kindCell.row + r.span;
  for (const id of SUMMED) {
    const at = splitAddress(cell(id));
    if (!at) continue;
    out[id] =
      r.kind === 'category'
        ? `SUM(${at.col}${first}:${at.col}${last})`
        : `SUMIF(${kindCell.col}${first}:${kindCell.col}${last},"${ROW_KIND_TEXT.detail}",${at.col}${first}:${at.col}${last})`;
  }
  return out;
}

const money = (id: keyof BudgetExecutionGridRow & string, header: string, width = 120): FieldDef<BudgetExecutionGridRow> => ({
  id,
  header,
  kind: 'money',
  editable: false,
  width,
});

const fields: FieldDef<BudgetExecutionGridRow>[] = [
  { id: 'rowKind', header: '类型', kind: 'text', editable: false, width: 60, pinned: true },
  { id: 'code', header: '编码', kind: 'text', editable: false, width: 110, pinned: true },
  { id: 'name', header: '名称', kind: 'text', editable: false, width: 200, pinned: true },
  { id: 'controlName', header: '控制方式', kind: 'text', editable: false, width: 100 },
  money('amountBeforeAdjustment', '调整前预算'),
  money('projectAmount', '调整后预算'),
  money('spent', '已执行'),
  money('remaining', '预算余额'),
  money('executionRate', '执行率(%)', 90),
];

const topRows = (row: BudgetExecutionGridRow) => row.depth === 0;

const totals: TotalDef<BudgetExecutionGridRow>[] = (
  ['amountBeforeAdjustment', 'projectAmount', 'spent', 'remaining'] as const
).map((id) => ({ id: `sum_${id}`, label: '合计', expression: `SUM(${id})`, rows: topRows, showUnder: id }));

export const budgetExecutionGrid: GridDefinition<BudgetExecutionGridRow> = Object.freeze({
  id: 'budget-execution',
  title: '预算执行表',
  fields,
  totals,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  strongRow: (row: BudgetExecutionGridRow) => row.kind !== 'detail',
  export: { sheetName: '预算执行表', title: '预算执行表', totalsAsFormulas: true, totalsInOneRow: true, rowFormulas },
} satisfies GridDefinition<BudgetExecutionGridRow>);
