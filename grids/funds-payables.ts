/**
 * What is still payable up and down per funds unit (上下级经费往来, /funds-management/
 * funds-payables): the 211 应付上级经费 and 212 应付下级经费 figures by the 经费单位 item over a
 * range: opening, accrued (credit), remitted (debit) and closing, positive while owed. Read-only;
 * the totals add every column and go to Excel as live formulas (src/server/funds/payables.ts
 * computes the figures).
 */
import type { FundsPayableRow } from '../src/shared/api/schemas/funds-reports.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';

export interface FundsPayablesGridRow extends GridRow {
  /** The unit's code, or '' for the balances without one. */
  readonly rowId: string;
  unitCode: string;
  unitName: string;
  superiorOpening: number;
  superiorCredit: number;
  superiorDebit: number;
  superiorClosing: number;
  lowerOpening: number;
  lowerCredit: number;
  lowerDebit: number;
  lowerClosing: number;
}

export function toFundsPayablesGridRow(r: FundsPayableRow): FundsPayablesGridRow {
  return {
    rowId: r.unitCode ?? '',
    unitCode: r.unitCode ?? '',
    unitName: r.unitName,
    superiorOpening: fen(r.superior.opening),
    superiorCredit: fen(r.superior.credit),
    superiorDebit: fen(r.superior.debit),
    superiorClosing: fen(r.superior.closing),
    lowerOpening: fen(r.lower.opening),
    lowerCredit: fen(r.lower.credit),
    lowerDebit: fen(r.lower.debit),
    lowerClosing: fen(r.lower.closing),
  };
}

const MONEY: readonly { id: keyof FundsPayablesGridRow & string; header: string; group: string; exportHeader: string }[] = [
  { id: 'superiorOpening', header: '期初应付', group: 'superior', exportHeader: '应付上级期初' },
  { id: 'superiorCredit', header: '本期应付', group: 'superior', exportHeader: '应付上级本期应付' },
  { id: 'superiorDebit', header: '本期已上解', group: 'superior', exportHeader: '应付上级本期已上解' },
  { id: 'superiorClosing', header: '期末未上解', group: 'superior', exportHeader: '应付上级期末未上解' },
  { id: 'lowerOpening', header: '期初应付', group: 'lower', exportHeader: '应付下级期初' },
  { id: 'lowerCredit', header: '本期应付', group: 'lower', exportHeader: '应付下级本期应付' },
  { id: 'lowerDebit', header: '本期已转拨', group: 'lower', exportHeader: '应付下级本期已转拨' },
  { id: 'lowerClosing', header: '期末未转拨', group: 'lower', exportHeader: '应付下级期末未转拨' },
];

const fields: FieldDef<FundsPayablesGridRow>[] = [
  { id: 'unitCode', header: '单位编码', kind: 'text', editable: false, width: 100, pinned: true },
  { id: 'unitName', header: '经费单位', kind: 'text', editable: false, width: 180, pinned: true },
  ...MONEY.map((m): FieldDef<FundsPayablesGridRow> => ({
    id: m.id,
    header: m.header,
    kind: 'money',
    editable: false,
    width: 120,
    group: m.group,
    export: { header: m.exportHeader },
  })),
];

const totals: TotalDef<FundsPayablesGridRow>[] = MONEY.map((m) => ({
  id: `sum_${m.id}`,
  label: `${m.exportHeader}合计`,
  expression: `SUM(${m.id})`,
  showUnder: m.id,
}));

export const fundsPayablesGrid: GridDefinition<FundsPayablesGridRow> = Object.freeze({
  id: 'funds-payables',
  title: '上下级经费往来',
  fields,
  groups: [
    { id: 'superior', header: '应付上级经费（211）' },
    { id: 'lower', header: '应付下级经费（212）' },
  ],
  totals,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '上下级经费往来', title: '上下级经费往来', totalsAsFormulas: true, totalsInOneRow: true },
} satisfies GridDefinition<FundsPayablesGridRow>);
