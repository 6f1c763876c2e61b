import { describe, expect, it } from 'vitest';
import { unionBalanceSheetForm2021, unionIncomeExpenseForm2021 } from '../../../templates/reports/index.js';
import { evaluateReport } from './evaluate.js';
import { restrictToCodes } from './restrict.js';

describe('restrictToCodes', () => {
  it('keeps a term when the chart has the subject or one of its details, and drops the others', () => {
    const t = restrictToCodes(unionIncomeExpenseForm2021, ['50101', '32201', '401'], {
      id: 'test',
      chartId: 'union-2021-grassroots',
    });
    const sumOf = (no: number) => {
      const formula = t.lines.find((l) => l.no === no)?.formula;
      return formula && 'sum' in formula ? formula.sum.map((term) => term.code) : null;
    };
    expect(sumOf(16)).toEqual(['501']); // 职工活动支出: the chart has 50101
    expect(sumOf(17)).toEqual([]); // 职工活动组织支出: nothing of 502
    expect(sumOf(4)).toEqual(['32201']);
    expect(sumOf(6)).toEqual(['401']);
    expect(t.lines.map((l) => l.name)).toEqual(unionIncomeExpenseForm2021.lines.map((l) => l.name));
    expect(t.id).toBe('test');
    expect(t.chartId).toBe('union-2021-grassroots');
  });

  it('a line left without subjects reads 0, and the balance it would have taken shows as uncovered', () => {
    const t = restrictToCodes(unionBalanceSheetForm2021, ['101', '102'], { id: 'test', chartId: 'union-2021-grassroots' });
    const result = evaluateReport(t, [
      {
        code: '101',
        openingFen: 0,
        closingFen: 700,
        periodDebitFen: 700,
        periodCreditFen: 0,
        yearDebitFen: 700,
        yearCreditFen: 0,
      },
      {
        code: '141',
        openingFen: 0,
        closingFen: -700,
        periodDebitFen: 0,
        periodCreditFen: 700,
        yearDebitFen: 0,
        yearCreditFen: 700,
      },
    ]);
    expect(result.lines.find((l) => l.no === 7)?.amounts).toEqual({ opening: 0, closing: 0 });
    expect(result.lines.find((l) => l.no === 1)?.amounts).toEqual({ opening: 0, closing: 700 });
    expect(result.uncovered).toEqual(['141']);
  });
});
