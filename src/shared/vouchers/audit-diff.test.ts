import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Voucher, VoucherLine } from '../api/vouchers.js';
import { fieldChanges, lineChanges } from './audit-diff.js';

const line = (id: string, numberRow: number, over: Partial<VoucherLine> = {}): VoucherLine => ({
  id,
  numberRow,
  summary: '收会费',
  subjectCode: '101',
  code: '101',
  codeName: '库存现金',
  codeAndFullName: '101 库存现金',
  balanceDirection: 1,
  debitAmount: 100,
  creditAmount: null,
  auxis: [],
  isGovernment: false,
  ...over,
});

const voucher = (lines: VoucherLine[], over: Partial<Voucher> = {}): Voucher => ({
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
  debitTotal: 100,
  creditTotal: 100,
  certiDetails: lines,
  revision: 1,
  ...over,
});

describe('what a voucher change changed', () => {
  it('matches lines by id: added, changed (only the fields that differ), removed; a moved line is no change', () => {
    const before = voucher([line('a', 1), line('b', 2, { summary: '旧' }), line('c', 3)]);
    const after = voucher([
      line('n', 1, { subjectCode: '102' }),
      line('a', 2),
      line('b', 3, { summary: '新', auxis: [{ typeNo: 'BM', infoNo: '01', infoName: '办公室' }] }),
    ]);
    const changes = lineChanges(before, after);
    expect(changes.map((c) => [c.kind, c.id, c.fields])).toEqual([
      ['added', 'n', ['summary', 'subjectCode', 'debitAmount', 'creditAmount', 'auxis']],
      ['changed', 'b', ['summary', 'auxis']],
      ['removed', 'c', ['summary', 'subjectCode', 'debitAmount', 'creditAmount', 'auxis']],
    ]);
    expect(changes[1]).toMatchObject({ before: { summary: '旧' }, after: { summary: '新' } });
    expect(changes[2]?.after).toBeNull();
  });

  it('a creation adds every line, a deletion removes every line, and header fields compare one by one', () => {
    const v = voucher([line('a', 1), line('b', 2)]);
    expect(lineChanges(null, v).map((c) => c.kind)).toEqual(['added', 'added']);
    expect(lineChanges(v, null).map((c) => c.kind)).toEqual(['removed', 'removed']);
    expect(fieldChanges(v, { ...v, pzNo: 2, isReview: true, revision: 5 })).toEqual([
      { field: 'pzNo', before: 3, after: 2 },
      { field: 'isReview', before: false, after: true },
    ]);
    expect(fieldChanges(null, v)).toEqual([]);
  });

  it('applying the changes to the lines before gives the lines after, for any edit by ids', () => {
    const lines = fc.uniqueArray(
      fc.record({
        id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
        summary: fc.constantFrom('x', 'y'),
        debit: fc.integer({ min: 1, max: 3 }),
      }),
      { selector: (l) => l.id, maxLength: 6 },
    );
    fc.assert(
      fc.property(lines, lines, (old, now) => {
        const toLines = (list: typeof old) => list.map((l, i) => line(l.id, i + 1, { summary: l.summary, debitAmount: l.debit }));
        const changes = lineChanges(voucher(toLines(old)), voucher(toLines(now)));
        const replayed = new Map(toLines(old).map((l) => [l.id, l]));
        for (const c of changes) {
          if (c.kind === 'removed') replayed.delete(c.id);
          else if (c.after) replayed.set(c.id, c.after);
        }
        const strip = (l: VoucherLine) => [l.id, l.summary, l.debitAmount];
        expect([...replayed.values()].map(strip).sort()).toEqual(toLines(now).map(strip).sort());
        // Nothing is reported for a line that is the same in both.
        for (const c of changes.filter((x) => x.kind === 'changed')) expect(c.fields.length).toBeGreaterThan(0);
      }),
    );
  });
});
