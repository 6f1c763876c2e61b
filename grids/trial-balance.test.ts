import { describe, expect, it } from 'vitest';
import type { TrialBalanceRow } from '../src/shared/api/books.js';
import { toTrialBalanceGridRow } from './trial-balance.js';

const row: TrialBalanceRow = {
  code: '101',
  codeName: '库存现金',
  level: 1,
  parentCode: null,
  lastLevel: true,
  isGovernment: false,
  initialBalance: 5_000,
  initialDirection: 2,
  debitOccur: 100,
  creditOccur: 200,
  debitGrandTotal: 300,
  creditGrandTotal: 400,
  endBalance: 5_100,
  endDirection: 1,
};

describe('trial balance rows', () => {
  it('put each balance on its side', () => {
    expect(toTrialBalanceGridRow(row)).toMatchObject({
      openingDebit: 0,
      openingCredit: 5_000,
      periodDebit: 100,
      periodCredit: 200,
      yearDebit: 300,
      yearCredit: 400,
      closingDebit: 5_100,
      closingCredit: 0,
    });
    expect(toTrialBalanceGridRow({ ...row, initialDirection: 0, initialBalance: 0 })).toMatchObject({
      openingDebit: 0,
      openingCredit: 0,
    });
  });
});
