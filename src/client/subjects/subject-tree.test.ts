import { describe, expect, it } from 'vitest';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { sampleSubject } from '../../shared/subjects/subject-item-sample.js';
import { treeRows } from './subject-tree.js';

function subject(code: string, codeName: string, pinyin: string, parentCode: string | null): SubjectItem {
  return sampleSubject(code, { codeName, pinyin, parentCode, level: parentCode ? 2 : 1 });
}

const chart = [
  subject('102', '银行存款', 'yhck', null),
  subject('101', '库存现金', 'kcxj', null),
  subject('10201', '工商银行', 'gsyh', '102'),
];

describe('treeRows', () => {
  it('orders by code with depth and children', () => {
    const rows = treeRows(chart, '', new Set());
    expect(rows.map((r) => [r.subject.code, r.depth, r.hasChildren])).toEqual([
      ['101', 0, false],
      ['102', 0, true],
      ['10201', 1, false],
    ]);
  });

  it('hides the children of a collapsed row', () => {
    expect(treeRows(chart, '', new Set(['102'])).map((r) => r.subject.code)).toEqual(['101', '102']);
  });

  it('filters by pinyin initials, name or code, keeping ancestors', () => {
    expect(treeRows(chart, 'KCXJ', new Set()).map((r) => r.subject.code)).toEqual(['101']);
    expect(treeRows(chart, '工商', new Set(['102'])).map((r) => r.subject.code)).toEqual(['102', '10201']);
    expect(treeRows(chart, '1020', new Set()).map((r) => r.subject.code)).toEqual(['102', '10201']);
  });
});
