/** The plan's workbook (grids/budget-plan.ts export) opened as an auditor does: every subtotal and total a live formula. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetPlanRows, createBudgetPlanGrid } from '../../../grids/budget-plan.js';
import { detailsArb, sumOf } from '../../../grids/budget-plan-samples.js';
import { sampleHeading } from '../../../grids/workbook/sample-heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { readWorkbook } from '../test-support/workbook-check.js';

describe('the budget plan workbook', () => {
  it('exports the subtotals and totals as live formulas that recalculate to the sums', async () => {
    await fc.assert(
      fc.asyncProperty(detailsArb, async (details) => {
        const rows = budgetPlanRows(details);
        const def = createBudgetPlanGrid({ rows: () => rows });
        const book = await readWorkbook(await buildWorkbook(def, rows, sampleHeading()).xlsx.writeBuffer());
        const sheet = book.sheet();
        const col = 3;
        for (const d of details) {
          const categoryRow = sheet.rowOf(1, d.categoryName);
          expect(sheet.formulas.some((f) => f.row === categoryRow && f.col === col)).toBe(true);
          expect(Math.round(Number(sheet.value(categoryRow, col)) * 100)).toBe(
            sumOf(details, (x) => x.categoryId === d.categoryId),
          );
          const classRow = sheet.rowOf(1, d.className);
          expect(Math.round(Number(sheet.value(classRow, col)) * 100)).toBe(
            sumOf(details, (x) => x.expendClass === d.expendClass),
          );
        }
        const totalRow = sheet.rowOf(1, '合计');
        expect(sheet.formulas.some((f) => f.row === totalRow && f.col === col)).toBe(true);
        expect(Math.round(Number(sheet.value(totalRow, col)) * 100)).toBe(sumOf(details, () => true));
      }),
      { numRuns: 15 },
    );
  });
});
