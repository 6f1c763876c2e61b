import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ppmToPercentText, RatioMessages, WHOLE_PPM } from './ratios.js';
import { checkLowerUnitForm, checkOrgForm, checkPhone, checkUnitCode, UnitMessages } from './unit-rules.js';

/** Four shares (ppm, whole hundredths of a percent) and their sum. */
const shares = fc
  .tuple(fc.nat(250_000), fc.nat(250_000), fc.nat(250_000), fc.nat(250_000))
  .map((ppm) => ppm.map((p) => p - (p % 100)) as [number, number, number, number]);
const text = (ppm: number) => ppmToPercentText(ppm);

describe('the funds accounting dialog’s rule (server and page alike)', () => {
  it('accepts exactly the share sets that add up to the upper-remittance ratio, and names the sum otherwise', () => {
    fc.assert(
      fc.property(shares, fc.integer({ min: -3, max: 3 }), ([a, b, c, d], off) => {
        const sum = a + b + c + d;
        const upper = sum + off * 100;
        fc.pre(upper > 0 && upper <= WHOLE_PPM);
        const result = checkLowerUnitForm({
          sameLevel: false,
          lowerLevelUpperSolutionRatio: text(upper),
          retentionRatioThisLevel: text(a),
          dealingWithSuperiorRatioOne: text(b),
          dealingWithSuperiorRatioTwo: text(c),
          copeWithSubordinateRatio: text(d),
        });
        if (off === 0) {
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.ratios.basePpm).toBe(upper);
        } else {
          expect(result).toEqual({
            ok: false,
            issues: [expect.objectContaining({ message: RatioMessages.lowerSum(text(sum), text(upper)) })],
          });
        }
      }),
    );
  });

  it('a same-level unit’s shares add up to 100% whatever the upper ratio typed', () => {
    const ok = checkLowerUnitForm({
      sameLevel: true,
      lowerLevelUpperSolutionRatio: '5',
      retentionRatioThisLevel: 60,
      dealingWithSuperiorRatioOne: '40%',
    });
    expect(ok.ok && ok.ratios.basePpm).toBe(WHOLE_PPM);
    const short = checkLowerUnitForm({ sameLevel: true, retentionRatioThisLevel: 60, dealingWithSuperiorRatioOne: 30 });
    expect(short.ok ? null : short.issues[0]?.message).toBe(RatioMessages.sameLevelSum('90'));
  });

  it('refuses a subject beside an empty or zero ratio', () => {
    const result = checkLowerUnitForm({
      sameLevel: true,
      retentionRatioThisLevel: 100,
      copeWithSubordinateRatio: '0',
      copeWithLowerLevelSubjects: '21202',
    });
    expect(result.ok ? null : result.issues).toEqual([
      { message: UnitMessages.subjectWithoutRatio('应付下级'), fieldId: 'copeWithLowerLevelSubjects' },
    ]);
  });
});

describe('the funding organisation’s rules', () => {
  it('sjrate is the sum of the five, not 0, and with lcrate at most 100%', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(200_000), { minLength: 5, maxLength: 5 }), fc.nat(WHOLE_PPM), (five, lc) => {
        const [bj, bjsj, hb, jh, xw] = five.map((p) => p - (p % 100)) as [number, number, number, number, number];
        const lcr = lc - (lc % 100);
        const sum = bj + bjsj + hb + jh + xw;
        const result = checkOrgForm({
          code: '3001',
          name: '税务代征',
          lx: 1,
          phone: '',
          bjRata: text(bj),
          bjsjRate: text(bjsj),
          hbRate: text(hb),
          fundsPayableJianhui: text(jh),
          smallBusinessReturns: text(xw),
          lcrate: text(lcr),
        });
        if (sum === 0) expect(result.ok ? null : result.issues[0]?.message).toBe(RatioMessages.orgSumZero);
        else if (sum + lcr > WHOLE_PPM)
          expect(result.ok ? null : result.issues[0]?.message).toBe(UnitMessages.orgOver100(text(sum), text(lcr)));
        else expect(result.ok && result.ratios.basePpm).toBe(sum);
      }),
    );
  });

  it('checks the code, the phone and the type with the spec’s messages', () => {
    expect(checkUnitCode('')).toBe(RatioMessages.handCodeRequired);
    expect(checkUnitCode('12a')).toBe(UnitMessages.codeNumeric);
    expect(checkUnitCode('1'.repeat(21))).toBe(RatioMessages.handCodeTooLong);
    expect(checkUnitCode('1'.repeat(20))).toBeNull();
    expect(checkPhone('1380013800x')).toBe('手机号只能为数值');
    expect(checkPhone('23800138000')).toBe('手机格式不正确');
    expect(checkPhone('13800138000')).toBeNull();
    const noType = checkOrgForm({ code: '1', name: 'x', lx: null, phone: '', bjRata: 20 });
    expect(noType.ok ? null : noType.issues.map((i) => i.fieldId)).toEqual(['lx']);
  });
});
