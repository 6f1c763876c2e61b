/**
 * The remittance register (经费上解台账, /funds-management/funds-register): one row per receipt
 * of the funds-entry grid with its unit, period, the shares it was split into and its voucher.
 * Read-only; the totals add every money column and go to Excel as live formulas. The server
 * computes every figure (src/server/funds/register.ts); the grid shows them.
 */
import type { FundsRegisterRow } from '../src/shared/api/schemas/funds-reports.js';
import { SHARE_LABELS } from '../src/shared/funds/ratios.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { moneyFields, sumTotals, type MoneyColumn } from './money-columns.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';

export const NOT_GENERATED = '未生成';

export interface FundsRegisterGridRow extends GridRow {
  /** The receipt's id. */
  readonly rowId: string;
  period: string;
  unitCode: string;
  unitName: string;
  paidOn: string;
  summary: string | null;
  amount: number;
  retained: number;
  superiorOne: number;
  superiorTwo: number;
  lower: number;
  preparatory: number;
  smallBusiness: number;
  collectionFee: number;
  /** 记-0003, or 未生成 (never generated, or its voucher deleted). */
  voucherNo: string;
  voucherId: string | null;
}

/** A row of the answer (yuan) as the grid holds it (fen). */
export function toFundsRegisterGridRow(r: FundsRegisterRow): FundsRegisterGridRow {
  return {
    rowId: r.id,
    period: `${r.year}-${String(r.month).padStart(2, '0')}`,
    unitCode: r.unitCode,
    unitName: r.unitName,
    paidOn: r.paidOn,
    summary: r.summary,
    amount: fen(r.amount),
    retained: fen(r.retained),
    superiorOne: fen(r.superiorOne),
    superiorTwo: fen(r.superiorTwo),
    lower: fen(r.lower),
    preparatory: fen(r.preparatory),
    smallBusiness: fen(r.smallBusiness),
    collectionFee: fen(r.collectionFee),
    voucherNo: r.voucherNo ?? NOT_GENERATED,
    voucherId: r.voucherId,
  };
}

const MONEY: readonly MoneyColumn<FundsRegisterGridRow>[] = [
  { id: 'amount', header: '上解经费' },
  { id: 'retained', header: SHARE_LABELS.retained },
  { id: 'superiorOne', header: SHARE_LABELS.superiorOne },
  { id: 'superiorTwo', header: SHARE_LABELS.superiorTwo },
  { id: 'lower', header: SHARE_LABELS.lower },
  { id: 'preparatory', header: SHARE_LABELS.preparatory },
  { id: 'smallBusiness', header: SHARE_LABELS.smallBusiness },
  { id: 'collectionFee', header: SHARE_LABELS.collectionFee },
];

const fields: FieldDef<FundsRegisterGridRow>[] = [
  { id: 'period', header: '期间', kind: 'text', editable: false, width: 80, pinned: true },
  { id: 'unitCode', header: '单位编码', kind: 'text', editable: false, width: 100, pinned: true },
  { id: 'unitName', header: '经费单位', kind: 'text', editable: false, width: 180, pinned: true },
  { id: 'voucherNo', header: '凭证字号', kind: 'text', editable: false, width: 100 },
  { id: 'paidOn', header: '缴款日期', kind: 'date', editable: false, width: 100 },
  { id: 'summary', header: '摘要', kind: 'text', editable: false, width: 160 },
  ...moneyFields(MONEY, { blankZero: true }),
];

const totals: TotalDef<FundsRegisterGridRow>[] = sumTotals(MONEY);

export const fundsRegisterGrid: GridDefinition<FundsRegisterGridRow> = Object.freeze({
  id: 'funds-register',
  title: '经费上解台账',
  fields,
  totals,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '经费上解台账', title: '经费上解台账', totalsAsFormulas: true, totalsInOneRow: true },
} satisfies GridDefinition<FundsRegisterGridRow>);
