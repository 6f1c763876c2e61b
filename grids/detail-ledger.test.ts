import { describe, expect, it } from 'vitest';
import type { DetailLedgerRow } from '../src/shared/api/books.js';
import { detailLedgerGridAuxi, toDetailLedgerGridRows } from './detail-ledger.js';

const base: Omit<DetailLedgerRow, 'kind' | 'debit' | 'credit'> = {
  month: 2,
  date: '2026-02-03',
  voucherId: null,
  voucherNo: '',
  summary: '',
  subjectCode: '101',
  auxiKey: '',
  auxiNames: '',
  direction: 1,
  balance: 100,
};

describe('detail ledger rows', () => {
  it('leaves the other side of a line and an opening row’s turnover empty, keeps totals, names the side', () => {
    const rows = toDetailLedgerGridRows(
      [
        { ...base, kind: 'opening', debit: 0, credit: 0, direction: 0, balance: 0 },
        { ...base, kind: 'line', voucherId: 'v1', debit: 0, credit: 350, direction: 2 },
        { ...base, kind: 'monthTotal', debit: 0, credit: 350 },
      ],
      3,
    );
    expect(rows.map((r) => [r.kind, r.debit, r.credit, r.direction])).toEqual([
      ['opening', null, null, '平'],
      ['line', null, 350, '贷'],
      ['monthTotal', 0, 350, '借'],
    ]);
    // Ids stay unique across pages and repeated vouchers.
    expect(new Set(rows.map((r) => r.rowId)).size).toBe(3);
    expect(rows[1]?.rowId).toBe('v1#3#1');
  });

  it('sets an item’s heading and the month’s and year’s totals in bold, as the export and the print do', () => {
    const kinds = ['item', 'opening', 'line', 'monthTotal', 'yearTotal'] as const;
    const rows = toDetailLedgerGridRows(
      kinds.map((kind) => ({ ...base, kind, debit: 1, credit: 0 })),
      1,
    );
    expect(rows.filter((r) => detailLedgerGridAuxi.strongRow(r)).map((r) => r.kind)).toEqual(['item', 'monthTotal', 'yearTotal']);
  });
});
