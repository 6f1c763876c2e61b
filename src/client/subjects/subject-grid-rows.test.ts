import { describe, expect, it } from 'vitest';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { sampleSubject } from '../../shared/subjects/subject-item-sample.js';
import { subjectEdits, subjectGridRow, treeStateOf } from './subject-grid-rows.js';

function subject(code: string, codeName: string, parentCode: string | null, isStandard = false): SubjectItem {
  return sampleSubject(code, {
    codeName,
    parentCode,
    isStandard,
    level: parentCode ? 2 : 1,
    lastLevel: !!parentCode,
    auxiTypeList: parentCode ? [{ typeNo: 'JFHS', typeName: '经费核算' }] : [],
  });
}

const parent = subject('102', '银行存款', null, true);
const child = subject('10201', '工商银行', '102');
const chart = new Map([parent, child].map((s) => [s.code, s]));

describe('subject grid rows', () => {
  it('carries what the grid shows, auxiliary types as names', () => {
    expect(subjectGridRow(child)).toMatchObject({
      rowId: '10201',
      codeName: '工商银行',
      auxiTypes: '经费核算',
      isStandard: false,
    });
  });

  it('gives parents a toggle, except while filtering', () => {
    const row = { subject: parent, depth: 0, hasChildren: true };
    expect(treeStateOf(row, new Set(), false)).toBe('expanded');
    expect(treeStateOf(row, new Set(['102']), false)).toBe('collapsed');
    expect(treeStateOf(row, new Set(), true)).toBeNull();
    expect(treeStateOf({ subject: child, depth: 1, hasChildren: false }, new Set(), false)).toBeNull();
  });
});

describe('subjectEdits', () => {
  const rows = [subjectGridRow(parent), subjectGridRow(child)];

  it('sends nothing for unchanged rows', () => {
    expect(subjectEdits(chart, rows)).toEqual([]);
  });

  it('saves a new name or direction with the rest of the subject as it was', () => {
    const renamed = [rows[0]!, { ...rows[1]!, codeName: ' 建设银行 ' }];
    expect(subjectEdits(chart, renamed)).toEqual([
      {
        kind: 'save',
        body: { id: '10201', code: '10201', codeName: '建设银行', parentCode: '102', balanceDirection: 1 },
      },
    ]);
    const turned = [rows[0]!, { ...rows[1]!, balanceDirection: 2 as const }];
    expect(subjectEdits(chart, turned)[0]).toMatchObject({ kind: 'save', body: { codeName: '工商银行', balanceDirection: 2 } });
  });

  it('switches enable through its own call', () => {
    expect(subjectEdits(chart, [{ ...rows[0]!, enable: false }])).toEqual([
      { kind: 'enable', body: { code: '102', enable: false } },
    ]);
  });

  it('does not send a cell that fails (the grid marks it)', () => {
    expect(subjectEdits(chart, [{ ...rows[1]!, codeName: null as unknown as string }])).toEqual([]);
    expect(subjectEdits(chart, [{ ...rows[1]!, codeName: '' }])).toEqual([]);
    expect(subjectEdits(chart, [{ ...rows[1]!, codeName: '长'.repeat(200) }])).toEqual([]);
    expect(subjectEdits(chart, [{ ...rows[1]!, balanceDirection: null as unknown as 1 }])).toEqual([]);
    expect(subjectEdits(chart, [{ ...rows[1]!, enable: null as unknown as boolean }])).toEqual([]);
  });
});
