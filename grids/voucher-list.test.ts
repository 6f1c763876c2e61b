import { describe, expect, it } from 'vitest';
import type { Voucher } from '../src/shared/api/vouchers.js';
import { toVoucherListRow, voucherNo, voucherStatus } from './voucher-list.js';

const voucher = (over: Partial<Voucher> = {}): Voucher => ({
  id: 'v1',
  pzNo: 7,
  entry: '记',
  pzDate: '2026-03-15',
  year: 2026,
  month: 3,
  certificateType: 1,
  certificateTypeName: '记账凭证',
  numberOfDocument: 2,
  financialOfficer: '',
  bookkeeper: '',
  reviewer: '',
  preparedBy: '会计甲',
  cashier: '',
  isShowCashier: false,
  isReview: false,
  isBook: false,
  isCashierSigned: false,
  debitTotal: 1234.5,
  creditTotal: 1234.5,
  revision: 1,
  certiDetails: [
    {
      id: 'l1',
      numberRow: 1,
      summary: '报销差旅费',
      subjectCode: '50101',
      code: '50101',
      codeName: '差旅费',
      codeAndFullName: '50101 职工活动支出-差旅费',
      balanceDirection: 1,
      debitAmount: 1234.5,
      creditAmount: null,
      auxis: [],
      isGovernment: false,
    },
    {
      id: 'l2',
      numberRow: 2,
      summary: '报销差旅费',
      subjectCode: '1002',
      code: '1002',
      codeName: '银行存款',
      codeAndFullName: '1002 银行存款',
      balanceDirection: 1,
      debitAmount: null,
      creditAmount: 1234.5,
      auxis: [],
      isGovernment: false,
    },
  ],
  ...over,
});

describe('voucher list rows', () => {
  it('shows booking before review (spec: booked takes precedence in lists)', () => {
    expect(voucherStatus({ isBook: true, isReview: true })).toBe('已记账');
    expect(voucherStatus({ isBook: false, isReview: true })).toBe('已审核');
    expect(voucherStatus({ isBook: false, isReview: false })).toBe('未审核');
  });

  it('writes the voucher word and a four-digit number', () => {
    expect(voucherNo({ entry: '记', pzNo: 7 })).toBe('记-0007');
    expect(voucherNo({ entry: '调', pzNo: 12345 })).toBe('调-12345');
  });

  it('turns answered yuan into exact fen and lets the first line stand for the voucher', () => {
    expect(toVoucherListRow(voucher({ debitTotal: 99999999999.99, creditTotal: 0.1 }))).toMatchObject({
      rowId: 'v1',
      voucherNo: '记-0007',
      summary: '报销差旅费',
      subject: '50101 职工活动支出-差旅费 等2条',
      debitTotal: 9_999_999_999_999,
      creditTotal: 10,
      numberOfDocument: 2,
      status: '未审核',
    });
  });

  it('refuses an answered amount with more than two decimals rather than rounding it', () => {
    expect(() => toVoucherListRow(voucher({ debitTotal: 1.005 }))).toThrow(RangeError);
  });
});
