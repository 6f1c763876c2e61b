import { describe, expect, it } from 'vitest';
import { subjectBalancesFor } from './subject-balances.js';

describe('subjectBalancesFor', () => {
  it('builds 年初, closing, period and year turnovers from openings and monthly rows', () => {
    const rows = subjectBalancesFor(
      [
        // 银行存款 started in April with 50,000 after 8,000 in and 3,000 out since January
        { code: '102', balanceDirection: 1, initAmountFen: 5_000_000, cumulativeDebitFen: 800_000, cumulativeCreditFen: 300_000 },
        // 工会资金结余 (credit) started with 45,000
        { code: '32205', balanceDirection: 2, initAmountFen: 4_500_000, cumulativeDebitFen: 0, cumulativeCreditFen: 0 },
      ],
      [
        { code: '102', month: 4, debitFen: 100_000, creditFen: 0 },
        { code: '102', month: 5, debitFen: 0, creditFen: 20_000 },
        { code: '102', month: 5, debitFen: 1, creditFen: 0 }, // a second auxiliary row
        { code: '102', month: 6, debitFen: 999_999, creditFen: 0 }, // after the report
        { code: '402', month: 5, debitFen: 0, creditFen: 100_001 },
        { code: '50101', month: 4, debitFen: 20_000, creditFen: 0 },
      ],
      { beginMonth: 5, endMonth: 5 },
    );
    expect(rows).toEqual([
      {
        code: '102',
        openingFen: 4_500_000, // 50,000 less the 5,000 net before April
        periodDebitFen: 1,
        periodCreditFen: 20_000,
        yearDebitFen: 900_001,
        yearCreditFen: 320_000,
        closingFen: 5_080_001,
      },
      {
        code: '32205',
        openingFen: -4_500_000,
        periodDebitFen: 0,
        periodCreditFen: 0,
        yearDebitFen: 0,
        yearCreditFen: 0,
        closingFen: -4_500_000,
      },
      {
        code: '402',
        openingFen: 0,
        periodDebitFen: 0,
        periodCreditFen: 100_001,
        yearDebitFen: 0,
        yearCreditFen: 100_001,
        closingFen: -100_001,
      },
      {
        code: '50101',
        openingFen: 0,
        periodDebitFen: 0,
        periodCreditFen: 0,
        yearDebitFen: 20_000,
        yearCreditFen: 0,
        closingFen: 20_000,
      },
    ]);
  });

  it('refuses a range outside the year or backwards, and amounts that are not whole fen', () => {
    expect(() => subjectBalancesFor([], [], { beginMonth: 3, endMonth: 2 })).toThrow(RangeError);
    expect(() => subjectBalancesFor([], [], { beginMonth: 0, endMonth: 2 })).toThrow(RangeError);
    expect(() => subjectBalancesFor([], [], { beginMonth: 1, endMonth: 13 })).toThrow(RangeError);
    expect(() =>
      subjectBalancesFor([], [{ code: '101', month: 1, debitFen: 1.5, creditFen: 0 }], { beginMonth: 1, endMonth: 1 }),
    ).toThrow(RangeError);
  });
});
