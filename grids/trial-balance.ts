/**
 * The trial balance (科目余额表, /accounting-management/reports/trial-balance): one row per
 * subject with its opening, period, year-to-date and closing amounts, each on its debit or credit
 * side. Read-only; the totals add each listed amount once (a parent already holds its children:
 * the listed rows no listed row is an ancestor of, src/shared/books/counted-once.ts), financial
 * side only, and go to Excel as live formulas. The server computes every figure from the monthly
 * balances (src/server/books); the grid shows them.
 */
import type { TrialBalanceRow } from '../src/shared/api/books.js';
import { countedOnce } from '../src/shared/books/counted-once.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';

export interface TrialBalanceGridRow extends GridRow {
  /** The subject code. */
  readonly rowId: string;
  code: string;
  codeName: string;
  parentCode: string | null;
  isGovernment: boolean;
  openingDebit: number;
  openingCredit: number;
  periodDebit: number;
  periodCredit: number;
  yearDebit: number;
  yearCredit: number;
  closingDebit: number;
  closingCredit: number;
  /** Whether the totals add this row (no listed row is its ancestor); absent: whether it is first-level. */
  counted?: boolean;
}

/** The listed rows of an answer, each marked whether the totals add it. */
export function toTrialBalanceGridRows(rows: readonly TrialBalanceRow[]): TrialBalanceGridRow[] {
  const counted = countedOnce(rows);
  return rows.map((r, i) => ({ ...toTrialBalanceGridRow(r), counted: counted[i] === true }));
}

/** One row; counted as a first-level row (toTrialBalanceGridRows marks a filtered list's rows). */
export function toTrialBalanceGridRow(r: TrialBalanceRow): TrialBalanceGridRow {
  return {
    rowId: r.code,
    code: r.code,
    codeName: r.codeName,
    parentCode: r.parentCode,
    isGovernment: r.isGovernment,
    openingDebit: r.initialDirection === 1 ? r.initialBalance : 0,
    openingCredit: r.initialDirection === 2 ? r.initialBalance : 0,
    periodDebit: r.debitOccur,
    periodCredit: r.creditOccur,
    yearDebit: r.debitGrandTotal,
    yearCredit: r.creditGrandTotal,
    closingDebit: r.endDirection === 1 ? r.endBalance : 0,
    closingCredit: r.endDirection === 2 ? r.endBalance : 0,
    counted: r.parentCode === null,
  };
}

const MONEY: readonly { id: keyof TrialBalanceGridRow & string; header: string; group: string; exportHeader: string }[] = [
  { id: 'openingDebit', header: '借方', group: 'opening', exportHeader: '期初借方' },
  { id: 'openingCredit', header: '贷方', group: 'opening', exportHeader: '期初贷方' },
  { id: 'periodDebit', header: '借方', group: 'period', exportHeader: '本期借方' },
  { id: 'periodCredit', header: '贷方', group: 'period', exportHeader: '本期贷方' },
  { id: 'yearDebit', header: '借方', group: 'year', exportHeader: '本年累计借方' },
  { id: 'yearCredit', header: '贷方', group: 'year', exportHeader: '本年累计贷方' },
  { id: 'closingDebit', header: '借方', group: 'closing', exportHeader: '期末借方' },
  { id: 'closingCredit', header: '贷方', group: 'closing', exportHeader: '期末贷方' },
];

// Budget subjects (预算会计) are a parallel set of books: the financial side's totals leave them out.
const countedFinancial = (r: TrialBalanceGridRow) => (r.counted ?? r.parentCode === null) && !r.isGovernment;

const fields: FieldDef<TrialBalanceGridRow>[] = [
  { id: 'code', header: '科目编码', kind: 'subject', editable: false, width: 110, pinned: true },
  { id: 'codeName', header: '科目名称', kind: 'text', editable: false, width: 200, pinned: true },
  ...MONEY.map((m): FieldDef<TrialBalanceGridRow> => ({
    id: m.id,
    header: m.header,
    kind: 'money',
    editable: false,
    width: 130,
    group: m.group,
    export: { header: m.exportHeader },
  })),
];

const totals: TotalDef<TrialBalanceGridRow>[] = MONEY.map((m) => ({
  id: `sum_${m.id}`,
  label: `${m.exportHeader}合计`,
  expression: `SUM(${m.id})`,
  rows: countedFinancial,
  showUnder: m.id,
}));

export const trialBalanceGrid: GridDefinition<TrialBalanceGridRow> = Object.freeze({
  id: 'trial-balance',
  title: '科目余额表',
  fields,
  groups: [
    { id: 'opening', header: '期初余额' },
    { id: 'period', header: '本期发生额' },
    { id: 'year', header: '本年累计发生额' },
    { id: 'closing', header: '期末余额' },
  ],
  tree: { key: 'code', parentKey: 'parentCode' },
  totals,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '科目余额表', title: '科目余额表', totalsAsFormulas: true, totalsInOneRow: true },
} satisfies GridDefinition<TrialBalanceGridRow>);
