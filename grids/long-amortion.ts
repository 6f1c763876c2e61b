/**
 * 长期待摊费用 (181, /fixed-assets/fixed-assets/long-amortion): the items (spec "Long-term amortisation item": matter,
 * departmentName, payOutAmount, amortizedTotal, unamortizedAmount, amortionServiceLife, payOutDate, remark, state),
 * read-only on the one editor; the page adds, edits and deletes through its dialog (right-click 新增行 / 编辑 / 删除行).
 * The month's amortisation detail (amortionDetailGrid) is the page's lower grid and the server's export workbook
 * (Paths.amortionExport): its totals are live SUM formulas, names are text cells (never formulas).
 */
import type { AmortionDetailRow, LongAmortionItem } from '../src/shared/api/schemas/assets-long.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { moneyFields, sumTotals, type MoneyColumn } from './money-columns.js';

export interface LongAmortionGridRow extends GridRow {
  readonly rowId: string;
  matter: string;
  departmentName: string;
  payOutAmount: number;
  amortizedTotal: number;
  unamortizedAmount: number;
  amortionServiceLife: number;
  payOutDate: string;
  remark: string;
  /** 未审核, 已审核, 已审核 记-3 (its addition voucher), 期初. */
  state: string;
}

export function longStateText(r: LongAmortionItem): string {
  const review = r.isReview ? '已审核' : '未审核';
  const origin = r.isInit ? '（期初）' : r.voucherId ? ` ${r.voucherText}` : '';
  return `${review}${origin}`;
}

export function toLongAmortionGridRow(r: LongAmortionItem): LongAmortionGridRow {
  return {
    rowId: r.id,
    matter: r.matter,
    departmentName: r.departmentName,
    payOutAmount: fen(r.payOutAmount),
    amortizedTotal: fen(r.amortizedTotal),
    unamortizedAmount: fen(r.unamortizedAmount),
    amortionServiceLife: r.amortionServiceLife,
    payOutDate: r.payOutDate,
    remark: r.remark,
    state: longStateText(r),
  };
}

const ITEM_MONEY: readonly MoneyColumn<LongAmortionGridRow>[] = [
  { id: 'payOutAmount', header: '支出金额' },
  { id: 'amortizedTotal', header: '累计已摊销' },
  { id: 'unamortizedAmount', header: '未摊销金额' },
];

const itemFields: FieldDef<LongAmortionGridRow>[] = [
  { id: 'matter', header: '摊销事项', kind: 'text', editable: false, width: 200, pinned: true },
  { id: 'departmentName', header: '部门', kind: 'text', editable: false, width: 110 },
  ...moneyFields(ITEM_MONEY, { blankZero: true }),
  { id: 'amortionServiceLife', header: '摊销期限(月)', kind: 'integer', editable: false, width: 100 },
  { id: 'payOutDate', header: '支出日期', kind: 'date', editable: false, width: 100 },
  { id: 'remark', header: '备注', kind: 'text', editable: false, width: 160 },
  { id: 'state', header: '状态', kind: 'text', editable: false, width: 130 },
];

const itemTotals: TotalDef<LongAmortionGridRow>[] = sumTotals(ITEM_MONEY);

export const longAmortionGrid: GridDefinition<LongAmortionGridRow> = Object.freeze({
  id: 'long-amortion',
  title: '长期待摊费用',
  fields: itemFields,
  totals: itemTotals,
  commands: ['insertRowAfter', 'editCell', 'deleteRow', 'copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '长期待摊费用', title: '长期待摊费用', totalsAsFormulas: true, totalsInOneRow: true },
} satisfies GridDefinition<LongAmortionGridRow>);

export interface AmortionDetailGridRow extends GridRow {
  readonly rowId: string;
  matter: string;
  departmentName: string;
  accruedStage: string;
  payOutAmount: number;
  amountThisAmortization: number;
  totalAmortization: number;
  voucherText: string;
}

export function toAmortionDetailGridRow(r: AmortionDetailRow): AmortionDetailGridRow {
  return {
    rowId: `${r.itemId}:${r.accruedStage}`,
    matter: r.matter,
    departmentName: r.departmentName,
    accruedStage: r.accruedStage,
    payOutAmount: fen(r.payOutAmount),
    amountThisAmortization: fen(r.amountThisAmortization),
    totalAmortization: fen(r.totalAmortization),
    voucherText: r.voucherText,
  };
}

const DETAIL_MONEY: readonly MoneyColumn<AmortionDetailGridRow>[] = [
  { id: 'payOutAmount', header: '支出金额' },
  { id: 'amountThisAmortization', header: '本月摊销' },
  { id: 'totalAmortization', header: '累计摊销' },
];

const detailFields: FieldDef<AmortionDetailGridRow>[] = [
  { id: 'matter', header: '摊销事项', kind: 'text', editable: false, width: 200, pinned: true },
  { id: 'departmentName', header: '部门', kind: 'text', editable: false, width: 110 },
  { id: 'accruedStage', header: '计提期间', kind: 'text', editable: false, width: 90 },
  ...moneyFields(DETAIL_MONEY),
  { id: 'voucherText', header: '凭证字号', kind: 'text', editable: false, width: 100 },
];

const detailTotals: TotalDef<AmortionDetailGridRow>[] = sumTotals(DETAIL_MONEY);

export const amortionDetailGrid: GridDefinition<AmortionDetailGridRow> = Object.freeze({
  id: 'amortion-detail',
  title: '长期待摊费用摊销明细',
  fields: detailFields,
  totals: detailTotals,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: {
    sheetName: '摊销明细',
    title: '长期待摊费用摊销明细表',
    totalsAsFormulas: true,
    totalsInOneRow: true,
  },
} satisfies GridDefinition<AmortionDetailGridRow>);
