/**
 * Property: for random balanced ledgers on every official form (both union charts' balance sheets
 * and income statements, the government balance sheet; interim and annual, with and without
 * carryOver, with a prior year), the exported workbook recalculated with HyperFormula gives every
 * line the evaluator's figure, each subject line from the trial balance sheet's rows and each
 * total from the lines it adds. The evaluator itself is proved in src/shared/reports/evaluate.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charts } from '../../../templates/charts/index.js';
import {
  governmentBalanceSheet2017,
  unionCountyBalanceSheet2021,
  unionGrassrootsBalanceSheet2021,
  unionGrassrootsIncomeExpense2021,
} from '../../../templates/reports/index.js';
import { evaluateReport, type ReportMode } from '../../shared/reports/evaluate.js';
import { ledgerArbitrary, trialBalanceOf, type TrialBalanceShape } from '../../shared/reports/trial-balance-arbitrary.js';
import type { ReportTemplate } from '../../shared/reports/types.js';
import { fenOf, readWorkbook } from '../test-support/workbook-check.js';
import { reportResponseOf, type BuiltReport } from './report-service.js';
import { buildReportWorkbook } from './report-xlsx.js';

const PARTY = { unit: '示范工会', ledgerSet: '示范工会', exportedBy: '李会计', exportedAt: new Date('2026-04-01T08:00:00Z') };
const PERIODS = { period: '2026年02-03月', priorPeriod: '2025年02-03月' };

function shapeOf(template: ReportTemplate): TrialBalanceShape {
  const chart = charts[template.chartId];
  const last = chart.subjects.filter((s) => !s.isBudget && !chart.subjects.some((c) => c.parentCode === s.code));
  return {
    balanceCodes: last.filter((s) => s.type <= 3).map((s) => s.code),
    movementCodes: last.map((s) => s.code),
  };
}

async function expectWorkbookAgrees(
  template: ReportTemplate,
  ledger: Parameters<typeof trialBalanceOf>[0],
  options: { mode: ReportMode; carryOver: boolean; prior?: Parameters<typeof trialBalanceOf>[0] },
) {
  const balances = trialBalanceOf(ledger);
  const priorBalances = options.prior ? trialBalanceOf(options.prior) : undefined;
  const result = evaluateReport(template, balances, {
    mode: options.mode,
    carryOver: options.carryOver,
    ...(priorBalances ? { priorYear: priorBalances } : {}),
  });
  const subjects = charts[template.chartId].subjects.map((s) => ({ code: s.code, name: s.name }));
  const months = options.mode === 'annual' ? { beginMonth: 1, endMonth: 12 } : { beginMonth: 2, endMonth: 3 };
  const built: BuiltReport = {
    form: template,
    source: {
      current: { subjects, balances },
      ...(priorBalances ? { priorYear: { subjects, balances: priorBalances } } : {}),
    },
    response: reportResponseOf(template, result, {
      kind: template.kind,
      unitName: PARTY.unit,
      year: 2026,
      ...months,
      mode: options.mode,
      book: false,
      carryOver: options.carryOver,
    }),
  };
  const bytes = await buildReportWorkbook(built, PARTY, PERIODS).xlsx.writeBuffer();
  const book = await readWorkbook(bytes);
  const sheet = book.sheet(template.title);
  const { response } = built;
  let compared = 0;
  for (const line of response.lines) {
    if (line.no === null) continue;
    const nameColumn = line.part === 'left' ? 1 : response.columns.length + 2;
    const row = sheet.rowOf(nameColumn, line.name);
    expect(row, line.name).toBeGreaterThan(0);
    response.columns.forEach((column, k) => {
      const fen = line.amounts[column.id];
      const value = sheet.value(row, nameColumn + 1 + k);
      if (fen === null || fen === undefined) {
        expect(value === null || value === '——', `${line.name} ${column.id}: ${String(value)}`).toBe(true);
        return;
      }
      expect(fenOf(value), `${template.id} ${line.name} ${column.id}`).toBe(fen);
      compared++;
    });
  }
  expect(compared).toBeGreaterThan(10);
}

describe('property: the report workbook recalculates to the evaluator figures', () => {
  const cases: [ReportTemplate, ReportMode, boolean][] = [
    [unionGrassrootsBalanceSheet2021, 'interim', true],
    [unionCountyBalanceSheet2021, 'interim', false],
    [governmentBalanceSheet2017, 'interim', true],
    [unionGrassrootsIncomeExpense2021, 'interim', false],
  ];
  for (const [template, mode, carryOver] of cases) {
    it(`${template.id} (${mode}${carryOver ? ', carryOver' : ''})`, async () => {
      await fc.assert(
        fc.asyncProperty(ledgerArbitrary(shapeOf(template)), (ledger) =>
          expectWorkbookAgrees(template, ledger, { mode, carryOver }),
        ),
        { numRuns: 15 },
      );
    });
  }

  it('a line that nets to nothing reads 0, not -0 (found by the property: 15.95 + 0.01 − 15.96 in yuan floats)', async () => {
    const ledger = {
      opening: [],
      before: [],
      period: [
        { debit: '50705', credit: '50702', fen: 1595 },
        { debit: '50705', credit: '50105', fen: 1 },
      ],
    };
    await expectWorkbookAgrees(unionGrassrootsIncomeExpense2021, ledger, { mode: 'interim', carryOver: false });
  });

  it('a total of lines that cancel reads 0, not -2e-10 (found by the property: 2,097,152.02 in and out)', async () => {
    const ledger = {
      opening: [],
      before: [],
      period: [
        { debit: '50504', credit: '50101', fen: 209_715_202 },
        { debit: '50404', credit: '50702', fen: 1 },
      ],
    };
    await expectWorkbookAgrees(unionGrassrootsIncomeExpense2021, ledger, { mode: 'interim', carryOver: false });
  });

  it('the annual income statement reads 上年数 from the prior year trial balance sheet', async () => {
    const shape = shapeOf(unionGrassrootsIncomeExpense2021);
    await fc.assert(
      fc.asyncProperty(ledgerArbitrary(shape), ledgerArbitrary(shape), (ledger, prior) =>
        expectWorkbookAgrees(unionGrassrootsIncomeExpense2021, ledger, { mode: 'annual', carryOver: false, prior }),
      ),
      { numRuns: 10 },
    );
  });
});
