import { describe, expect, it } from 'vitest';
import type { Voucher } from '../../shared/api/vouchers.js';
import { blankVoucherRow, type VoucherLineRow } from '../../../grids/voucher.js';
import { clearDraft, draftKey, readDraft, writeDraft, type VoucherDraftState } from './voucher-draft.js';
import {
  auxiNamesOf,
  auxiText,
  headFromVoucher,
  rowsFromVoucher,
  saveRequestOf,
  savedRefOf,
  serverIssuesOnRows,
  tablesFromVoucher,
  type VoucherHead,
} from './voucher-rows.js';

const HEAD: VoucherHead = {
  year: 2026,
  month: 3,
  certificateType: 1,
  pzNo: 4,
  pzDate: '2026-03-10',
  numberOfDocument: '2',
  financialOfficer: '',
  bookkeeper: '',
  reviewer: '',
  preparedBy: '李会计',
  cashier: '',
};

const line = (rowId: string, values: Partial<VoucherLineRow> = {}): VoucherLineRow => ({ ...blankVoucherRow(rowId), ...values });

const VOUCHER: Voucher = {
  id: 'v1',
  pzNo: 7,
  entry: '记',
  pzDate: '2026-03-05',
  year: 2026,
  month: 3,
  certificateType: 1,
  certificateTypeName: '记账凭证',
  numberOfDocument: 1,
  financialOfficer: '',
  bookkeeper: '',
  reviewer: '王审核',
  preparedBy: '李会计',
  cashier: '',
  isShowCashier: false,
  isReview: true,
  isBook: false,
  isCashierSigned: false,
  debitTotal: 1234.5,
  creditTotal: 1234.5,
  revision: 3,
  certiDetails: [
    {
      id: 'l2',
      numberRow: 2,
      summary: '收款',
      subjectCode: '1001',
      code: '1001',
      codeName: '库存现金',
      codeAndFullName: '1001 库存现金',
      balanceDirection: 1,
      debitAmount: null,
      creditAmount: 1234.5,
      auxis: [],
      isGovernment: false,
    },
    {
      id: 'l1',
      numberRow: 1,
      summary: '收款',
      subjectCode: '5001',
      code: '5001',
      codeName: '支出',
      codeAndFullName: '5001 支出',
      balanceDirection: 1,
      debitAmount: 1234.5,
      creditAmount: null,
      auxis: [{ typeNo: 'ZJLY', infoNo: '01', infoName: '财政拨款' }],
      isGovernment: false,
    },
  ],
};

describe('a saved voucher in the editor', () => {
  it('becomes rows in line order, amounts in fen, each line keeping its id so it can be split, padded to 6', () => {
    let n = 0;
    const rows = rowsFromVoucher(VOUCHER, () => `p${++n}`);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({
      rowId: 'l1',
      originalId: 'l1',
      parentId: null,
      summary: '收款',
      subjectCode: '5001',
      auxis: 'ZJLY:01',
      debitAmount: 123450,
      creditAmount: null,
    });
    expect(rows[1]).toMatchObject({ rowId: 'l2', originalId: 'l2', creditAmount: 123450 });
    expect(rows[2]).toMatchObject({ originalId: null, summary: null });
    expect(auxiText('ZJLY:01', auxiNamesOf(VOUCHER))).toBe('财政拨款');
    expect(headFromVoucher(VOUCHER)).toMatchObject({ pzNo: 7, reviewer: '王审核', numberOfDocument: '1' });
  });

  it('splits a two-table voucher into its financial and its budget lines', () => {
    const budget = { ...VOUCHER.certiDetails[0]!, id: 'l3', numberRow: 3, isGovernment: true };
    let n = 0;
    const tables = tablesFromVoucher({ ...VOUCHER, certiDetails: [...VOUCHER.certiDetails, budget] }, true, () => `p${++n}`);
    expect(tables.map((t) => t.filter((r) => r.originalId).map((r) => r.rowId))).toEqual([['l1', 'l2'], ['l3']]);
    expect(tables.every((t) => t.length === 6)).toBe(true);
    expect(tablesFromVoucher(VOUCHER, false, () => `q${++n}`)).toHaveLength(1);
  });
});

describe('the save request', () => {
  it('sends the non-blank lines in order with yuan amounts, line ids of saved lines, and the old key when modifying', () => {
    const rows = [
      line('a', { originalId: 'l1', summary: ' 收款 ', subjectCode: '1001', debitAmount: 123450 }),
      line('b'),
      line('c', { summary: '收款', subjectCode: '5001', creditAmount: 123450, auxis: 'ZJLY:01' }),
    ];
    const request = saveRequestOf(HEAD, rows, savedRefOf(VOUCHER));
    expect(request.certiDetails).toEqual([
      { id: 'l1', summary: '收款', subjectCode: '1001', debitAmount: 1234.5, creditAmount: null, auxis: [] },
      {
        summary: '收款',
        subjectCode: '5001',
        debitAmount: null,
        creditAmount: 1234.5,
        auxis: [{ typeNo: 'ZJLY', infoNo: '01' }],
      },
    ]);
    expect(request).toMatchObject({ year: 2026, month: 3, pzDate: '2026-03-10', numberOfDocument: 2, preparedBy: '李会计' });
    // A modification names the voucher by id and the revision loaded, with the number it showed.
    expect(request).toMatchObject({ id: 'v1', revision: 3, oldDate: '2026-03-05', oldPzNo: 7, oldCertificateType: 1 });
    const created = saveRequestOf(HEAD, rows, null);
    for (const key of ['id', 'revision', 'oldPzNo']) expect(created).not.toHaveProperty(key);
  });

  it('puts the server 4003 issues (line numbers among the lines sent) back on the rows', () => {
    const rows = [line('a', { summary: 'x' }), line('b'), line('c', { summary: 'y' })];
    expect(
      serverIssuesOnRows(
        [{ message: 'm2', rowId: '2', fieldId: 'subjectCode' }, { message: 'whole' }, { message: 'gone', rowId: '9' }],
        rows,
      ),
    ).toEqual([{ message: 'm2', rowId: 'c', fieldId: 'subjectCode' }, { message: 'whole' }, { message: 'gone' }]);
  });
});

class MemoryStorage {
  items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

describe('the local draft', () => {
  it('is kept per user, ledger set and year, read back, and cleared', () => {
    const storage = new MemoryStorage();
    const key = draftKey('kuaiji', 2, 2026);
    expect(key).not.toBe(draftKey('kuaiji', 3, 2026));
    expect(key).not.toBe(draftKey('shenhe', 2, 2026));
    expect(key).not.toBe(draftKey('kuaiji', 2, 2025));
    const draft: VoucherDraftState = {
      head: HEAD,
      tables: [[line('a', { summary: '收款', debitAmount: 100 })]],
      saved: null,
      auxiNames: [],
      at: 1,
    };
    writeDraft(storage, key, draft);
    expect(readDraft(storage, key)).toEqual(draft);
    clearDraft(storage, key);
    expect(readDraft(storage, key)).toBeNull();
  });

  it('drops a draft it cannot read (an older format, a broken write)', () => {
    const storage = new MemoryStorage();
    storage.setItem('k', '{"head":{},"tables":[[{"rowId":"a","debitAmount":"12.5"}]],"auxiNames":[],"at":1}');
    expect(readDraft(storage, 'k')).toBeNull();
    expect(storage.getItem('k')).toBeNull();
    storage.setItem('k', '{broken');
    expect(readDraft(storage, 'k')).toBeNull();
  });
});
