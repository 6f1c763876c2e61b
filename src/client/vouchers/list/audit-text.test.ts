import { describe, expect, it } from 'vitest';
import type { Voucher, VoucherAuditEntry, VoucherLine } from '../../../shared/api/vouchers.js';
import { fieldChanges, lineChanges } from '../../../shared/vouchers/audit-diff.js';
import { entryTexts } from './audit-text.js';

const line = (id: string, numberRow: number, over: Partial<VoucherLine> = {}): VoucherLine => ({
  id,
  numberRow,
  summary: '收会费',
  subjectCode: '101',
  code: '101',
  codeName: '库存现金',
  codeAndFullName: '101 库存现金',
  balanceDirection: 1,
  debitAmount: 1234.5,
  creditAmount: null,
  auxis: [],
  isGovernment: false,
  ...over,
});

const voucher = (lines: VoucherLine[], over: Partial<Voucher> = {}): Voucher =>
  ({
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
    preparedBy: '李会计',
    cashier: '',
    isShowCashier: true,
    isReview: false,
    isBook: false,
    isCashierSigned: false,
    debitTotal: 1234.5,
    creditTotal: 1234.5,
    certiDetails: lines,
    revision: 1,
    ...over,
  }) satisfies Voucher;

const entry = (action: VoucherAuditEntry['action'], before: Voucher | null, after: Voucher | null): VoucherAuditEntry => ({
  action,
  userName: '李会计',
  at: 0,
  before,
  after,
  fieldChanges: fieldChanges(before, after),
  lineChanges: lineChanges(before, after),
});

describe('the audit trail in words', () => {
  it('says which lines a modification added, changed and removed, from old to new', () => {
    const before = voucher([
      line('a', 1),
      line('b', 2, { subjectCode: '401', codeAndFullName: '401 会费收入', debitAmount: null, creditAmount: 1234.5 }),
    ]);
    const after = voucher(
      [
        line('a', 1, { debitAmount: 1000 }),
        line('c', 2, {
          summary: '收利息',
          subjectCode: '401',
          codeAndFullName: '401 会费收入',
          debitAmount: null,
          creditAmount: 1000,
        }),
      ],
      { pzDate: '2026-03-11', debitTotal: 1000, creditTotal: 1000 },
    );
    expect(entryTexts(entry('modify', before, after))).toEqual([
      '日期：2026-03-10 → 2026-03-11',
      '借方合计：1,234.50 → 1,000.00',
      '贷方合计：1,234.50 → 1,000.00',
      '修改第1行：借方 1,234.50 → 1,000.00',
      '新增第2行：收利息 401 会费收入 贷 1,000.00',
      '删除第2行：收会费 401 会费收入 贷 1,234.50',
    ]);
  });

  it('a renumbering says the number, a review only its action, a creation its lines', () => {
    const v = voucher([line('a', 1, { auxis: [{ typeNo: 'BM', infoNo: '01', infoName: '办公室' }] })]);
    expect(entryTexts(entry('renumber', v, { ...v, pzNo: 2, revision: 2 }))).toEqual(['凭证号：3 → 2']);
    expect(entryTexts(entry('review', v, { ...v, isReview: true, reviewer: '王审核', revision: 2 }))).toEqual([]);
    expect(entryTexts(entry('create', null, v))).toEqual(['第1行：收会费 101 库存现金 借 1,234.50 [办公室]']);
  });
});
