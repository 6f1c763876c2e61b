/** What a call that generates vouchers (funds, assets) answers for each one written: its id, period and 记-3 text. */
import type { GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import type { Voucher } from '../../shared/api/vouchers.js';

export function generatedVouchers(vouchers: readonly Voucher[]): GeneratedVoucher[] {
  return vouchers.map((v) => ({
    id: v.id,
    year: v.year,
    month: v.month,
    certificateType: v.certificateType,
    pzNo: v.pzNo,
    text: `${v.entry}-${v.pzNo}`,
  }));
}
