import { describe, expect, it } from 'vitest';
import type { VoucherTemplate } from '../../shared/api/templates.js';
import { hasContent, tablesFromTemplate, templateLinesOf } from './voucher-template-rows.js';

const template: VoucherTemplate = {
  id: 't1',
  name: '收到会费',
  policyBasis: '401',
  memo: '',
  template: 1,
  templateName: '常用凭证',
  isBuiltIn: false,
  templateSort: 1,
  isMonth: false,
  details: [
    {
      summary: '收会费',
      subjectCode: '102',
      code: '102',
      subjectName: '银行存款',
      codeAndFullName: '102 银行存款',
      balanceDirection: 1,
      debitAmount: 1200.5,
      creditAmount: null,
      auxis: [],
    },
    {
      summary: '收会费',
      subjectCode: '401',
      code: '401',
      subjectName: '会费收入',
      codeAndFullName: '401 会费收入',
      balanceDirection: 2,
      debitAmount: null,
      creditAmount: 1200.5,
      auxis: [{ typeNo: 'BMHS', infoNo: '001', infoName: '工会办公室' }],
    },
    {
      summary: '预算',
      subjectCode: '6001',
      code: '6001',
      subjectName: '预算收入',
      codeAndFullName: '6001 预算收入',
      balanceDirection: 2,
      debitAmount: null,
      creditAmount: null,
      auxis: [],
    },
  ],
};

let n = 0;
const newId = () => `r${++n}`;

describe('templates in the voucher editor', () => {
  it('fills the lines in fen with their items, padded to six lines', () => {
    const [table] = tablesFromTemplate(template, false, () => false, newId);
    expect(table).toHaveLength(6);
    expect(table?.slice(0, 3).map((r) => [r.summary, r.subjectCode, r.debitAmount, r.creditAmount, r.auxis])).toEqual([
      ['收会费', '102', 120_050, null, null],
      ['收会费', '401', null, 120_050, 'BMHS:001'],
      ['预算', '6001', null, null, null],
    ]);
  });

  it('sends budget subjects to the budget table of a two-table voucher', () => {
    const tables = tablesFromTemplate(template, true, (code) => code.startsWith('6'), newId);
    expect(tables.map((t) => t.filter((r) => r.subjectCode).map((r) => r.subjectCode))).toEqual([['102', '401'], ['6001']]);
  });

  it('turns the lines back into a template, exact yuan, blank lines dropped', () => {
    const [table] = tablesFromTemplate(template, false, () => false, newId);
    expect(hasContent([table ?? []])).toBe(true);
    expect(templateLinesOf(table ?? [])).toEqual([
      { summary: '收会费', subjectCode: '102', debitAmount: '1200.50', creditAmount: null, auxis: [] },
      {
        summary: '收会费',
        subjectCode: '401',
        debitAmount: null,
        creditAmount: '1200.50',
        auxis: [{ typeNo: 'BMHS', infoNo: '001' }],
      },
      { summary: '预算', subjectCode: '6001', debitAmount: null, creditAmount: null, auxis: [] },
    ]);
    expect(hasContent([tablesFromTemplate({ ...template, details: [] }, false, () => false, newId)[0] ?? []])).toBe(false);
  });
});
