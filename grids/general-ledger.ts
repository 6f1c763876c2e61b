/**
 * The general ledger (总账, /accounting-management/books/generalledger): for each subject the
 * months of the range, each with its opening, the month's debit and credit, the year to date and
 * the closing, balances with their side (借/贷/平). Read-only; the server computes every figure
 * from the monthly balances (src/server/books/general-ledger.ts). A double-click on a month opens
 * that subject's detail ledger for the month.
 */
import type { GeneralLedgerRow } from '../src/shared/api/books.js';
import type { FieldDef, GridDefinition, GridRow } from '../src/shared/grid/definition.js';

export interface GeneralLedgerGridRow extends GridRow {
  /** code#month */
  readonly rowId: string;
  code: string;
  codeName: string;
  month: number;
  period: string;
  openingDirection: string;
  openingBalance: number;
  debit: number;
  credit: number;
  yearDebit: number;
  yearCredit: number;
  closingDirection: string;
  closingBalance: number;
}

const SIDE = { 0: '平', 1: '借', 2: '贷' } as const;

export function toGeneralLedgerGridRow(r: GeneralLedgerRow, year: number): GeneralLedgerGridRow {
  return {
    rowId: `${r.code}#${r.month}`,
    code: r.code,
    codeName: r.codeName,
    month: r.month,
    period: `${year}-${String(r.month).padStart(2, '0')}`,
    openingDirection: SIDE[r.initialDirection],
    openingBalance: r.initialBalance,
    debit: r.debitOccur,
    credit: r.creditOccur,
    yearDebit: r.debitGrandTotal,
    yearCredit: r.creditGrandTotal,
    closingDirection: SIDE[r.endDirection],
    closingBalance: r.endBalance,
  };
}

/** The month row's subject and month (from its row id). */
export function generalLedgerRowKey(rowId: string): { code: string; month: number } | null {
  const m = /^(.+)#(\d{1,2})$/.exec(rowId);
  return m ? { code: m[1] as string, month: Number(m[2]) } : null;
}

const money = (id: keyof GeneralLedgerGridRow & string, header: string, group: string, exportHeader: string) =>
  ({
    id,
    header,
    kind: 'money',
    editable: false,
    width: 130,
    group,
    export: { header: exportHeader },
  }) satisfies FieldDef<GeneralLedgerGridRow>;

const side = (id: keyof GeneralLedgerGridRow & string, group: string, exportHeader: string) =>
  ({
    id,
    header: '方向',
    kind: 'text',
    editable: false,
    width: 56,
    group,
    export: { header: exportHeader },
  }) satisfies FieldDef<GeneralLedgerGridRow>;

// Field ids differ from group ids: AG Grid would rename a column that shares its group's id.
export const generalLedgerGrid = Object.freeze({
  id: 'general-ledger',
  title: '总账',
  fields: [
    { id: 'code', header: '科目编码', kind: 'subject', editable: false, width: 100, pinned: true },
    { id: 'codeName', header: '科目名称', kind: 'text', editable: false, width: 180, pinned: true },
    { id: 'period', header: '期间', kind: 'text', editable: false, width: 90, pinned: true },
    side('openingDirection', 'opening', '期初方向'),
    money('openingBalance', '余额', 'opening', '期初余额'),
    money('debit', '借方', 'period', '本期借方'),
    money('credit', '贷方', 'period', '本期贷方'),
    money('yearDebit', '借方', 'year', '本年累计借方'),
    money('yearCredit', '贷方', 'year', '本年累计贷方'),
    side('closingDirection', 'closing', '期末方向'),
    money('closingBalance', '余额', 'closing', '期末余额'),
  ],
  groups: [
    { id: 'opening', header: '期初余额' },
    { id: 'period', header: '本期发生额' },
    { id: 'year', header: '本年累计发生额' },
    { id: 'closing', header: '期末余额' },
  ],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '总账', title: '总账', totalsAsFormulas: false },
} satisfies GridDefinition<GeneralLedgerGridRow>);
