/**
 * The execution report's workbook as an auditor gets it (grids/budget-execution.ts): recalculated
 * by a spreadsheet engine (HyperFormula, through checkWorkbook, no cached value trusted), every
 * row's remaining and rate, every category's and class's budgets and spent, and the total row are
 * live formulas that give the report's figures to the fen, for any classes, categories and amounts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetExecutionGrid, toBudgetExecutionGridRows } from '../../../grids/budget-execution.js';
import { sampleHeading } from '../../../grids/workbook/sample-heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import {
  executionRows,
  executionTotal,
  type ExecutionCategoryInput,
  type ExecutionDetailInput,
} from '../../shared/budget/execution-rows.js';
import { checkWorkbook } from '../test-support/workbook-check.js';
import { rowOf } from './report-answer.js';

const KINDS = [
  { auxiType: 'XMYS', expendClass: null },
  { auxiType: 'JBZC', expendClass: '001' },
  { auxiType: 'RYJF', expendClass: '00101' },
  { auxiType: 'GYJF', expendClass: '00102' },
] as const;

const reportArb = fc
  .record({
    kinds: fc.array(fc.constantFrom(0, 1, 2, 3), { minLength: 1, maxLength: 5 }),
    details: fc.array(
      fc.record({
        category: fc.nat(),
        opening: fc.integer({ min: 0, max: 1_000_000_000 }),
        // From 10 yuan: rates up to 2·10⁹ fen / 1,000 fen stay within a spreadsheet's 15 digits.
        adjusted: fc.oneof(fc.constant(0), fc.integer({ min: 1_000, max: 1_000_000_000 })),
        spent: fc.integer({ min: -100_000_000, max: 2_000_000_000 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ kinds, details }) => {
    const categories: ExecutionCategoryInput[] = kinds.map((k, i) => ({
      id: `c${i}`,
      name: `类别${i}`,
      infoNo: String(101 + i),
      ...KINDS[k],
    }));
    const inputs: ExecutionDetailInput[] = details.map((d, i) => {
      const c = categories[d.category % categories.length]!;
      return {
        id: `d${i}`,
        typeId: c.id,
        auxiType: c.auxiType,
        typeNo: 'XMYS',
        infoNo: `${c.infoNo}${String(i).padStart(3, '0')}`,
        name: i === 0 ? '=HYPERLINK("x")' : `明细${i}`,
        expendClass: c.expendClass,
        opening: d.opening,
        adjusted: d.adjusted,
        spent: d.spent,
        control: 2,
        warnPpm: 800_000,
      };
    });
    return { categories, inputs };
  });

describe('the budget execution workbook', () => {
  it('recalculates remaining, rates, subtotals and the total from live formulas to the report', async () => {
    await fc.assert(
      fc.asyncProperty(reportArb, async ({ categories, inputs }) => {
        const report = executionRows(categories, inputs);
        const rows = toBudgetExecutionGridRows(report.map(rowOf));
        const heading = sampleHeading({ title: '预算执行表', period: '2026年' });
        const bytes = await buildWorkbook(budgetExecutionGrid, rows, heading).xlsx.writeBuffer();
        const sheet = (await checkWorkbook(bytes, { heading, userTexts: ['=HYPERLINK("x")'] })).sheet();
        const col = (field: string) => budgetExecutionGrid.fields.findIndex((f) => f.id === field) + 1;
        const formulaAt = new Set(sheet.formulas.map((f) => `${f.row}:${f.col}`));
        const first = sheet.rowOf(1, '类型') + 1;
        report.forEach((r, i) => {
          const at = first + i;
          const where = `${r.kind} ${r.code} row ${at}`;
          expect(sheet.value(at, col('code')), where).toBe(r.code === '' ? null : r.code);
          expect(formulaAt.has(`${at}:${col('remaining')}`), where).toBe(true);
          expect(sheet.value(at, col('remaining')), where).toBeCloseTo(r.remaining / 100, 6);
          if (r.adjusted > 0) {
            expect(formulaAt.has(`${at}:${col('executionRate')}`), where).toBe(true);
            expect(sheet.value(at, col('executionRate')), where).toBeCloseTo((r.rateHundredths ?? 0) / 100, 6);
          } else expect(sheet.value(at, col('executionRate')), where).toBeNull();
          const hasBlock = report[i + 1] !== undefined && report[i + 1]!.depth > r.depth;
          for (const [field, fen] of [
            ['amountBeforeAdjustment', r.opening],
            ['projectAmount', r.adjusted],
            ['spent', r.spent],
          ] as const) {
            expect(formulaAt.has(`${at}:${col(field)}`), `${where} ${field}`).toBe(r.kind !== 'detail' && hasBlock);
            expect(sheet.value(at, col(field)), `${where} ${field}`).toBeCloseTo(fen / 100, 6);
          }
        });
        const totalRow = first + report.length;
        const total = executionTotal(report);
        expect(sheet.text(totalRow, 1)).toBe('合计');
        for (const [field, fen] of [
          ['amountBeforeAdjustment', total.opening],
          ['projectAmount', total.adjusted],
          ['spent', total.spent],
          ['remaining', total.remaining],
        ] as const) {
          expect(formulaAt.has(`${totalRow}:${col(field)}`), field).toBe(true);
          expect(sheet.value(totalRow, col(field)), field).toBeCloseTo(fen / 100, 6);
        }
      }),
      { numRuns: 25 },
    );
  });
});
