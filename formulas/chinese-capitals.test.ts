import { describe, expect, it } from 'vitest';
import { CAPITALS_TOO_LARGE, amountToChineseCapitals, yuanToChineseCapitals } from './chinese-capitals.js';

describe('amountToChineseCapitals (fen)', () => {
  it.each([
    [0, '零元整'],
    [5, '伍分'],
    [50, '伍角整'],
    [55, '伍角伍分'],
    [100, '壹元整'],
    [105, '壹元零伍分'],
    [1000, '壹拾元整'],
    [1500, '壹拾伍元整'],
    [10010, '壹佰元壹角整'],
    [10001, '壹佰元零壹分'],
    [100100, '壹仟零壹元整'],
    [123450, '壹仟贰佰叁拾肆元伍角整'],
    [123456, '壹仟贰佰叁拾肆元伍角陆分'],
    [1000000, '壹万元整'],
    [1010000, '壹万零壹佰元整'],
    [1001000, '壹万零壹拾元整'],
    [10000000, '壹拾万元整'],
    [1000000000, '壹仟万元整'],
    [1000100000, '壹仟万壹仟元整'],
    [10000000000, '壹亿元整'],
    [10001000100, '壹亿零壹万零壹元整'],
    [10001000101, '壹亿零壹万零壹元零壹分'],
    [100000000000, '壹拾亿元整'],
    [100001000000, '壹拾亿零壹万元整'],
    [9999999999999, '玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [100000000000000, '壹万亿元整'],
    [100000000000000n * 100n, '壹佰万亿元整'],
    [-5, '负伍分'],
    [-123450, '负壹仟贰佰叁拾肆元伍角整'],
    [-10001000101, '负壹亿零壹万零壹元零壹分'],
  ])('%s fen is %s', (fen, expected) => {
    expect(amountToChineseCapitals(fen)).toBe(expected);
  });

  it('answers 超出最大处理数字 from 1e15 yuan on, either sign', () => {
    expect(amountToChineseCapitals(10n ** 17n)).toBe(CAPITALS_TOO_LARGE);
    expect(amountToChineseCapitals(-(10n ** 17n))).toBe(CAPITALS_TOO_LARGE);
    expect(amountToChineseCapitals(10n ** 17n - 1n)).toBe('玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
  });

  it('refuses fractions of a fen', () => {
    expect(() => amountToChineseCapitals(1.5)).toThrow(RangeError);
  });
});

describe('yuanToChineseCapitals', () => {
  it.each([
    [0, '零元整'],
    [0.05, '伍分'],
    [10, '壹拾元整'],
    [100.1, '壹佰元壹角整'],
    ['100.10', '壹佰元壹角整'],
    [1001, '壹仟零壹元整'],
    [1234.5, '壹仟贰佰叁拾肆元伍角整'],
    [10000000, '壹仟万元整'],
    [100010001.01, '壹亿零壹万零壹元零壹分'],
    [-0.05, '负伍分'],
    [-100010001.01, '负壹亿零壹万零壹元零壹分'],
    [1.005, '壹元零壹分'],
    [0.004, '零元整'],
    [1e15, CAPITALS_TOO_LARGE],
    [-1e15, CAPITALS_TOO_LARGE],
    [999999999999999, '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
  ])('%s yuan is %s', (yuan, expected) => {
    expect(yuanToChineseCapitals(yuan)).toBe(expected);
  });

  it('is null for what is not a number', () => {
    expect(yuanToChineseCapitals('abc')).toBeNull();
    expect(yuanToChineseCapitals(NaN)).toBeNull();
  });
});
