import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RatioMessages, WHOLE_PPM, lowerUnitRatioError, percentToPpm, ppmToPercent, ppmToPercentText } from './ratios.js';

const shares = (retained: number, superiorOne = 0, superiorTwo = 0, lower = 0) => ({
  retained,
  superiorOne,
  superiorTwo,
  lower,
  preparatory: 0,
  smallBusiness: 0,
});

describe('percentToPpm', () => {
  it('reads percentages as typed, with or without %', () => {
    expect(percentToPpm(60)).toEqual({ ok: true, ppm: 600_000 });
    expect(percentToPpm('12.5%')).toEqual({ ok: true, ppm: 125_000 });
    expect(percentToPpm('0.0625')).toEqual({ ok: true, ppm: 625 });
    expect(percentToPpm(0.1 + 0.2)).toEqual({ ok: false, message: RatioMessages.format });
  });

  it('refuses negatives, more than four decimals, above 100% and text', () => {
    for (const bad of [-1, '1.00001', 100.5, 'abc', '']) expect(percentToPpm(bad)).toMatchObject({ ok: false });
  });

  it('round-trips every four-decimal percentage through ppm and its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: WHOLE_PPM }), (ppm) => {
        expect(percentToPpm(ppmToPercentText(ppm))).toEqual({ ok: true, ppm });
        expect(percentToPpm(ppmToPercent(ppm))).toEqual({ ok: true, ppm });
      }),
    );
  });
});

describe('lowerUnitRatioError', () => {
  it('holds a same-level unit to exactly 100%', () => {
    expect(lowerUnitRatioError({ sameLevel: true, upperPpm: null, shares: shares(600_000, 300_000, 0, 100_000) })).toBeNull();
    expect(lowerUnitRatioError({ sameLevel: true, upperPpm: null, shares: shares(600_000, 300_000) })).toBe(
      RatioMessages.sameLevelSum('90'),
    );
  });

  it('holds another unit to its upper-remittance ratio', () => {
    expect(lowerUnitRatioError({ sameLevel: false, upperPpm: 400_000, shares: shares(200_000, 150_000, 50_000) })).toBeNull();
    expect(lowerUnitRatioError({ sameLevel: false, upperPpm: 400_000, shares: shares(200_000, 150_000) })).toBe(
      RatioMessages.lowerSum('35', '40'),
    );
    expect(lowerUnitRatioError({ sameLevel: false, upperPpm: null, shares: shares(1) })).toBe(RatioMessages.upperRatioRequired);
    expect(lowerUnitRatioError({ sameLevel: false, upperPpm: 0, shares: shares(0) })).toBe(RatioMessages.upperRatioNonZero);
  });
});
