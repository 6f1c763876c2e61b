import { describe, expect, it } from 'vitest';
import type { AuxiInfo, AuxiType } from '../../shared/api/auxiliary.js';
import { AuxiMessages, checkAuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { findItem, flattenItems, nextTopCode, typeItems } from './auxi-tree.js';

const item = (infoNo: string, infoName: string, parentNo: string | null, children: AuxiInfo[] = []): AuxiInfo => ({
  typeNo: 'JFHS',
  infoNo,
  infoName,
  parentNo,
  isEnable: true,
  isLeaf: children.length === 0,
  children,
});

const type: AuxiType = {
  typeNo: 'JFHS',
  typeName: '经费核算',
  builtInSystem: true,
  enable: true,
  infoList: [item('001', '基本支出', null, [item('001001', '人员经费', '001')]), item('002', '项目支出', null)],
};

describe('auxiliary item trees', () => {
  it('flattens in tree order with depth and path', () => {
    expect(flattenItems(type.infoList ?? []).map((r) => [r.item.infoNo, r.depth, r.path])).toEqual([
      ['001', 0, '基本支出'],
      ['001001', 1, '基本支出 / 人员经费'],
      ['002', 0, '项目支出'],
    ]);
    expect(findItem(type.infoList ?? [], '001001')?.infoName).toBe('人员经费');
  });

  it('feeds the shared choice rule: missing, parent and leaf', () => {
    const types = [typeItems(type)];
    expect(checkAuxiChoice(types, [])).toEqual([AuxiMessages.itemsRequired]);
    expect(checkAuxiChoice(types, [{ typeNo: 'JFHS', infoNo: '001' }])).toEqual([AuxiMessages.leafOnly('经费核算')]);
    expect(checkAuxiChoice(types, [{ typeNo: 'JFHS', infoNo: '001001' }])).toEqual([]);
  });
});

describe('nextTopCode', () => {
  it('proposes one more than the largest numeric top-level code, keeping its width', () => {
    expect(nextTopCode([item('001', '基本支出', null), item('002', '项目支出', null)])).toBe('003');
    expect(nextTopCode([item('009', 'a', null), item('HD01', 'b', null)])).toBe('010');
    expect(nextTopCode([item('999', 'a', null)])).toBe('1000');
  });

  it('starts at 001', () => {
    expect(nextTopCode([])).toBe('001');
    expect(nextTopCode([item('HD01', 'b', null)])).toBe('001');
  });
});
