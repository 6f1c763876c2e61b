import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetMessages } from './messages.js';
import { classOfType, validateCategory, validateDetail, type DetailInput } from './setup-rules.js';

const projectType = fc.constantFrom('XMYS' as const, 'XMZC' as const);
const branch = fc.constantFrom('JBZC' as const, 'RYJF' as const, 'GYJF' as const);
const name = fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim() !== '');
const fen = fc.integer({ min: 0, max: 9_999_999_999_999 });
const subjects = fc.uniqueArray(fc.stringMatching(/^[57]\d{2,6}$/), { minLength: 1, maxLength: 4 });

/** A project detail as a holder of zdrapproval keys it, every field valid. */
const validProject = fc.record({ auxiType: projectType, name, amount: fen, subjects }).map((r): DetailInput => ({
  auxiType: r.auxiType,
  categoryClass: classOfType(r.auxiType),
  typeId: 'c1',
  projectName: r.name,
  projectAmount: r.amount,
  amountBeforeAdjustment: r.amount,
  expendBudgetClassification: null,
  subjects: r.subjects,
  mayChooseSubjects: true,
}));

const validExpenditure = fc.record({ auxiType: branch, name, amount: fen }).map((r): DetailInput => ({
  auxiType: r.auxiType,
  categoryClass: classOfType(r.auxiType),
  typeId: 'c1',
  projectName: r.name,
  projectAmount: r.amount,
  amountBeforeAdjustment: r.amount,
  expendBudgetClassification: classOfType(r.auxiType),
  subjects: [],
  mayChooseSubjects: true,
}));

const fields = (input: DetailInput) => validateDetail(input).map((i) => [i.fieldId, i.message]);

describe('budget detail rules (spec messages)', () => {
  it('finds nothing wrong in a complete project or expenditure detail', () => {
    fc.assert(
      fc.property(fc.oneof(validProject, validExpenditure), (input) => {
        expect(validateDetail(input)).toEqual([]);
      }),
    );
  });

  it('names exactly the one missing field of a project detail, with its message', () => {
    fc.assert(
      fc.property(validProject, fc.integer({ min: 0, max: 4 }), (input, which) => {
        const broken: [Partial<DetailInput>, string, string][] = [
          [{ projectName: ' ' }, 'projectName', BudgetMessages.projectNameRequired],
          [{ amountBeforeAdjustment: null }, 'amountBeforeAdjustment', BudgetMessages.openingAmountRequired],
          [{ projectAmount: null }, 'projectAmount', BudgetMessages.projectAmountRequired],
          [{ subjects: [] }, 'subjectCodeArray', BudgetMessages.subjectRequired],
          [{ typeId: null }, 'typeId', BudgetMessages.categoryRequired],
        ];
        const [patch, field, message] = broken[which] ?? broken[0]!;
        expect(fields({ ...input, ...patch })).toEqual([[field, message]]);
      }),
    );
  });

  it('asks for subjects only of a holder of zdrapproval, and never of an expenditure detail', () => {
    fc.assert(
      fc.property(validProject, validExpenditure, (project, expenditure) => {
        expect(validateDetail({ ...project, subjects: [], mayChooseSubjects: false })).toEqual([]);
        expect(fields({ ...expenditure, subjects: ['501'] })).toEqual([
          ['subjectCodeArray', BudgetMessages.expenditureNoSubjects],
        ]);
        expect(fields({ ...expenditure, expendBudgetClassification: null })).toEqual([
          ['expendBudgetClassification', BudgetMessages.subjectRequired],
        ]);
        expect(fields({ ...expenditure, projectAmount: null })).toEqual([['projectAmount', BudgetMessages.amountRequired]]);
      }),
    );
  });

  it('refuses a negative amount and a class other than the category’s', () => {
    fc.assert(
      fc.property(validExpenditure, fc.integer({ min: -9_999_999, max: -1 }), (input, negative) => {
        expect(fields({ ...input, projectAmount: negative })).toEqual([['projectAmount', BudgetMessages.amountNegative]]);
        const other = input.categoryClass === '00101' ? '00102' : '00101';
        expect(fields({ ...input, expendBudgetClassification: other })).toEqual([
          ['expendBudgetClassification', BudgetMessages.classMismatch],
        ]);
      }),
    );
  });
});

describe('budget category rules', () => {
  it('needs a name and, for an expenditure branch, its own class', () => {
    fc.assert(
      fc.property(fc.oneof(projectType, branch), name, (auxiType, typeName) => {
        const own = classOfType(auxiType);
        expect(validateCategory({ auxiType, typeName, expendBudgetClassification: own })).toEqual([]);
        expect(validateCategory({ auxiType, typeName: '  ', expendBudgetClassification: own }).map((i) => i.message)).toEqual([
          BudgetMessages.categoryNameRequired,
        ]);
        const missing = validateCategory({ auxiType, typeName, expendBudgetClassification: null }).map((i) => i.message);
        expect(missing).toEqual(auxiType === 'XMYS' || auxiType === 'XMZC' ? [] : [BudgetMessages.categoryRequired]);
      }),
    );
  });
});
