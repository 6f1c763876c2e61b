import { describe, expect, it } from 'vitest';
import { parseCell, formatCell } from '../src/shared/grid/kinds.js';
import { isEditable, validateGrid } from '../src/shared/grid/validate.js';
import { government2017 } from '../templates/charts/index.js';
import { subjectGrid, type SubjectGridRow } from './subject.js';

const rows: SubjectGridRow[] = government2017.subjects.map((s) => ({
  rowId: s.code,
  code: s.code,
  codeName: s.name,
  parentCode: s.parentCode,
  type: s.type,
  balanceDirection: s.balanceDirection,
  lastLevel: true,
  isGovernment: s.isBudget,
  enable: true,
  isStandard: true,
}));

function field(id: string) {
  const f = subjectGrid.fields.find((x) => x.id === id);
  if (!f) throw new Error(id);
  return f;
}

describe('subject grid', () => {
  it('accepts the government chart as it is', () => {
    expect(validateGrid(subjectGrid, rows)).toEqual([]);
  });

  it('shows and reads types by their Chinese names', () => {
    expect(formatCell(field('type'), 6)).toBe('预算收入');
    expect(parseCell(field('type'), '预算支出')).toEqual({ ok: true, value: 7 });
  });

  it('lets only non-standard subjects be renamed or change direction; enable always', () => {
    const own: SubjectGridRow = { ...rows[0]!, rowId: '100101', code: '100101', parentCode: '1001', isStandard: false };
    expect(isEditable(field('codeName'), rows[0]!)).toBe(false);
    expect(isEditable(field('codeName'), own)).toBe(true);
    expect(isEditable(field('balanceDirection'), own)).toBe(true);
    expect(isEditable(field('enable'), rows[0]!)).toBe(true);
    expect(isEditable(field('lastLevel'), own)).toBe(false);
  });

  it('names the bad rows: empty name, duplicate code, missing parent, code outside its parent', () => {
    const bad: SubjectGridRow[] = [
      { ...rows[0]!, rowId: 'a', codeName: '' },
      { ...rows[1]!, rowId: 'b', code: rows[0]!.code },
      { ...rows[2]!, rowId: 'c', code: '999901', parentCode: '9999' },
      { ...rows[3]!, rowId: 'd', code: '102101', parentCode: '1001' },
    ];
    expect(validateGrid(subjectGrid, bad)).toEqual([
      { message: '科目名称不能为空', rowId: 'a', fieldId: 'codeName' },
      { message: '科目编码1001已存在', rowId: 'b', fieldId: 'code' },
      { message: '上级科目9999不存在', rowId: 'c', fieldId: 'code' },
      { message: '下级科目编码必须以上级科目编码1001开头', rowId: 'd', fieldId: 'code' },
    ]);
  });
});
