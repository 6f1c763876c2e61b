import fc from 'fast-check';
import { HyperFormula, type RawCellContent } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { charts } from '../../../templates/charts/index.js';
import {
  governmentBalanceSheet2017,
  reportTemplates,
  unionGrassrootsBalanceSheet2021,
  unionGrassrootsIncomeExpense2021,
} from '../../../templates/reports/index.js';
import { evaluateReport, hasFigure, type ReportMode } from './evaluate.js';
import { reportExcelFormulas, reportSheetLayout } from './excel-formulas.js';
import { ledgerArbitrary, trialBalanceOf } from './trial-balance-arbitrary.js';
import type { ReportTemplate, SubjectBalance } from './types.js';

const FIRST_ROW = 5;
const col = (letter: string) => letter.charCodeAt(0) - 'A'.charCodeAt(0);

/**
 * Writes a report as the export will: names, subject lines as values, total lines as formulas; then lets
 * HyperFormula (exact: no smart rounding, no epsilon) recalculate and compares every figure with the evaluator's.
 */
function recalculates(
  template: ReportTemplate,
  balances: SubjectBalance[],
  mode: ReportMode,
  priorYear?: SubjectBalance[],
): void {
  const result = evaluateReport(template, balances, { mode, carryOver: true, ...(priorYear ? { priorYear } : {}) });
  const layout = reportSheetLayout(template, mode, FIRST_ROW);
  const withData = result.columns.filter((c) => c.hasData).map((c) => c.id);
  const formulas = reportExcelFormulas(template, layout, mode, withData);
  const rows = Math.max(...Object.values(layout.rows)) + 1;
  const sheet: RawCellContent[][] = Array.from({ length: rows }, () => Array<RawCellContent>(8).fill(null));
  const expected: { row: number; column: number; value: number; name: string }[] = [];
  for (const line of template.lines) {
    const row = line.no === null ? undefined : layout.rows[line.no];
    if (line.no === null || row === undefined) continue;
    const cells = sheet[row - 1] as RawCellContent[];
    cells[col(layout.nameColumns[line.part] ?? 'A')] = line.name;
    const figures = result.lines.find((l) => l.no === line.no)?.amounts ?? {};
    for (const column of template.columns) {
      const c = col(layout.columns[line.part]?.[column.id] ?? 'A');
      const formula = formulas[line.no]?.[column.id];
      const value = figures[column.id] ?? null;
      cells[c] = formula ?? value;
      if (hasFigure(line, column.id, mode) && withData.includes(column.id)) {
        expected.push({ row: row - 1, column: c, value: value ?? NaN, name: line.name });
      } else {
        expect(formula, `${line.name} ${column.id}`).toBeUndefined();
        expect(value, `${line.name} ${column.id}`).toBeNull();
      }
    }
  }
  const hf = HyperFormula.buildFromArray(sheet, { licenseKey: 'gpl-v3', smartRounding: false, precisionEpsilon: 0 });
  try {
    for (const cell of expected) {
      expect(hf.getCellValue({ sheet: 0, row: cell.row, col: cell.column }), cell.name).toBe(cell.value);
    }
  } finally {
    hf.destroy();
  }
}

describe('reportExcelFormulas', () => {
  it('writes 合计 as SUM over adjacent cells, 净值 as a difference, totals as lists of cells', () => {
    const layout = reportSheetLayout(unionGrassrootsBalanceSheet2021, 'interim', FIRST_ROW);
    expect(layout.columns).toEqual({ left: { opening: 'B', closing: 'C' }, right: { opening: 'E', closing: 'F' } });
    const f = reportExcelFormulas(unionGrassrootsBalanceSheet2021, layout);
    // 货币资金 … 库存物品 on printed rows 3-9, sheet rows 7-13
    expect(f[8]).toEqual({ opening: '=SUM(B7:B13)', closing: '=SUM(C7:C13)' });
    expect(f[13]).toEqual({ opening: '=B17-B18', closing: '=C17-C18' });
    expect(f[19]?.closing).toBe('=SUM(C14:C16)+C19+SUM(C22:C24)');
    expect(f[25]?.closing).toBe('=SUM(F6:F10)');
    expect(f[34]?.opening).toBe('=E11+E21');
    expect(f[1]).toBeUndefined(); // a subject line is a value
  });

  it('leaves out a line not on the sheet, and writes no formula into a blank cell', () => {
    const annual = reportSheetLayout(unionGrassrootsBalanceSheet2021, 'annual', FIRST_ROW);
    expect(annual.rows[2]).toBeUndefined();
    expect(reportExcelFormulas(unionGrassrootsBalanceSheet2021, annual, 'annual')[8]?.closing).toBe('=C7+SUM(C9:C13)');
    const monthly = reportExcelFormulas(
      unionGrassrootsIncomeExpense2021,
      reportSheetLayout(unionGrassrootsIncomeExpense2021, 'interim', FIRST_ROW),
    );
    expect(monthly[1]).toEqual({}); // 年初资金结转结余: annual report only
    expect(monthly[27]).toEqual({ current: '=B9-B19', cumulative: '=C9-C19' });
    const gov = reportExcelFormulas(governmentBalanceSheet2017, reportSheetLayout(governmentBalanceSheet2017, 'interim', 1));
    expect(gov[67]).toEqual({ closing: '=SUM(E35:E39)', opening: '=SUM(F35:F39)' });
  });

  for (const template of reportTemplates) {
    it(`${template.id}: the workbook recalculates to the evaluator's figures (interim and annual)`, () => {
      const chart = charts[template.chartId];
      const last = chart.subjects.filter((s) => !s.isBudget && !chart.subjects.some((c) => c.parentCode === s.code));
      const shape = {
        balanceCodes: last.filter((s) => s.type <= 3).map((s) => s.code),
        movementCodes: last.map((s) => s.code),
      };
      fc.assert(
        fc.property(
          ledgerArbitrary(shape),
          fc.option(ledgerArbitrary(shape), { nil: undefined }),
          fc.constantFrom<ReportMode>('interim', 'annual'),
          (ledger, prior, mode) => {
            recalculates(template, trialBalanceOf(ledger), mode, prior && trialBalanceOf(prior));
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});
