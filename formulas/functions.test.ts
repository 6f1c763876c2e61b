import { HyperFormula } from 'hyperformula';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerGridFunctions, roundHalfUp } from './functions.js';

let hf: HyperFormula | undefined;

/** Evaluates one formula in a fresh sheet (cells addressed through this helper only). */
function evaluate(formula: string, cells: (string | number | null)[][] = [[]]): unknown {
  hf = HyperFormula.buildFromArray([...cells, [formula]], { licenseKey: 'gpl-v3' });
  const value = hf.getCellValue({ sheet: 0, col: 0, row: cells.length });
  return value instanceof Object && 'type' in value ? `#${String(value.type)}` : value;
}

beforeAll(() => {
  registerGridFunctions();
  registerGridFunctions();
});

afterEach(() => {
  hf?.destroy();
  hf = undefined;
});

describe('RMB_UPPER', () => {
  it.each([
    ['0', '零元整'],
    ['0.05', '伍分'],
    ['10', '壹拾元整'],
    ['100.10', '壹佰元壹角整'],
    ['1001', '壹仟零壹元整'],
    ['1234.5', '壹仟贰佰叁拾肆元伍角整'],
    ['10000000', '壹仟万元整'],
    ['100010001.01', '壹亿零壹万零壹元零壹分'],
    ['-1234.56', '负壹仟贰佰叁拾肆元伍角陆分'],
    ['10^15', '超出最大处理数字'],
    ['1000000000000000.5', '超出最大处理数字'],
    ['-(10^15)', '超出最大处理数字'],
    ['999999999999999', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
  ])('RMB_UPPER(%s) is %s', (arg, expected) => {
    expect(evaluate(`=RMB_UPPER(${arg})`)).toBe(expected);
  });

  it('reads a cell and reports non-numbers as #VALUE!', () => {
    expect(evaluate('=RMB_UPPER(A1)', [[1234.5]])).toBe('壹仟贰佰叁拾肆元伍角整');
    expect(evaluate('=RMB_UPPER(A1)', [['abc']])).toBe('#VALUE');
    expect(evaluate('=RMB_UPPER(A1)', [[null]])).toBe('零元整');
  });
});

describe('ROUND_HALF_UP', () => {
  it.each([
    ['1.005, 2', 1.01],
    ['1.004, 2', 1],
    ['-1.005, 2', -1.01],
    ['2.5', 3],
    ['-2.5', -3],
    ['0.125, 2', 0.13],
    ['1234.5678, 3', 1234.568],
    ['1250, -2', 1300],
    ['-1250, -2', -1300],
    ['1.23, 5', 1.23],
  ])('ROUND_HALF_UP(%s) is %d', (args, expected) => {
    expect(evaluate(`=ROUND_HALF_UP(${args})`)).toBe(expected);
  });

  it('refuses out-of-range digits', () => {
    expect(evaluate('=ROUND_HALF_UP(1, 16)')).toBe('#NUM');
  });

  it('has a plain TS twin', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(2.675, 2)).toBe(2.68);
    expect(roundHalfUp(-0.5)).toBe(-1);
    expect(roundHalfUp(Infinity, 2)).toBe(Infinity);
  });
});
