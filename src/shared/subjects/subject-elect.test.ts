import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { electSubjects, type ElectableSubject } from './subject-elect.js';

const subject = fc.record({
  code: fc.stringMatching(/^[1-9][0-9]{0,5}$/),
  codeName: fc.string({ maxLength: 8 }),
  pinyin: fc.stringMatching(/^[a-z0-9]{0,8}$/),
  enable: fc.boolean(),
});

/** The rule as /api/subject/elect wrote it before it moved here. */
function reference(list: readonly ElectableSubject[], keyword: string): ElectableSubject[] {
  const k = keyword.trim().toLowerCase();
  return list.filter(
    (s) => s.enable && (!k || s.code.startsWith(k) || s.codeName.toLowerCase().includes(k) || s.pinyin.includes(k)),
  );
}

describe('electSubjects', () => {
  it('keeps exactly the enabled subjects the keyword finds, in the given order', () => {
    fc.assert(
      fc.property(fc.array(subject, { maxLength: 30 }), fc.string({ maxLength: 4 }), (list, keyword) => {
        expect(electSubjects(list, keyword)).toEqual(reference(list, keyword));
      }),
    );
  });

  it('finds by code prefix, name and pinyin initials, ignoring case and spaces', () => {
    const chart: ElectableSubject[] = [
      { code: '101', codeName: '库存现金', pinyin: 'kcxj', enable: true },
      { code: '102', codeName: '银行存款', pinyin: 'yhck', enable: true },
      { code: '50102', codeName: '文体活动支出', pinyin: 'wthdzc', enable: true },
      { code: '103', codeName: '停用科目', pinyin: 'tykm', enable: false },
    ];
    const codes = (k: string) => electSubjects(chart, k).map((s) => s.code);
    expect(codes(' YHCK ')).toEqual(['102']);
    expect(codes('wthd')).toEqual(['50102']);
    expect(codes('10')).toEqual(['101', '102']);
    expect(codes('现金')).toEqual(['101']);
    expect(codes('tykm')).toEqual([]);
  });
});
