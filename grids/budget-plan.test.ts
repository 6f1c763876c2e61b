import fc from 'fast-check';
import { detailsArb, sumOf } from './budget-plan-samples.js';
import { budgetRulesGrid, rulesComplete, type BudgetRuleRow } from './budget-rules.js';
import { describe, expect, it } from 'vitest';
import { createGridEngine } from '../formulas/engine.js';
import { BudgetMessages } from '../src/shared/budget/messages.js';
import { budgetPlanRows, createBudgetPlanGrid, noNegativeBudget, type PlanDetailInput } from './budget-plan.js';

describe('the budget plan grid', () => {
  it('groups the details under their class (基本支出 above 人员经费 and 公用经费) and category', () => {
    const rows = budgetPlanRows([
      {
        id: 'a',
        expendClass: '00101',
        className: '人员经费',
        categoryId: 'k1',
        categoryName: '工资福利',
        categoryNo: '001001001',
        typeNo: 'JFHS',
        infoNo: '001001001001',
        projectName: '慰问',
        openingFen: 100,
        adjustedFen: 100,
      },
      {
        id: 'b',
        expendClass: '002',
        className: '项目支出',
        categoryId: 'k2',
        categoryName: '基建',
        categoryNo: '002',
        typeNo: 'XMYS',
        infoNo: '002001',
        projectName: '道路',
        openingFen: 200,
        adjustedFen: 200,
      },
    ]);
    expect(rows.map((r) => [r.kind, r.projectName, r.code, r.parentCode])).toEqual([
      ['class', '基本支出', 'JBZC', null],
      ['class', '人员经费', 'RYJF', 'JBZC'],
      ['category', '工资福利', '001001001', 'RYJF'],
      ['detail', '慰问', '001001001001', '001001001'],
      ['class', '项目支出', 'XMZC', null],
      ['category', '基建', '002', 'XMZC'],
      ['detail', '道路', '002001', '002'],
    ]);
  });

  it('keeps two categories of one code (XMYS and XMZC 001) apart, each summing its own detail', () => {
    const detail = (id: string, categoryId: string, typeNo: string, fen: number): PlanDetailInput => ({
      id,
      expendClass: '002',
      className: '项目支出',
      categoryId,
      categoryName: `类别${typeNo}`,
      categoryNo: '001',
      typeNo,
      infoNo: '001001',
      projectName: `明细${typeNo}`,
      openingFen: fen,
      adjustedFen: fen,
    });
    const rows = budgetPlanRows([detail('a', 'k1', 'XMYS', 100), detail('b', 'k2', 'XMZC', 250)]);
    expect(rows.filter((r) => r.kind === 'category').map((r) => r.code)).toEqual(['001', '001（XMZC）']);
    const engine = createGridEngine(createBudgetPlanGrid(), rows);
    try {
      expect([engine.value('k:k1', 'amountBeforeAdjustment'), engine.value('k:k2', 'amountBeforeAdjustment')]).toEqual([
        100, 250,
      ]);
      expect(engine.totals()['totalBeforeAdjustment']).toBe(350);
    } finally {
      engine.destroy();
    }
  });

  it('keys only details’ opening budgets, and only while the plan is editable', () => {
    let editable = true;
    const def = createBudgetPlanGrid({ editable: () => editable });
    const field = def.fields.find((f) => f.id === 'amountBeforeAdjustment');
    const rule = field?.editable;
    if (typeof rule !== 'function') throw new Error('opening budget must be editable by row');
    const [klass, category, detail] = budgetPlanRows([
      {
        id: 'a',
        expendClass: '002',
        className: '项目支出',
        categoryId: 'k',
        categoryName: '基建',
        categoryNo: '001',
        typeNo: 'XMYS',
        infoNo: '001001',
        projectName: '道路',
        openingFen: 1,
        adjustedFen: 1,
      },
    ]);
    expect([klass, category, detail].map((r) => (r ? rule(r) : null))).toEqual([false, false, true]);
    editable = false;
    expect(detail ? rule(detail) : null).toBe(false);
    expect(def.fields.find((f) => f.id === 'projectAmount')?.editable).toBe(false);
  });

  it('marks a negative budget', () => {
    const rows = budgetPlanRows([
      {
        id: 'a',
        expendClass: '002',
        className: '项目支出',
        categoryId: 'k',
        categoryName: '基建',
        categoryNo: '001',
        typeNo: 'XMYS',
        infoNo: '001001',
        projectName: '道路',
        openingFen: -1,
        adjustedFen: 0,
      },
    ]);
    expect(noNegativeBudget(rows)).toEqual([
      { message: BudgetMessages.amountNegative, rowId: 'd:a', fieldId: 'amountBeforeAdjustment' },
    ]);
  });

  it('subtotals every category and class and totals the plan in HyperFormula, for any details, and after a keyed change', () => {
    fc.assert(
      fc.property(detailsArb, fc.integer({ min: 0, max: 1_000_000 }), (details, keyed) => {
        const rows = budgetPlanRows(details);
        const engine = createGridEngine(createBudgetPlanGrid(), rows);
        try {
          const check = (list: readonly PlanDetailInput[]) => {
            for (const d of list) {
              expect(engine.value(`k:${d.categoryId}`, 'amountBeforeAdjustment')).toBe(
                sumOf(list, (x) => x.categoryId === d.categoryId),
              );
              expect(engine.value(`c:${d.expendClass}`, 'amountBeforeAdjustment')).toBe(
                sumOf(list, (x) => x.expendClass === d.expendClass),
              );
            }
            if (list.some((d) => d.expendClass.startsWith('001')))
              expect(engine.value('c:001', 'amountBeforeAdjustment')).toBe(sumOf(list, (x) => x.expendClass.startsWith('001')));
            expect(engine.totals()['totalBeforeAdjustment']).toBe(sumOf(list, () => true));
          };
          check(details);
          const [first, ...rest] = details;
          if (!first) return;
          engine.setCell(`d:${first.id}`, 'amountBeforeAdjustment', keyed);
          check([{ ...first, openingFen: keyed }, ...rest]);
        } finally {
          engine.destroy();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('the budget rules grid', () => {
  const rule = (warnPercent: number | null, controlStatus: number | null = 2): BudgetRuleRow => ({
    rowId: 'r',
    id: 'r',
    className: '项目支出',
    categoryName: '基建',
    projectName: '道路',
    projectAmount: 100,
    controlStatus,
    warnPercent,
  });

  it('takes a threshold of 1% to 100% with two decimals (hundredths of a percent) and a control', () => {
    expect(rulesComplete([rule(100), rule(7550), rule(10_000)])).toEqual([]);
    expect(rulesComplete([rule(99), rule(10_001), rule(null), rule(8000, null)]).map((i) => i.message)).toEqual([
      BudgetMessages.warnPercentRange,
      BudgetMessages.warnPercentRange,
      BudgetMessages.warnPercentRange,
      BudgetMessages.controlStatusInvalid,
    ]);
    const money = budgetRulesGrid.fields.find((f) => f.id === 'warnPercent');
    expect(money?.kind).toBe('money');
  });
});
