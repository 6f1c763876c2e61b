/** Sample plans for the budget plan grid's tests (the grid's and its workbook's). */
import fc from 'fast-check';
import type { PlanDetailInput } from './budget-plan.js';

const CLASSES = [
  ['00101', '人员经费'],
  ['00102', '公用经费'],
  ['002', '项目支出'],
] as const;

/**
 * Details in the plan's order (class, category), each class with one to three categories; amounts
 * kept within the ten significant digits the workbook checker's HyperFormula rounds to.
 */
export const detailsArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 99_999_999 })), {
    minLength: 1,
    maxLength: 25,
  })
  .map((picks) =>
    picks
      .map(([c, k, fen], i) => ({ c, k, fen, i }))
      .sort((a, b) => a.c - b.c || a.k - b.k || a.i - b.i)
      .map(({ c, k, fen, i }): PlanDetailInput => {
        const [code, name] = CLASSES[c] ?? CLASSES[0];
        return {
          id: `p${i}`,
          expendClass: code,
          className: name,
          categoryId: `${code}-${k}`,
          categoryName: `类别${code}-${k}`,
          categoryNo: `${code}${k}`,
          typeNo: code === '002' ? 'XMYS' : 'JFHS',
          infoNo: `${code}${k}${i}`,
          projectName: `明细${i}`,
          openingFen: fen,
          adjustedFen: fen,
        };
      }),
  );

export const sumOf = (details: readonly PlanDetailInput[], pick: (d: PlanDetailInput) => boolean) =>
  details.filter(pick).reduce((s, d) => s + d.openingFen, 0);
