/**
 * What a printed voucher shows, independent of where it was read from, and how a voucher with
 * more lines than a slip holds is split over several slips (第k/n张): each slip carries its share
 * of the lines; the totals (合计 with the amount in capitals) are printed on the last slip, the
 * others carry 过次页 with the running total. Amounts are integer fen.
 */
import { amountToChineseCapitals } from '../../../formulas/chinese-capitals.js';

export interface PrintLine {
  summary: string;
  /** Code and full name, with auxiliary items. */
  subject: string;
  debit: number;
  credit: number;
}

export interface PrintVoucher {
  unitName: string;
  /** Voucher word (记, 收, 付, 转). */
  entry: string;
  pzNo: number;
  /** yyyy-MM-dd */
  pzDate: string;
  numberOfDocument: number;
  lines: PrintLine[];
  financialOfficer: string;
  bookkeeper: string;
  reviewer: string;
  preparedBy: string;
  cashier: string;
  /** Part of a two-table voucher (财务会计 or 预算会计), printed before 合计; absent otherwise. */
  part?: string;
}

export interface Slip {
  voucher: PrintVoucher;
  lines: PrintLine[];
  /** 1-based slip number within the voucher, and how many slips it has. */
  index: number;
  count: number;
  /** Label of the total row: 合计：<capitals> on the last slip, 过次页 before it. */
  totalLabel: string;
  /** Totals of the lines up to and including this slip (the voucher's on the last). */
  debitTotal: number;
  creditTotal: number;
}

export const VOUCHER_TITLE = '记账凭证';

export function slipsOf(voucher: PrintVoucher, rowsPerSlip: number): Slip[] {
  const count = Math.max(1, Math.ceil(voucher.lines.length / rowsPerSlip));
  const slips: Slip[] = [];
  let debitTotal = 0;
  let creditTotal = 0;
  for (let index = 1; index <= count; index++) {
    const lines = voucher.lines.slice((index - 1) * rowsPerSlip, index * rowsPerSlip);
    for (const line of lines) {
      debitTotal += line.debit;
      creditTotal += line.credit;
    }
    const last = index === count;
    slips.push({
      voucher,
      lines,
      index,
      count,
      totalLabel: last ? `${voucher.part ?? ''}合计：${amountToChineseCapitals(debitTotal)}` : '过次页',
      debitTotal,
      creditTotal,
    });
  }
  return slips;
}

/** The number as printed: 记字第 0012 号 (four digits, as the paper forms are numbered). */
export function numberLabel(voucher: PrintVoucher, slip: Pick<Slip, 'index' | 'count'>): string {
  const no = `${voucher.entry}字第 ${String(voucher.pzNo).padStart(4, '0')} 号`;
  return slip.count > 1 ? `${no}（${slip.index}/${slip.count}）` : no;
}

/** yyyy-MM-dd as 2026年03月15日. */
export function dateLabel(pzDate: string): string {
  const [y, m, d] = pzDate.split('-');
  return `${y}年${m}月${d}日`;
}
