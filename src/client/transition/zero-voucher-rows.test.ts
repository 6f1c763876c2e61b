import { describe, expect, it } from 'vitest';
import { unionCounty2021, unionGrassroots2021 } from '../../../templates/charts/index.js';
import { adjustmentTemplates } from '../../../templates/transition/adjustment-templates.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { rowsOfTemplate, zeroSaveRequest, zeroVoucherSubjects } from './zero-voucher-rows.js';

let seq = 0;
const newId = () => `r${++seq}`;

describe('the adjustment-voucher editor rows', () => {
  it('fills a template’s subjects and summaries, leaves the amounts to key, pads to six lines', () => {
    const template = adjustmentTemplates.find((t) => t.key === 'catch-up-depreciation');
    if (!template) throw new Error('template');
    const rows = rowsOfTemplate(template, newId);
    expect(rows).toHaveLength(6);
    expect(rows.slice(0, 2).map((r) => [r.summary, r.subjectCode, r.debitAmount, r.creditAmount])).toEqual([
      ['补提折旧', '30104', null, null],
      ['补提折旧', '163', null, null],
    ]);
  });

  it('sends the non-blank lines in yuan, with the id and revision of a saved voucher', () => {
    const template = adjustmentTemplates[0];
    if (!template) throw new Error('template');
    const rows = rowsOfTemplate(template, newId).map((r, i) =>
      i === 0 ? { ...r, debitAmount: 120050 } : i === 1 ? { ...r, creditAmount: 120050 } : r,
    );
    expect(zeroSaveRequest(rows, 2, { id: 'v1', revision: 3 })).toEqual({
      id: 'v1',
      revision: 3,
      numberOfDocument: 2,
      certiDetails: [
        { summary: '补记无形资产', subjectCode: '171', debitAmount: 1200.5, creditAmount: null, auxis: [] },
        { summary: '补记无形资产', subjectCode: '30105', debitAmount: null, creditAmount: 1200.5, auxis: [] },
      ],
    });
    expect(zeroSaveRequest(rows, 0, null)).not.toHaveProperty('id');
  });

  it('offers the set’s subjects and the county subjects it lacks, as last level where the county chart has them so', () => {
    const own = unionGrassroots2021.subjects.map((s) => ({ code: s.code, codeName: s.name }) as SubjectItem);
    const merged = zeroVoucherSubjects(own, unionCounty2021.subjects);
    const byCode = new Map(merged.map((s) => [s.code, s]));
    expect(byCode.get('171')).toMatchObject({ lastLevel: true, codeAndFullName: '171 无形资产（县级科目）', enable: true });
    expect(byCode.get('212')).toMatchObject({ lastLevel: false });
    expect(byCode.get('30104')).toBe(own.find((s) => s.code === '30104'));
    expect(merged.map((s) => s.code)).toEqual([...merged.map((s) => s.code)].sort());
  });
});
