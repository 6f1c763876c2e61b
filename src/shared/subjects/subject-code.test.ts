import { describe, expect, it } from 'vitest';
import {
  checkNewSubjectCode,
  codeRulesFor,
  expectedCodeLength,
  levelOfCode,
  nextChildCode,
  SubjectMessages,
  typeOfFirstLevelCode,
  validateNewSubject,
  type NewSubjectContext,
} from './subject-code.js';

const union = codeRulesFor({ id: 'union-2021-grassroots', codeLengths: { first: 3, child: 2 } });
const government = codeRulesFor({ id: 'government-2017', codeLengths: { first: 4, child: 2 } });

function context(overrides: Partial<NewSubjectContext> = {}): NewSubjectContext {
  return {
    rules: union,
    parent: { code: '101', level: 1 },
    siblings: [],
    exists: () => false,
    ...overrides,
  };
}

describe('subject code rules', () => {
  it('knows the charts: union forbids new first-level subjects, government allows 4-digit ones with budget codes', () => {
    expect(union).toEqual({ first: 3, child: 2, allowNewFirstLevel: false, hasBudget: false });
    expect(government).toEqual({ first: 4, child: 2, allowNewFirstLevel: true, hasBudget: true });
    expect(expectedCodeLength(union, null)).toBe(3);
    expect(expectedCodeLength(union, '101')).toBe(5);
    expect(expectedCodeLength(union, '50101')).toBe(7);
    expect(levelOfCode(union, '101')).toBe(1);
    expect(levelOfCode(union, '10101')).toBe(2);
    expect(levelOfCode(union, '1010101')).toBe(3);
  });

  it('checks the code field with the spec messages', () => {
    expect(checkNewSubjectCode('', '101', union)).toBe('请输入科目代码！');
    expect(checkNewSubjectCode('   ', '101', union)).toBe('请输入科目代码！');
    expect(checkNewSubjectCode('10100', '101', union)).toBe('新增科目编码不能为00!');
    expect(checkNewSubjectCode('1011', '101', union)).toBe('新增科目编码只能为5位数字!');
    expect(checkNewSubjectCode('101a1', '101', union)).toBe('新增科目编码只能为5位数字!');
    expect(checkNewSubjectCode('1010101', '10101', union)).toBeNull();
    expect(checkNewSubjectCode('10201', '101', union)).toBe(SubjectMessages.prefix('101'));
    expect(checkNewSubjectCode(' 10101 ', '101', union)).toBeNull();
    expect(checkNewSubjectCode('12', null, government)).toBe('新增科目编码只能为4位数字!');
    expect(checkNewSubjectCode('0000', null, government)).toBe('新增科目编码不能为00!');
  });

  it('refuses a first-level subject in the union chart and checks its type digit in the government one', () => {
    expect(validateNewSubject({ code: '109', name: '新科目', parentCode: null }, context({ parent: null }))).toEqual([
      { message: SubjectMessages.firstLevelForbidden, fieldId: 'parentCode' },
    ]);
    const gov = context({ rules: government, parent: null });
    expect(validateNewSubject({ code: '1999', name: '新科目', parentCode: null }, gov)).toEqual([]);
    expect(validateNewSubject({ code: '9001', name: '新科目', parentCode: null }, gov)).toEqual([
      { message: SubjectMessages.firstLevelType, fieldId: 'code' },
    ]);
    expect(typeOfFirstLevelCode('8101', government)).toBe(8);
    expect(typeOfFirstLevelCode('601', union)).toBeNull();
  });

  it('refuses a sibling of a standard subject, a duplicate, a missing parent and a missing name', () => {
    const standardSiblings = context({ parent: { code: '131', level: 1 }, siblings: [{ code: '13101', isStandard: true }] });
    expect(validateNewSubject({ code: '13103', name: '应收其他', parentCode: '131' }, standardSiblings)).toEqual([
      { message: '不能添加与标准科目同级的科目', fieldId: 'code' },
    ]);
    const own = context({ siblings: [{ code: '10101', isStandard: false }], exists: (c) => c === '10101' });
    expect(validateNewSubject({ code: '10101', name: '现金', parentCode: '101' }, own)).toEqual([
      { message: SubjectMessages.duplicate('10101'), fieldId: 'code' },
    ]);
    expect(validateNewSubject({ code: '10102', name: ' ', parentCode: '101' }, own)).toEqual([
      { message: '请输入科目名称！', fieldId: 'name' },
    ]);
    expect(validateNewSubject({ code: '', name: '', parentCode: '101' }, own)).toEqual([
      { message: '请输入科目代码！', fieldId: 'code' },
      { message: '请输入科目名称！', fieldId: 'name' },
    ]);
    expect(validateNewSubject({ code: '99901', name: 'x', parentCode: '999' }, context({ parent: undefined }))).toEqual([
      { message: SubjectMessages.parentMissing('999'), fieldId: 'parentCode' },
    ]);
    expect(
      validateNewSubject(
        { code: '1010101010101', name: 'x', parentCode: '10101010101' },
        context({ parent: { code: '10101010101', level: 6 } }),
      ),
    ).toEqual([{ message: SubjectMessages.tooDeep(6), fieldId: 'parentCode' }]);
  });

  it('proposes the next free child code, skipping 00 and filling gaps when the level is full', () => {
    expect(nextChildCode('101', [], union)).toBe('10101');
    expect(nextChildCode('501', ['50101', '50102', '50106', '5010101'], union)).toBe('50107');
    expect(nextChildCode(null, ['1001', '8301'], government)).toBe('8302');
    const full = Array.from({ length: 99 }, (_, i) => `101${String(i + 1).padStart(2, '0')}`);
    expect(nextChildCode('101', full, union)).toBeNull();
    expect(
      nextChildCode(
        '101',
        full.filter((c) => c !== '10150'),
        union,
      ),
    ).toBe('10150');
  });
});
