/**
 * The income and expense statement (收入支出表, /accounting-management/reports/income-expense) as the
 * form prints it: 项目 | 行次 | 本月数 | 本年累计数 (annual report: 本年数 | 上年数), one grid row per
 * body row. Read-only: every figure, totals included, is the server's evaluation of the form.
 */
import type { ReportResponse } from '../src/shared/api/reports.js';
import type { FieldDef, GridDefinition, GridRow } from '../src/shared/grid/definition.js';
import { figureOf, indentedName, reportRows } from './balance-sheet.js';

export interface IncomeExpenseGridRow extends GridRow {
  readonly rowId: string;
  name: string;
  no: number | null;
  current: number | null;
  cumulative: number | null;
}

export function toIncomeExpenseRows(report: ReportResponse): IncomeExpenseGridRow[] {
  const [current, cumulative] = report.columns.map((c) => c.id);
  return [...reportRows(report)].map(([row, { left }]) => ({
    rowId: `r${row}`,
    name: indentedName(left),
    no: left?.no ?? null,
    current: figureOf(left, current),
    cumulative: figureOf(left, cumulative),
  }));
}

function definition(id: string, currentHeader: string, cumulativeHeader: string): GridDefinition<IncomeExpenseGridRow> {
  const fields: FieldDef<IncomeExpenseGridRow>[] = [
    { id: 'name', header: '项目', kind: 'text', editable: false, width: 320 },
    { id: 'no', header: '行次', kind: 'integer', editable: false, width: 60 },
    { id: 'current', header: currentHeader, kind: 'money', editable: false, width: 160 },
    { id: 'cumulative', header: cumulativeHeader, kind: 'money', editable: false, width: 160 },
  ];
  return Object.freeze({
    id,
    title: '收入支出表',
    fields,
    commands: ['copy', 'exportExcel', 'showHelp'],
    allowAddRows: false,
    allowDeleteRows: false,
    export: { sheetName: '收入支出表', title: '收入支出表', totalsAsFormulas: true },
  } satisfies GridDefinition<IncomeExpenseGridRow>);
}

/** Monthly and quarterly reports: 本月数, 本年累计数. */
export const incomeExpenseGrid = definition('income-expense', '本月数', '本年累计数');
/** The annual report: 本年数, 上年数. */
export const incomeExpenseGridAnnual = definition('income-expense-annual', '本年数', '上年数');
