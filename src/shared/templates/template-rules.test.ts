import { describe, expect, it } from 'vitest';
import { TemplateMessages, templateLines, validateTemplate, type TemplateDraft } from './template-rules.js';

const good: TemplateDraft = {
  name: '收到会费',
  policyBasis: '《工会会计制度》401 会费收入',
  template: 1,
  lines: [
    { summary: '收到会费', subjectCode: '102', debitFen: 10000, creditFen: null },
    { summary: '收到会费', subjectCode: '401', debitFen: null, creditFen: 10000 },
  ],
};

describe('voucher template rules', () => {
  it('accepts a complete template', () => {
    expect(validateTemplate(good)).toEqual([]);
  });

  it('asks for name, policy basis and type with the spec messages', () => {
    const issues = validateTemplate({ ...good, name: ' ', policyBasis: '', template: null });
    expect(issues.map((i) => i.message)).toEqual([TemplateMessages.name, TemplateMessages.policyBasis, TemplateMessages.type]);
    expect(validateTemplate({ ...good, template: 4 }).map((i) => i.message)).toEqual([TemplateMessages.type]);
  });

  it('needs a subject on an amount row, except for types 5, 8 and 11', () => {
    const lines = [{ summary: '购入', subjectCode: null, debitFen: 500, creditFen: null }];
    expect(validateTemplate({ ...good, lines })).toEqual([{ message: '第1行科目不能为空', rowId: 1, fieldId: 'subjectCode' }]);
    for (const template of [5, 8, 11]) expect(validateTemplate({ ...good, template, lines })).toEqual([]);
    // A row without an amount may leave its subject to the user.
    expect(
      validateTemplate({ ...good, lines: [{ summary: '摘要', subjectCode: null, debitFen: null, creditFen: null }] }),
    ).toEqual([]);
  });

  it('needs at least one line and drops blank ones', () => {
    const blank = { summary: ' ', subjectCode: '', debitFen: null, creditFen: 0 };
    expect(validateTemplate({ ...good, lines: [blank] }).map((i) => i.message)).toEqual([TemplateMessages.lines]);
    expect(templateLines([blank, ...good.lines])).toEqual(good.lines);
  });
});
