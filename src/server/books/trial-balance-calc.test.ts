import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trialBalance, type ChartSubject, type MonthTurnover } from './trial-balance-calc.js';

const subject = (
  code: string,
  name: string,
  direction: 1 | 2,
  init = 0,
  parentCode: string | null = null,
  lastLevel = true,
): ChartSubject => ({
  code,
  name,
  parentCode,
  level: parentCode ? 2 : 1,
  lastLevel,
  balanceDirection: direction,
  isGovernment: false,
  initAmount: init,
  cumuleDebit: 0,
  cumuleCredit: 0,
});

// A small grassroots union: cash and bank, dues income, activity expense with two details.
const chart: ChartSubject[] = [
  subject('101', '库存现金', 1, 50_000),
  subject('102', '银行存款', 1, 950_000),
  subject('322', '工会资金结余', 2, 1_000_000),
  subject('401', '会费收入', 2),
  subject('501', '职工活动支出', 1, 0, null, false),
  subject('50101', '职工教育支出', 1, 0, '501'),
  subject('50102', '文体活动支出', 1, 0, '501'),
];

const turnover: MonthTurnover[] = [
  // January: dues 1,200.00 into the bank; February: sports 300.00 and education 150.00 from the bank.
  { subjectCode: '102', month: 1, debit: 120_000, credit: 0 },
  { subjectCode: '401', month: 1, debit: 0, credit: 120_000 },
  { subjectCode: '50102', month: 2, debit: 30_000, credit: 0 },
  { subjectCode: '50101', month: 2, debit: 15_000, credit: 0 },
  { subjectCode: '102', month: 2, debit: 0, credit: 45_000 },
  // A March line, outside a January-February range.
  { subjectCode: '101', month: 3, debit: 1_000, credit: 0 },
  { subjectCode: '102', month: 3, debit: 0, credit: 1_000 },
];

describe('trial balance', () => {
  it('works out openings, turnover, year to date and closings by hand', () => {
    const { rows, financial } = trialBalance(chart, turnover, { beginMonth: 2, endMonth: 2 });
    const row = (code: string) => rows.find((r) => r.code === code);
    // Bank: 9,500.00 opening + 1,200.00 in January = 10,700.00 at February's start; 450.00 out.
    expect(row('102')).toMatchObject({ initialBalance: 1_070_000, initialDirection: 1, debitOccur: 0, creditOccur: 45_000 });
    expect(row('102')).toMatchObject({
      debitGrandTotal: 120_000,
      creditGrandTotal: 45_000,
      endBalance: 1_025_000,
      endDirection: 1,
    });
    // Dues: credit 1,200.00 before the range, none in it.
    expect(row('401')).toMatchObject({
      initialBalance: 120_000,
      initialDirection: 2,
      creditOccur: 0,
      endBalance: 120_000,
      endDirection: 2,
    });
    // The parent sums its children.
    expect(row('501')).toMatchObject({
      initialBalance: 0,
      initialDirection: 0,
      debitOccur: 45_000,
      endBalance: 45_000,
      endDirection: 1,
    });
    expect(row('50101')).toMatchObject({ debitOccur: 15_000, endBalance: 15_000 });
    expect(financial).toEqual({
      initialDebit: 50_000 + 1_070_000,
      initialCredit: 1_000_000 + 120_000,
      debitOccur: 45_000,
      creditOccur: 45_000,
      endDebit: 50_000 + 1_025_000 + 45_000,
      endCredit: 1_120_000,
      balanced: true,
    });
  });

  it('shows a balance against the subject’s side on the other side', () => {
    const overdrawn: MonthTurnover[] = [
      { subjectCode: '101', month: 1, debit: 0, credit: 60_000 },
      { subjectCode: '102', month: 1, debit: 60_000, credit: 0 },
    ];
    const { rows } = trialBalance(chart, overdrawn, { beginMonth: 1, endMonth: 1 });
    expect(rows.find((r) => r.code === '101')).toMatchObject({ endBalance: 10_000, endDirection: 2 });
  });

  it('counts a mid-year start’s cumulative amounts in the year to date only', () => {
    const midYear = chart.map((s) => (s.code === '102' ? { ...s, cumuleDebit: 5_000, cumuleCredit: 2_000 } : s));
    const { rows } = trialBalance(midYear, [], { beginMonth: 7, endMonth: 7 });
    expect(rows.find((r) => r.code === '102')).toMatchObject({
      initialBalance: 950_000,
      debitGrandTotal: 5_000,
      creditGrandTotal: 2_000,
      endBalance: 950_000,
    });
  });

  it('always balances for balanced openings and random balanced vouchers, and equals a recomputation', () => {
    const leaves = chart.filter((s) => s.lastLevel).map((s) => s.code);
    const line = fc.record({ code: fc.constantFrom(...leaves), fen: fc.integer({ min: 1, max: 10_000_000 }) });
    const voucher = fc.record({
      month: fc.integer({ min: 1, max: 12 }),
      debit: line,
      credits: fc.array(fc.constantFrom(...leaves), { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(voucher, { maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 11 }),
        (vouchers, begin, span) => {
          const end = Math.min(12, begin + span);
          const lines: MonthTurnover[] = [];
          for (const v of vouchers) {
            lines.push({ subjectCode: v.debit.code, month: v.month, debit: v.debit.fen, credit: 0 });
            // The credit side: the amount split over the credit subjects, the last taking the rest.
            const part = Math.floor(v.debit.fen / v.credits.length);
            v.credits.forEach((code, i) =>
              lines.push({
                subjectCode: code,
                month: v.month,
                debit: 0,
                credit: i === v.credits.length - 1 ? v.debit.fen - part * (v.credits.length - 1) : part,
              }),
            );
          }
          const { rows, financial } = trialBalance(chart, lines, { beginMonth: begin, endMonth: end });
          expect(financial.balanced).toBe(true);
          for (const code of leaves) {
            const mine = lines.filter((l) => l.subjectCode === code);
            const inRange = mine.filter((l) => l.month >= begin && l.month <= end);
            const row = rows.find((r) => r.code === code);
            expect(row?.debitOccur).toBe(inRange.reduce((a, l) => a + l.debit, 0));
            expect(row?.creditOccur).toBe(inRange.reduce((a, l) => a + l.credit, 0));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
