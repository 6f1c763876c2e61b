/**
 * A voucher as the API answers it (yuan, subject full names, auxiliary names) to what the
 * printed page shows (fen). A two-table voucher prints as two parts, financial accounting then
 * budget accounting, each with its own total, since each side balances on its own.
 */
import type { Voucher, VoucherLine } from '../../shared/api/vouchers.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import type { PrintLine, PrintVoucher } from './print-model.js';

function fen(yuan: number | null): number {
  if (yuan === null) return 0;
  const result = yuanToFen(yuan);
  if (!result.ok) throw new Error(`凭证金额无效: ${yuan}`);
  return result.fen;
}

function printLine(line: VoucherLine): PrintLine {
  const auxis = line.auxis.map((a) => a.infoName || a.infoNo).filter((s) => s !== '');
  return {
    summary: line.summary,
    subject: auxis.length > 0 ? `${line.codeAndFullName}（${auxis.join('、')}）` : line.codeAndFullName,
    debit: fen(line.debitAmount),
    credit: fen(line.creditAmount),
  };
}

export function printVouchersOf(voucher: Voucher, unitName: string): PrintVoucher[] {
  const base = {
    unitName,
    entry: voucher.entry,
    pzNo: voucher.pzNo,
    pzDate: voucher.pzDate,
    numberOfDocument: voucher.numberOfDocument,
    financialOfficer: voucher.financialOfficer,
    bookkeeper: voucher.bookkeeper,
    reviewer: voucher.reviewer,
    preparedBy: voucher.preparedBy,
    cashier: voucher.cashier,
  };
  const budget = voucher.certiDetails.filter((l) => l.isGovernment);
  if (budget.length === 0) return [{ ...base, lines: voucher.certiDetails.map(printLine) }];
  const financial = voucher.certiDetails.filter((l) => !l.isGovernment);
  return [
    { ...base, part: '财务会计', lines: financial.map(printLine) },
    { ...base, part: '预算会计', lines: budget.map(printLine) },
  ];
}
