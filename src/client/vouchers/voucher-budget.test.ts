import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetMessages } from '../../shared/budget/messages.js';
import {
  budgetNote,
  budgetUse,
  figuresOf,
  forbiddenChoice,
  remainingOf,
  warnedOverruns,
  type BudgetFigures,
  type BudgetLine,
} from './voucher-budget.js';
import { lineAuxiKey, lineAuxisOf, withTarget } from './line-auxis.js';

const warn: BudgetFigures = {
  budgetId: 'w',
  name: '职工运动会',
  balance: 700_00,
  status: 2,
  subjects: ['501'],
  hasIndicators: false,
};
const forbid: BudgetFigures = { budgetId: 'f', name: '读书活动', balance: 400_00, status: 3, subjects: [], hasIndicators: false };
const figures = new Map([
  ['XMYS:901001', warn],
  ['XMYS:901002', forbid],
]);

const expense = (auxis: string, debit: number | null, subjectCode = '50101', credit: number | null = null): BudgetLine => ({
  subjectCode,
  auxis,
  debitAmount: debit,
  creditAmount: credit,
});

describe('the voucher’s budgets', () => {
  it('reads the budget details and their figures from the auxiliary answer, in fen', () => {
    const read = figuresOf([
      {
        infoList: [
          {
            typeNo: 'XMYS',
            infoNo: '901',
            infoName: '职工活动',
            parentNo: null,
            isEnable: true,
            isLeaf: false,
            children: [
              {
                typeNo: 'XMYS',
                infoNo: '901001',
                infoName: '职工运动会',
                parentNo: '901',
                isEnable: true,
                isLeaf: true,
                children: [],
                budgetId: 'w',
                budgetAmount: 1000,
                endAmount: 300.5,
                balance: 699.5,
                budgetExecutionStatus: 2,
                finalSubjects: ['501'],
              },
            ],
          },
        ],
      },
    ]);
    expect([...read.entries()]).toEqual([['XMYS:901001', { ...warn, balance: 699_50 }]]);
  });

  it('counts what the lines spend on the subjects a detail counts (credits lower it)', () => {
    const use = budgetUse(
      [
        expense('XMYS:901001', 100_00),
        expense('XMYS:901001', null, '50101', 30_00),
        expense('XMYS:901001', 999_00, '50501'), // not a subject the detail counts
        expense('XMYS:901002', 50_00, '50501'), // no subjects named: every expense (5) subject
        expense('XMYS:901002', 50_00, '101'), // not an expense subject
        expense('XMZC:001', 10_00),
      ],
      figures,
      false,
    );
    expect([...use.entries()]).toEqual([
      ['XMYS:901001', 70_00],
      ['XMYS:901002', 50_00],
    ]);
  });

  it('shows the remaining as the voucher leaves it, and an overrun by its control', () => {
    const view = (now: BudgetLine[], loaded: BudgetLine[] = []) => ({
      figures,
      now: budgetUse(now, figures, false),
      loaded: budgetUse(loaded, figures, false),
    });
    expect(budgetNote(view([expense('XMYS:901001', 200_00)]), 'XMYS:901001')).toEqual({ text: '预算余额 500.00' });
    expect(budgetNote(view([expense('XMYS:901001', 800_00)]), 'XMYS:901001')).toEqual({
      text: `${BudgetMessages.overrunWarned} 预算余额 -100.00`,
      tone: 'warning',
    });
    expect(budgetNote(view([expense('XMYS:901002', 400_01)]), 'XMYS:901002')).toEqual({
      text: '不能超预算执行 预算余额 -0.01',
      tone: 'error',
    });
    expect(budgetNote(view([]), 'ZJLY:01')).toBeUndefined();
    expect(warnedOverruns(view([expense('XMYS:901001', 800_00), expense('XMYS:901002', 900_00)]))).toEqual(['职工运动会']);
    // An edit of a voucher that spent 800 when loaded: that 800 is already in the server's spent.
    const edit = view([expense('XMYS:901001', 750_00)], [expense('XMYS:901001', 800_00)]);
    expect(remainingOf(edit, 'XMYS:901001')).toBe(750_00);
    expect(warnedOverruns(edit)).toEqual([]);
  });

  it('an unchanged voucher leaves every remaining as the server answered it', () => {
    const line = fc.record({
      auxis: fc.constantFrom('XMYS:901001', 'XMYS:901002', 'XMYS:901001|ZJLY:01', null),
      subjectCode: fc.constantFrom('50101', '50501', '101', '401', null),
      debitAmount: fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: null }),
      creditAmount: fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const use = budgetUse(lines, figures, false);
        const v = { figures, now: use, loaded: use };
        return [...figures.entries()].every(([key, f]) => remainingOf(v, key) === f.balance);
      }),
    );
  });

  it('refuses a forbid project in the picker when nothing is left for the line', () => {
    expect(forbiddenChoice(forbid, 0, 0)).toBeNull();
    expect(forbiddenChoice(forbid, 400_00, 0)).toBe(BudgetMessages.overrunForbidden(0));
    expect(forbiddenChoice({ ...forbid, balance: -5_00 }, 0, 0)).toBe(BudgetMessages.overrunForbidden(0));
    expect(forbiddenChoice(forbid, 400_00, 100_00)).toBeNull();
    expect(forbiddenChoice(warn, 10_000_00, 0)).toBeNull();
  });
});

describe('a line’s items with a budget indicator', () => {
  it('keeps the indicator as a third part of the key and gives it back as targetID', () => {
    const key = lineAuxiKey([
      { typeNo: 'XMYS', infoNo: '801001', targetID: '0101' },
      { typeNo: 'ZJLY', infoNo: '01' },
    ]);
    expect(key).toBe('XMYS:801001:0101|ZJLY:01');
    expect(lineAuxisOf(key)).toEqual([
      { typeNo: 'XMYS', infoNo: '801001', targetID: '0101' },
      { typeNo: 'ZJLY', infoNo: '01' },
    ]);
    expect(withTarget(key, 'XMYS', '0102')).toBe('XMYS:801001:0102|ZJLY:01');
    expect(withTarget(key, 'XMYS', null)).toBe('XMYS:801001|ZJLY:01');
    expect(lineAuxiKey([{ typeNo: 'ZJLY', infoNo: '01', targetID: null }])).toBe('ZJLY:01');
  });
});
