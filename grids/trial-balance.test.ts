import { describe, expect, it } from 'vitest';
import type { TrialBalanceRow } from '../src/shared/api/books.js';
import { createGridEngine } from '../formulas/engine.js';
import { toTrialBalanceGridRow, toTrialBalanceGridRows, trialBalanceGrid } from './trial-balance.js';

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

describe('trial balance totals', () => {
  const subject = (code: string, parentCode: string | null, fen: number): TrialBalanceRow => ({
    ...row,
    code,
    codeName: `科目${code}`,
    level: parentCode === null ? 1 : code.length === 6 ? 2 : 3,
    parentCode,
    lastLevel: code.length === 8 || code === '100102',
    initialBalance: fen,
    initialDirection: 1,
    debitOccur: fen,
    creditOccur: 0,
    debitGrandTotal: fen,
    creditGrandTotal: 0,
    endBalance: 2 * fen,
    endDirection: 1,
  });
  // 1001 = 100101 + 100102, 100101 = 10010101.
  const chart = [
    subject('1001', null, 300),
    subject('100101', '1001', 100),
    subject('10010101', '100101', 100),
    subject('100102', '1001', 200),
  ];

  const screenTotals = (rows: readonly TrialBalanceRow[]) => {
    const engine = createGridEngine(trialBalanceGrid, toTrialBalanceGridRows(rows));
    try {
      return engine.totals();
    } finally {
      engine.destroy();
    }
  };

  it('equal what is listed, each amount once, when a filter lists only child subjects', () => {
    // As a code or name filter answers it: 1001 itself filtered away.
    const children = chart.slice(1);
    expect(screenTotals(children)).toMatchObject({ sum_openingDebit: 300, sum_periodDebit: 300, sum_closingDebit: 600 });
    expect(screenTotals([chart[2] as TrialBalanceRow])).toMatchObject({ sum_openingDebit: 100 });
  });

  it('add first-level subjects of a whole chart, budget subjects apart', () => {
    const budget = { ...subject('8001', null, 5_000), isGovernment: true };
    expect(screenTotals([...chart, budget])).toMatchObject({ sum_openingDebit: 300, sum_closingDebit: 600 });
  });
});
