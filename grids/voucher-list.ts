/**
 * The voucher list (凭证管理, /accounting-management/voucher-management/voucherList): one row per
 * voucher, read-only; the page selects rows for batch review, booking, signing and deletion, and
 * a double-click opens the voucher. Status shows booking before review (spec: in lists booked
 * takes precedence over reviewed).
 */
import type { Voucher } from '../src/shared/api/vouchers.js';
import type { GridDefinition, GridRow } from '../src/shared/grid/definition.js';
import { yuanToFen } from '../src/shared/vouchers/amounts.js';

export interface VoucherListRow extends GridRow {
  /** The voucher's id. */
  readonly rowId: string;
  pzDate: string;
  /** Voucher word and number, e.g. 记-0003. */
  voucherNo: string;
  summary: string;
  subject: string;
  /** Fen. */
  debitTotal: number;
  creditTotal: number;
  numberOfDocument: number;
  preparedBy: string;
  reviewer: string;
  status: string;
}

export const VOUCHER_STATUS = { booked: '已记账', reviewed: '已审核', unreviewed: '未审核' } as const;

export function voucherStatus(v: Pick<Voucher, 'isBook' | 'isReview'>): string {
  if (v.isBook) return VOUCHER_STATUS.booked;
  return v.isReview ? VOUCHER_STATUS.reviewed : VOUCHER_STATUS.unreviewed;
}

export function voucherNo(v: Pick<Voucher, 'entry' | 'pzNo'>): string {
  return `${v.entry}-${String(v.pzNo).padStart(4, '0')}`;
}

/** An answered yuan amount in fen (the server only sends valid ones; a bad one is a bug, not input). */
function fenOf(yuan: number): number {
  const result = yuanToFen(yuan);
  if (!result.ok) throw new RangeError(`金额无效: ${yuan}`);
  return result.fen;
}

/** A voucher as a list row: the first line's summary and subject stand for the voucher. */
export function toVoucherListRow(v: Voucher): VoucherListRow {
  const first = v.certiDetails[0];
  const more = v.certiDetails.length > 1 ? ` 等${v.certiDetails.length}条` : '';
  return {
    rowId: v.id,
    pzDate: v.pzDate,
    voucherNo: voucherNo(v),
    summary: first?.summary ?? '',
    subject: first ? `${first.codeAndFullName}${more}` : '',
    debitTotal: fenOf(v.debitTotal),
    creditTotal: fenOf(v.creditTotal),
    numberOfDocument: v.numberOfDocument,
    preparedBy: v.preparedBy,
    reviewer: v.reviewer,
    status: voucherStatus(v),
  };
}

export const voucherListGrid = Object.freeze({
  id: 'voucher-list',
  title: '凭证列表',
  fields: [
    { id: 'pzDate', header: '日期', kind: 'date', editable: false, width: 110, pinned: true },
    { id: 'voucherNo', header: '凭证字号', kind: 'text', editable: false, width: 100, pinned: true },
    { id: 'summary', header: '摘要', kind: 'text', editable: false, width: 220 },
    { id: 'subject', header: '科目', kind: 'text', editable: false, width: 260 },
    { id: 'debitTotal', header: '借方金额', kind: 'money', editable: false, width: 140 },
    { id: 'creditTotal', header: '贷方金额', kind: 'money', editable: false, width: 140 },
    { id: 'numberOfDocument', header: '附件数', kind: 'integer', editable: false, width: 70 },
    { id: 'preparedBy', header: '制单人', kind: 'text', editable: false, width: 90 },
    { id: 'reviewer', header: '审核人', kind: 'text', editable: false, width: 90 },
    { id: 'status', header: '状态', kind: 'text', editable: false, width: 80 },
  ],
  totals: [
    { id: 'debitSum', label: '借方合计', expression: 'SUM(debitTotal)', showUnder: 'debitTotal' },
    { id: 'creditSum', label: '贷方合计', expression: 'SUM(creditTotal)', showUnder: 'creditTotal' },
  ],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '凭证列表', title: '凭证列表', totalsAsFormulas: true },
} satisfies GridDefinition<VoucherListRow>);
