import { describe, expect, it } from 'vitest';
import {
  CarryForwardMessages,
  orderValue,
  rowRemovalProblem,
  validateCarryForward,
  type CarryForwardDraft,
} from './carry-forward-rules.js';

const good: CarryForwardDraft = {
  name: '非专项资金收支结转',
  summary: '结转本期收支',
  memo: '期末结转',
  carryOverAmountType: 1,
  rows: [{ subjectCode: '401', carryOverAmountType: 1, intoSubjectCode: '32203' }],
};

describe('carry-forward template rules', () => {
  it('accept a complete template', () => {
    expect(validateCarryForward(good)).toEqual([]);
  });

  it('ask for name, summary, explanation and carry-out amount with the spec texts, in the dialog order', () => {
    const issues = validateCarryForward({ ...good, name: ' ', summary: '', memo: '', carryOverAmountType: null });
    expect(issues.map((i) => [i.message, i.fieldId])).toEqual([
      [CarryForwardMessages.name, 'name'],
      ['请输入摘要', 'summary'],
      ['请输入说明', 'memo'],
      ['请输入转出金额', 'carryOverAmountType'],
    ]);
  });

  it('ask each row for carry-out subject, carry-in subject and an amount type 1-5, naming the row', () => {
    const issues = validateCarryForward({
      ...good,
      rows: [
        good.rows[0] ?? { subjectCode: null, carryOverAmountType: null, intoSubjectCode: null },
        { subjectCode: '', carryOverAmountType: 6, intoSubjectCode: null },
      ],
    });
    expect(issues.map((i) => [i.message, i.rowId, i.fieldId])).toEqual([
      ['第2行请选择转出科目', 2, 'subjectCode'],
      ['第2行请选择转入科目', 2, 'intoSubjectCode'],
      ['第2行请选择金额类型', 2, 'carryOverAmountType'],
    ]);
  });

  it('treat a template without rows as one empty row, and refuse carrying a subject into itself', () => {
    expect(validateCarryForward({ ...good, rows: [] }).map((i) => i.rowId)).toEqual([1, 1, 1]);
    expect(
      validateCarryForward({ ...good, rows: [{ subjectCode: '32203', carryOverAmountType: 1, intoSubjectCode: '32203' }] })[0]
        ?.message,
    ).toBe('第1行转出科目与转入科目不能相同');
  });

  it('keep the last row (默认项无法删除) and turn a non-numeric order into 0', () => {
    expect(rowRemovalProblem(1)).toBe('默认项无法删除');
    expect(rowRemovalProblem(2)).toBeNull();
    expect([orderValue('3'), orderValue(' 12 '), orderValue('abc'), orderValue(''), orderValue(1.5), orderValue(null)]).toEqual([
      3, 12, 0, 0, 0, 0,
    ]);
  });
});
