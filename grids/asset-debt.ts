/**
 * 资产负债情况表 (/accounting-management/reports/assets-debt): every asset and liability subject, its opening,
 * debit, credit and ending balance in its own direction, and for the subjects kept by a register the register's
 * figure and the difference that must be 0. Read-only; in the workbook the ending balance and the difference are
 * live formulas of the row, and the totals (first-level assets, first-level liabilities, the differences) are live.
 */
import type { AssetsDebtRow } from '../src/shared/api/schemas/assets-reports.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';

export interface AssetsDebtGridRow extends GridRow {
  readonly rowId: string;
  code: string;
  name: string;
  parentCode: string | null;
  type: number;
  balanceDirection: number;
  openingBalance: number;
  debitOccur: number;
  creditOccur: number;
  endBalance: number;
  register: number | null;
  difference: number | null;
}

export function toAssetsDebtGridRow(r: AssetsDebtRow): AssetsDebtGridRow {
  return {
    rowId: r.code,
    code: r.code,
    name: r.name,
    parentCode: r.parentCode,
    type: r.type,
    balanceDirection: r.balanceDirection,
    openingBalance: fen(r.openingBalance),
    debitOccur: fen(r.debitOccur),
    creditOccur: fen(r.creditOccur),
    endBalance: fen(r.endBalance),
    register: r.register === null ? null : fen(r.register),
    difference: r.difference === null ? null : fen(r.difference),
  };
}

const fields: FieldDef<AssetsDebtGridRow>[] = [
  { id: 'code', header: '科目编码', kind: 'subject', editable: false, width: 110, pinned: true },
  { id: 'name', header: '科目名称', kind: 'text', editable: false, width: 200, pinned: true },
  { id: 'openingBalance', header: '期初余额', kind: 'money', editable: false, width: 130 },
  { id: 'debitOccur', header: '本期借方', kind: 'money', editable: false, width: 130 },
  { id: 'creditOccur', header: '本期贷方', kind: 'money', editable: false, width: 130 },
  { id: 'endBalance', header: '期末余额', kind: 'money', editable: false, width: 130 },
  { id: 'register', header: '资产台账数', kind: 'money', editable: false, width: 130 },
  { id: 'difference', header: '差额', kind: 'money', editable: false, width: 110 },
];

const firstLevel = (type: number) => (r: AssetsDebtGridRow) => r.parentCode === null && r.type === type;

/**
 * The asset and the liability totals are two sums of one column, so neither sits in the screen's 合计 row (it has one
 * cell per column): the page names both beside the grid, the workbook gives each its own labelled row.
 */
const totals: TotalDef<AssetsDebtGridRow>[] = [
  { id: 'assetsEnd', label: '资产期末余额合计', expression: 'SUM(endBalance)', rows: firstLevel(1) },
  { id: 'debtsEnd', label: '负债期末余额合计', expression: 'SUM(endBalance)', rows: firstLevel(2) },
  {
    id: 'differences',
    label: '台账差额合计',
    expression: 'SUM(difference)',
    rows: (r) => r.difference !== null,
    showUnder: 'difference',
  },
];

function rowFormulas(row: GridRow, cell: (fieldId: string) => string | null): Readonly<Record<string, string>> {
  const r = row as AssetsDebtGridRow;
  const [o, d, c] = [cell('openingBalance'), cell('debitOccur'), cell('creditOccur')];
  if (o === null || d === null || c === null) return {};
  const out: Record<string, string> = { endBalance: r.balanceDirection === 2 ? `${o}-${d}+${c}` : `${o}+${d}-${c}` };
  const end = cell('endBalance');
  const register = cell('register');
  if (r.register !== null && end !== null && register !== null) out.difference = `${end}-${register}`;
  return out;
}

export const assetsDebtGrid: GridDefinition<AssetsDebtGridRow> = Object.freeze({
  id: 'assets-debt',
  title: '资产负债情况表',
  fields,
  tree: { key: 'code', parentKey: 'parentCode' },
  totals,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '资产负债情况表', title: '资产负债情况表', totalsAsFormulas: true, rowFormulas },
} satisfies GridDefinition<AssetsDebtGridRow>);
