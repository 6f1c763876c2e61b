import { describe, expect, it } from 'vitest';
import type { Voucher, VoucherLine } from '../../shared/api/vouchers.js';
import { printVouchersOf } from './from-voucher.js';
import { slipsOf } from './print-model.js';

const line = (n: number, code: string, debit: number | null, credit: number | null, isGovernment = false): VoucherLine => ({
  id: `l${n}`,
  numberRow: n,
  summary: '购买办公用品',
  subjectCode: code,
  code,
  codeName: code,
  codeAndFullName: `${code} 科目${code}`,
  balanceDirection: debit === null ? 2 : 1,
  debitAmount: debit,
  creditAmount: credit,
  auxis: n === 1 ? [{ typeNo: 'BM', infoNo: '001', infoName: '办公室' }] : [],
  isGovernment,
});

const voucher = (lines: VoucherLine[]): Voucher => ({
  id: 'v1',
  pzNo: 3,
  entry: '记',
  pzDate: '2026-03-10',
  year: 2026,
  month: 3,
  certificateType: 1,
  certificateTypeName: '记账凭证',
  numberOfDocument: 1,
  financialOfficer: '',
  bookkeeper: '',
  reviewer: '',
  preparedBy: '赵会计',
  cashier: '',
  isShowCashier: false,
  isReview: false,
  isBook: false,
  isCashierSigned: false,
  debitTotal: 0,
  creditTotal: 0,
  revision: 1,
  certiDetails: lines,
});

describe('a voucher as printed', () => {
  it('turns yuan into fen exactly and names auxiliary items after the subject', () => {
    const [printed] = printVouchersOf(voucher([line(1, '501', 1234.56, null), line(2, '101', null, 1234.56)]), '工会');
    expect(printed!.lines).toEqual([
      { summary: '购买办公用品', subject: '501 科目501（办公室）', debit: 123_456, credit: 0 },
      { summary: '购买办公用品', subject: '101 科目101', debit: 0, credit: 123_456 },
    ]);
    expect(slipsOf(printed!, 5)[0]!.totalLabel).toBe('合计：壹仟贰佰叁拾肆元伍角陆分');
  });

  it('prints a two-table voucher as two parts, each with its own total', () => {
    const parts = printVouchersOf(
      voucher([
        line(1, '501', 100, null),
        line(2, '101', null, 100),
        line(3, '7201', 100, null, true),
        line(4, '8001', null, 100, true),
      ]),
      '工会',
    );
    expect(parts.map((p) => [p.part, p.lines.length])).toEqual([
      ['财务会计', 2],
      ['预算会计', 2],
    ]);
    expect(slipsOf(parts[1]!, 5)[0]!.totalLabel).toBe('预算会计合计：壹佰元整');
  });
});
