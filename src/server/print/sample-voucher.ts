/** A two-line voucher for the print tests. */
import type { PrintVoucher } from './print-model.js';

export const SAMPLE_VOUCHER: PrintVoucher = {
  unitName: '示范市第一机械厂工会',
  entry: '记',
  pzNo: 12,
  pzDate: '2026-03-15',
  numberOfDocument: 3,
  lines: [
    { summary: '支付职工教育培训费', subject: '50101 职工活动支出-职工教育支出', debit: 123_456, credit: 0 },
    { summary: '支付职工教育培训费', subject: '10201 银行存款-基本户', debit: 0, credit: 123_456 },
  ],
  financialOfficer: '张主管',
  bookkeeper: '李记账',
  reviewer: '王审核',
  preparedBy: '赵会计',
  cashier: '钱出纳',
};
