import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charts } from '../../../templates/charts/index.js';
import {
  governmentBalanceSheet2017,
  unionCountyBalanceSheet2021,
  unionCountyIncomeExpense2021,
  unionGrassrootsBalanceSheet2021,
  unionGrassrootsIncomeExpense2021,
} from '../../../templates/reports/index.js';
import type { ChartTemplate } from '../chart.js';
import { evaluateReport, signedBalance, type ReportResult } from './evaluate.js';
import { closeInto, ledgerArbitrary, trialBalanceOf, type TrialBalanceShape } from './trial-balance-arbitrary.js';
import type { ReportTemplate, SubjectBalance } from './types.js';

/** Figures of a result by line number: [first column, second column]. */
function figures(result: ReportResult): Record<number, (number | null)[]> {
  const out: Record<number, (number | null)[]> = {};
  for (const line of result.lines) {
    if (line.no !== null) out[line.no] = result.columns.map((c) => line.amounts[c.id] ?? null);
  }
  return out;
}

const b = (
  code: string,
  openingFen: number,
  year: [debit: number, credit: number] = [0, 0],
  period: [debit: number, credit: number] = [0, 0],
): SubjectBalance => ({
  code,
  openingFen,
  closingFen: openingFen + year[0] - year[1],
  periodDebitFen: period[0],
  periodCreditFen: period[1],
  yearDebitFen: year[0],
  yearCreditFen: year[1],
});

/**
 * A small 基层 union, reported for March 2026 (本月 = March, 本年累计 = January to March), worked by hand.
 *
 * Openings (yuan): 库存现金 2,000; 银行存款 150,000; 应收上级补助 10,000; 其他应收款 3,000; 库存物品 5,000;
 * 固定资产 80,000; 累计折旧 20,000 (credit); 应付上级经费 12,000; 其他应付款 3,000; 资产基金—库存物品 5,000;
 * 资产基金—固定资产 60,000; 工会资金结转—累计结转 30,000; 工会资金结余—累计结余 120,000.
 *
 * January: 拨缴经费 60,000 into the bank, 36,000 ours (402) and 24,000 owed up (211); 培训 4,000 (50501).
 * February: 会费 3,000 in cash (401); 文体活动 8,000 (50102); 36,000 paid up (211).
 * March: the 10,000 receivable collected (13101); 行政补助 20,000 (405); 困难职工帮扶 6,000, 1,000 in cash and
 * 5,000 by bank (50404); a computer for 7,000 (50702, and 162 / 30104); depreciation 1,000 (30104 / 163); an
 * unrecorded liability of 2,000 found (32201 年初余额调整 / 215); interest 150.25 (408); a stock shortage of 300
 * (182 / 141). No closing entries yet.
 */
const MARCH: SubjectBalance[] = [
  b('101', 200_000, [300_000, 100_000], [0, 100_000]),
  b('102', 15_000_000, [9_015_025, 6_000_000], [3_015_025, 1_200_000]),
  b('13101', 1_000_000, [0, 1_000_000], [0, 1_000_000]),
  b('135', 300_000),
  b('141', 500_000, [0, 30_000], [0, 30_000]),
  b('162', 8_000_000, [700_000, 0], [700_000, 0]),
  b('163', -2_000_000, [0, 100_000], [0, 100_000]),
  b('182', 0, [30_000, 0], [30_000, 0]),
  b('211', -1_200_000, [3_600_000, 2_400_000]),
  b('215', -300_000, [0, 200_000], [0, 200_000]),
  b('30101', -500_000),
  b('30104', -6_000_000, [100_000, 700_000], [100_000, 700_000]),
  b('32104', -3_000_000),
  b('32201', 0, [200_000, 0], [200_000, 0]),
  b('32205', -12_000_000),
  b('401', 0, [0, 300_000]),
  b('402', 0, [0, 3_600_000]),
  b('405', 0, [0, 2_000_000], [0, 2_000_000]),
  b('408', 0, [0, 15_025], [0, 15_025]),
  b('50102', 0, [800_000, 0]),
  b('50404', 0, [600_000, 0], [600_000, 0]),
  b('50501', 0, [400_000, 0]),
  b('50702', 0, [700_000, 0], [700_000, 0]),
];

