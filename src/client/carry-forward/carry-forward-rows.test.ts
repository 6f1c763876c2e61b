import { describe, expect, it } from 'vitest';
import type { CarryForwardTemplate } from '../../shared/api/templates.js';
import { asksForOthers, draftOf, insertRow, orderRequest, removeRow, requestOf, setInto } from './carry-forward-rows.js';

const template: CarryForwardTemplate = {
  id: 'builtin:carry:x:month-general',
  name: '非专项资金收支结转',
  template: 4,
  templateName: '结转',
  isBuiltIn: true,
  templateSort: 2,
  isMonth: true,
  summary: '结转本期非专项资金收支',
  memo: '期末',
  policyBasis: '',
  carryOverAmountType: 1,
  details: ['401', '501'].map((code) => ({
    subjectCode: code,
    subjectName: '',
    codeAndFullName: code,
    auxis: [],
    carryOverAmountType: 1,
    intoSubjectCode: '32203',
    intoSubjectName: '本年收支结转',
    intoCodeAndFullName: '32203 工会资金结余-本年收支结转',
    intoAuxis: [],
    auxiTypeList: [],
    intoAuxiTypeList: [],
  })),
};

describe('carry-forward dialog rows', () => {
  it('start a new template with one row of the default amount type', () => {
    const draft = draftOf(null, false);
    expect(draft.isMonth).toBe(false);
    expect(draft.rows).toHaveLength(1);
    expect(draft.rows[0]?.carryOverAmountType).toBe(1);
  });

  it('keep the last row (默认项无法删除) and remove any other', () => {
    const draft = draftOf(template, true);
    const two = removeRow(draft.rows, 1);
    expect('rows' in two && two.rows.map((r) => r.subjectCode)).toEqual(['401']);
    if (!('rows' in two)) throw new Error('expected rows');
    expect(removeRow(two.rows, 0)).toEqual({ problem: '默认项无法删除' });
    expect(insertRow(two.rows, 0, 3).map((r) => r.carryOverAmountType)).toEqual([1, 3]);
  });

  it('ask 是否同样设置其他行 only for the first row when another row differs, and set them all when told', () => {
    const rows = draftOf(template, true).rows;
    expect(asksForOthers(rows, 0, '32203')).toBe(false);
    expect(asksForOthers(rows, 0, '32103')).toBe(true);
    expect(asksForOthers(rows, 1, '32103')).toBe(false);
    const auxi = [{ typeNo: 'JFHS', infoNo: '002', infoName: '项目支出' }];
    expect(setInto(rows, 0, '32103', auxi, true).map((r) => [r.intoSubjectCode, r.intoAuxis.length])).toEqual([
      ['32103', 1],
      ['32103', 1],
    ]);
    expect(setInto(rows, 0, '32103', [], false).map((r) => r.intoSubjectCode)).toEqual(['32103', '32203']);
  });

  it('build the save request (the built-in id kept: the server saves a copy) and the order with 0 for non-numbers', () => {
    const request = requestOf({ ...draftOf(template, true), name: ' 新名称 ' });
    expect(request).toMatchObject({ id: template.id, template: 4, name: '新名称', isMonth: true, carryOverAmountType: 1 });
    expect(request.details[0]).toEqual({
      subjectCode: '401',
      auxis: [],
      carryOverAmountType: 1,
      intoSubjectCode: '32203',
      intoAuxis: [],
    });
    const order = orderRequest([template, { ...template, id: 'own', templateSort: 7 }], new Map([['own', 'x']]));
    expect(order.tempInfo).toEqual([
      { id: template.id, templateSort: 2 },
      { id: 'own', templateSort: 0 },
    ]);
  });
});
