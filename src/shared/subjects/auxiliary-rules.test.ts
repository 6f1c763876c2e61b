import { describe, expect, it } from 'vitest';
import {
  auxiKeyOf,
  AuxiMessages,
  BUILT_IN_AUXI_ITEMS,
  BUILT_IN_AUXI_TYPES,
  checkAuxiChoice,
  checkAuxiTypeName,
  checkEnableItem,
  checkTypeChange,
  parseAuxiKey,
  validateAuxiItem,
  type AuxiTypeItems,
} from './auxiliary-rules.js';

describe('auxiliary rules', () => {
  it('has the spec built-in type codes, and seeded items that obey the item rules', () => {
    expect(BUILT_IN_AUXI_TYPES.map((t) => t.typeNo)).toEqual([
      'ZHGNFLKM',
      'BMYSJJFLKM',
      'ZJLY',
      'ZCHS',
      'XMYS',
      'JFHS',
      'BMHS',
      'DEPARTMENT',
      'XMZC',
    ]);
    for (const item of BUILT_IN_AUXI_ITEMS) {
      expect(validateAuxiItem(item)).toEqual([]);
      expect(BUILT_IN_AUXI_TYPES.some((t) => t.typeNo === item.typeNo)).toBe(true);
    }
  });

  it('checks type names', () => {
    expect(checkAuxiTypeName('  ')).toBe('请填写类型名称');
    expect(checkAuxiTypeName('供应商')).toBeNull();
    expect(checkAuxiTypeName('长'.repeat(33))).toBe(AuxiMessages.typeNameTooLong);
  });

  it('checks item codes: required, at most 20, letters and digits, a sub-item is the parent plus 3 digits', () => {
    expect(validateAuxiItem({ infoNo: '', infoName: '', parentNo: null })).toEqual([
      { message: '请输入辅助项编码！', fieldId: 'infoNo' },
      { message: '请输入辅助项名称！', fieldId: 'infoName' },
    ]);
    expect(validateAuxiItem({ infoNo: '1'.repeat(21), infoName: 'a', parentNo: null })[0]?.message).toBe(
      AuxiMessages.codeTooLong,
    );
    expect(validateAuxiItem({ infoNo: '1'.repeat(20), infoName: 'a', parentNo: null })).toEqual([]);
    expect(validateAuxiItem({ infoNo: 'A-1', infoName: 'a', parentNo: null })[0]?.message).toBe(AuxiMessages.codeChars);
    expect(validateAuxiItem({ infoNo: '00101', infoName: 'a', parentNo: '001' })[0]?.message).toBe('下级辅助项编码只能为3位数字');
    expect(validateAuxiItem({ infoNo: '001A01', infoName: 'a', parentNo: '001' })[0]?.message).toBe(
      '下级辅助项编码只能为3位数字',
    );
    expect(validateAuxiItem({ infoNo: '002001', infoName: 'a', parentNo: '001' })[0]?.message).toBe(
      AuxiMessages.subPrefix('001'),
    );
    expect(validateAuxiItem({ infoNo: '001001', infoName: 'a', parentNo: '001' })).toEqual([]);
  });

  it('does not enable a child under a disabled parent', () => {
    expect(checkEnableItem(true, false)).toBe('上级辅助项已停用，不能启用下级辅助项');
    expect(checkEnableItem(true, true)).toBeNull();
    expect(checkEnableItem(true, null)).toBeNull();
    expect(checkEnableItem(false, false)).toBeNull();
  });

  it('keys a combination the same whatever the order', () => {
    const key = auxiKeyOf([
      { typeNo: 'ZJLY', infoNo: '001' },
      { typeNo: 'JFHS', infoNo: '001001' },
    ]);
    expect(key).toBe('JFHS:001001|ZJLY:001');
    expect(auxiKeyOf([...parseAuxiKey(key)].reverse())).toBe(key);
    expect(parseAuxiKey('')).toEqual([]);
  });

  it('requires one enabled leaf item per type of the subject', () => {
    const types: AuxiTypeItems[] = [
      {
        typeNo: 'JFHS',
        typeName: '经费核算',
        items: new Map([
          ['001', { infoName: '基本支出', isLeaf: false, isEnable: true }],
          ['001001', { infoName: '人员经费', isLeaf: true, isEnable: true }],
          ['002', { infoName: '项目支出', isLeaf: true, isEnable: false }],
        ]),
      },
    ];
    expect(checkAuxiChoice(types, [{ typeNo: 'JFHS', infoNo: '001001' }])).toEqual([]);
    expect(checkAuxiChoice(types, [])).toEqual(['辅助项不能为空!']);
    expect(checkAuxiChoice(types, [{ typeNo: 'JFHS', infoNo: '' }])).toEqual(['辅助项不能为空!']);
    expect(checkAuxiChoice(types, [{ typeNo: 'JFHS', infoNo: '001' }])).toEqual([AuxiMessages.leafOnly('经费核算')]);
    expect(checkAuxiChoice(types, [{ typeNo: 'JFHS', infoNo: '002' }])).toEqual([
      AuxiMessages.itemDisabled('经费核算', '项目支出'),
    ]);
    expect(checkAuxiChoice(types, [{ typeNo: 'JFHS', infoNo: '009' }])).toEqual([AuxiMessages.itemMissing('经费核算')]);
    expect(
      checkAuxiChoice(types, [
        { typeNo: 'JFHS', infoNo: '001001' },
        { typeNo: 'ZJLY', infoNo: '001' },
      ]),
    ).toEqual([AuxiMessages.notOfSubject('ZJLY')]);
  });

  it('locks the types of a subject with opening data', () => {
    expect(checkTypeChange('50101', ['ZJLY'], ['ZJLY'], true)).toBeNull();
    expect(checkTypeChange('50101', ['ZJLY'], [], false)).toBeNull();
    expect(checkTypeChange('50101', ['ZJLY'], [], true)).toBe(AuxiMessages.typesLocked('50101'));
    expect(checkTypeChange('50101', [], ['ZJLY'], true)).toBe(AuxiMessages.typesLocked('50101'));
  });
});