describe('worked example: a 基层 union in March', () => {
  it('the trial balance balances (openings, movements, closings)', () => {
    const sum = (f: (x: SubjectBalance) => number) => MARCH.reduce((acc, x) => acc + f(x), 0);
    expect(sum((x) => x.openingFen)).toBe(0);
    expect(sum((x) => x.closingFen)).toBe(0);
    expect(sum((x) => x.yearDebitFen)).toBe(sum((x) => x.yearCreditFen));
    expect(sum((x) => x.periodDebitFen)).toBe(sum((x) => x.periodCreditFen));
  });

  it('工会01表 (年初余额, 期末余额) without closing: assets exceed the right side by the unclosed surplus', () => {
    const result = evaluateReport(unionGrassrootsBalanceSheet2021, MARCH);
    expect(result.columns.map((c) => c.name)).toEqual(['年初余额', '期末余额']);
    expect(figures(result)).toEqual({
      1: [15_200_000, 18_415_025], // 货币资金 152,000.00 / 184,150.25
      2: [0, 0],
      3: [0, 0],
      4: [1_000_000, 0],
      5: [0, 0],
      6: [300_000, 300_000],
      7: [500_000, 470_000],
      8: [17_000_000, 19_185_025], // 流动资产合计
      9: [0, 0],
      10: [0, 0],
      11: [8_000_000, 8_700_000],
      12: [2_000_000, 2_100_000], // 减：累计折旧, shown positive
      13: [6_000_000, 6_600_000],
      14: [0, 0],
      15: [0, 0],
      16: [0, 0],
      17: [0, 0],
      18: [0, 30_000],
      19: [23_000_000, 25_815_025], // 资产总计
      20: [0, 0],
      21: [1_200_000, 0],
      22: [0, 0],
      23: [300_000, 500_000],
      24: [0, 0],
      25: [1_500_000, 500_000],
      26: [6_500_000, 7_100_000],
      27: [0, 0],
      28: [3_000_000, 3_000_000],
      29: [12_000_000, 11_800_000], // 120,000 less the 2,000 adjustment
      30: [0, 0],
      31: [0, 0],
      32: [0, 0],
      33: [21_500_000, 21_900_000],
      34: [23_000_000, 22_400_000],
    });
    // 收入 59,150.25 − 支出 25,000 = 34,150.25 not yet closed
    expect(result.checks[0]?.columns).toEqual({
      opening: { left: 23_000_000, right: 23_000_000, balanced: true },
      closing: { left: 25_815_025, right: 22_400_000, balanced: false },
    });
    expect(result.balanced).toBe(false);
    expect(result.uncovered).toEqual([]);
    expect(result.lines.find((l) => l.no === 13)?.codes).toEqual(['162', '163']);
  });

  it('工会01表 with carryOver: the surplus goes to 工会资金结余 and the sheet balances', () => {
    const result = evaluateReport(unionGrassrootsBalanceSheet2021, MARCH, { carryOver: true });
    const f = figures(result);
    expect(result.carriedOver).toEqual({ opening: 0, closing: 3_415_025 });
    expect(f[29]).toEqual([12_000_000, 15_215_025]);
    expect(f[33]).toEqual([21_500_000, 25_315_025]);
    expect(f[34]).toEqual([23_000_000, 25_815_025]);
    expect(result.balanced).toBe(true);
  });

  it('工会02表 (本月数, 本年累计数)', () => {
    const result = evaluateReport(unionGrassrootsIncomeExpense2021, MARCH);
    expect(result.columns.map((c) => c.name)).toEqual(['本月数', '本年累计数']);
    expect(figures(result)).toEqual({
      1: [null, null], // annual report only
      2: [null, null],
      3: [null, null],
      4: [-200_000, -200_000], // 年初余额调整, a decrease
      5: [2_015_025, 5_915_025], // 收入合计
      6: [0, 300_000],
      7: [0, 3_600_000],
      8: [0, 0],
      9: [0, 0],
      10: [2_000_000, 2_000_000],
      11: [0, 0],
      12: [0, 0],
      13: [15_025, 15_025],
      14: [0, 0],
      15: [1_300_000, 2_500_000], // 支出合计
      16: [0, 800_000],
      17: [0, 0],
      18: [0, 0],
      19: [600_000, 600_000],
      20: [0, 400_000],
      21: [0, 0],
      22: [700_000, 700_000],
      23: [0, 0],
      24: [0, 0],
      25: [0, 0],
      26: [0, 0],
      27: [715_025, 3_415_025], // 本期收支差额
      28: [null, null],
      29: [null, null],
      30: [null, null],
    });
  });

  it('工会02表 as an annual report: 本年数, 上年数, with 年初 and 年末资金结转结余', () => {
    const prior = [
      b('102', 10_000_000, [6_000_000, 1_000_000]),
      b('32205', -10_000_000),
      b('402', 0, [0, 5_000_000]),
      b('50101', 0, [1_000_000, 0]),
    ];
    const result = evaluateReport(unionGrassrootsIncomeExpense2021, MARCH, { mode: 'annual', priorYear: prior });
    expect(result.columns.map((c) => c.name)).toEqual(['本年数', '上年数']);
    const f = figures(result);
    expect(f[1]).toEqual([15_000_000, 10_000_000]);
    expect(f[2]).toEqual([3_000_000, 0]);
    expect(f[3]).toEqual([12_000_000, 10_000_000]);
    expect(f[5]).toEqual([5_915_025, 5_000_000]);
    expect(f[15]).toEqual([2_500_000, 1_000_000]);
    expect(f[27]).toEqual([3_415_025, 4_000_000]);
    expect(f[29]).toEqual([3_000_000, 0]);
    expect(f[30]).toEqual([11_800_000, 10_000_000]);
    expect(f[28]).toEqual([14_800_000, 10_000_000]);
  });

  it('after the closing entries the 01表 balances without carryOver, and 年末 = 年初 + 调整 + 收支差额', () => {
    // closing into 工会资金结余—本年收支结转; the income statement reads turnovers without the closing entries
    const closing: Record<string, number> = {
      '401': -300_000,
      '402': -3_600_000,
      '405': -2_000_000,
      '408': -15_025,
      '50102': 800_000,
      '50404': 600_000,
      '50501': 400_000,
      '50702': 700_000,
    };
    const closed = MARCH.map((x) => (x.code in closing ? { ...x, closingFen: 0 } : x));
    closed.push(b('32203', 0, [2_500_000, 5_915_025], [2_500_000, 5_915_025]));
    const sheet = evaluateReport(unionGrassrootsBalanceSheet2021, closed);
    expect(sheet.balanced).toBe(true);
    expect(figures(sheet)[29]).toEqual([12_000_000, 15_215_025]);
    const statement = figures(evaluateReport(unionGrassrootsIncomeExpense2021, closed, { mode: 'annual' }));
    expect(statement[28]?.[0]).toBe((statement[1]?.[0] ?? 0) + (statement[4]?.[0] ?? 0) + (statement[27]?.[0] ?? 0));
  });

  it('refuses a parent given with its child, and duplicates, and takes balances kept in the subject direction', () => {
    expect(() => evaluateReport(unionGrassrootsBalanceSheet2021, [b('501', 0), b('50101', 0)])).toThrow(/末级/);
    expect(() => evaluateReport(unionGrassrootsBalanceSheet2021, [b('101', 0), b('101', 0)])).toThrow(/重复/);
    expect(() => evaluateReport(unionGrassrootsBalanceSheet2021, [b('101', 0.5)])).toThrow(RangeError);
    expect(signedBalance(500, 1)).toBe(500);
    expect(signedBalance(500, 2)).toBe(-500);
  });

  it('会政财01表: 本期盈余 prints —— as 年初余额 and takes the unclosed surplus in monthly reports', () => {
    const tb = [b('1002', 0, [1_000, 0]), b('4001', 0, [0, 1_000])];
    const result = evaluateReport(governmentBalanceSheet2017, tb, { carryOver: true });
    expect(result.columns.map((c) => c.name)).toEqual(['期末余额', '年初余额']);
    const line = result.lines.find((l) => l.no === 66);
    expect(line?.printedName).toBe('本期盈余*');
    expect(line?.dashed).toEqual(['opening']);
    expect(line?.amounts).toEqual({ closing: 1_000, opening: null });
    expect(result.balanced).toBe(true);
    const annual = evaluateReport(governmentBalanceSheet2017, tb, { carryOver: true, mode: 'annual' });
    expect(annual.lines.find((l) => l.no === 62)?.amounts).toEqual({ closing: 1_000, opening: 0 });
    expect(annual.balanced).toBe(true);
  });

  it('annual 01表 leaves out 零余额账户用款额度 and names 年末余额', () => {
    const result = evaluateReport(unionCountyBalanceSheet2021, [b('111', 100, [0, 100]), b('331', -100, [100, 0])], {
      mode: 'annual',
    });
    expect(result.columns.map((c) => c.name)).toEqual(['年初余额', '年末余额']);
    const line2 = result.lines.find((l) => l.no === 2);
    expect(line2?.hidden).toBe(true);
    expect(line2?.amounts).toEqual({ opening: null, closing: null });
    expect(figures(result)[8]).toEqual([0, 0]);
    expect(figures(result)[30]).toEqual([100, 0]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Property: random balanced ledgers

/**
 * Last-level financial subjects of a chart; `skip` leaves subjects out altogether. Subjects whose 年初余额 the
 * form prints as '——' (本期盈余, 无偿调拨净资产: closed at every year end) carry no opening balance.
 */
function shapeOf(chart: ChartTemplate, skip: readonly string[] = []): TrialBalanceShape {
  const noOpening = ['3301', '3401'];
  const last = chart.subjects.filter(
    (s) => !s.isBudget && !chart.subjects.some((c) => c.parentCode === s.code) && !skip.some((p) => s.code.startsWith(p)),
  );
  return {
    balanceCodes: last.filter((s) => s.type <= 3 && !noOpening.includes(s.code)).map((s) => s.code),
    movementCodes: last.map((s) => s.code),
  };
}

const checkOf = (result: ReportResult, column: string) => result.checks[0]?.columns[column];
const unclosed = (tb: SubjectBalance[], column: 'openingFen' | 'closingFen') =>
  0 - tb.filter((x) => /^[45]/.test(x.code)).reduce((acc, x) => acc + x[column], 0);

const sheets: [ReportTemplate, closeInto: string][] = [
  [unionGrassrootsBalanceSheet2021, '32203'],
  [unionCountyBalanceSheet2021, '32203'],
  [governmentBalanceSheet2017, '3301'],
];

describe('property: random balanced trial balances', () => {
  for (const [template, closeTo] of sheets) {
    const shape = shapeOf(charts[template.chartId]);

    it(`${template.id}: assets = liabilities + net assets with carryOver; without it they differ by the unclosed surplus`, () => {
      fc.assert(
        fc.property(ledgerArbitrary(shape), (ledger) => {
          const tb = trialBalanceOf(ledger);
          const carried = evaluateReport(template, tb, { carryOver: true });
          expect(carried.balanced).toBe(true);
          expect(carried.uncovered).toEqual([]);
          const plain = evaluateReport(template, tb);
          const closing = checkOf(plain, 'closing');
          expect((closing?.left ?? 0) - (closing?.right ?? 0)).toBe(unclosed(tb, 'closingFen'));
          expect(checkOf(plain, 'opening')?.balanced).toBe(true);
        }),
        { numRuns: 150 },
      );
    });

    it(`${template.id}: after the closing entries it balances without carryOver`, () => {
      fc.assert(
        fc.property(ledgerArbitrary(shape), (ledger) => {
          const tb = trialBalanceOf(closeInto(ledger, ['4', '5'], closeTo));
          expect(evaluateReport(template, tb).balanced).toBe(true);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('annual reports balance too, once the interim-only subjects are empty (they are at year end)', () => {
    const cases: [ReportTemplate, string[]][] = [
      [unionCountyBalanceSheet2021, ['111']],
      [governmentBalanceSheet2017, ['3301', '3401']],
    ];
    for (const [template, skip] of cases) {
      fc.assert(
        fc.property(ledgerArbitrary(shapeOf(charts[template.chartId], skip)), (ledger) => {
          const result = evaluateReport(template, trialBalanceOf(ledger), { mode: 'annual', carryOver: true });
          expect(result.balanced).toBe(true);
        }),
        { numRuns: 80 },
      );
    }
  });

  it('工会02表: 本期收支差额 is revenue less expense, over the month and over the year', () => {
    for (const template of [unionGrassrootsIncomeExpense2021, unionCountyIncomeExpense2021]) {
      fc.assert(
        fc.property(ledgerArbitrary(shapeOf(charts[template.chartId])), (ledger) => {
          const tb = trialBalanceOf(ledger);
          const f = figures(evaluateReport(template, tb));
          const net = (d: 'period' | 'year') =>
            tb
              .filter((x) => /^[45]/.test(x.code))
              .reduce(
                (acc, x) => acc + (d === 'period' ? x.periodCreditFen - x.periodDebitFen : x.yearCreditFen - x.yearDebitFen),
                0,
              );
          expect(f[27]).toEqual([net('period'), net('year')]);
        }),
        { numRuns: 100 },
      );
    }
  });
});
