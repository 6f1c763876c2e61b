import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGridEngine } from '../formulas/engine.js';
import { SHARE_KINDS, type RatioSet, type ShareKind } from '../src/shared/funds/ratios.js';
import { splitReceipt } from '../src/shared/funds/split.js';
import {
  blankFundsEntryRow,
  createFundsEntryGrid,
  FundsEntryMessages,
  fundsEntryIssues,
  SHARE_FIELD,
  type FundsEntryContext,
  type FundsEntryRow,
} from './funds-entry.js';

const ratioSet = (shares: Partial<Record<ShareKind, number>>, fee = 0): RatioSet => {
  const sharesPpm = Object.fromEntries(SHARE_KINDS.map((k) => [k, shares[k] ?? 0])) as Record<ShareKind, number>;
  return { basePpm: Object.values(sharesPpm).reduce((a, b) => a + b, 0), sharesPpm, collectionFeePpm: fee };
};

const CHART: Record<string, { lastLevel: boolean; enable: boolean }> = {
  '102': { lastLevel: true, enable: true },
  '212': { lastLevel: false, enable: true },
};

function contextWith(ratios: RatioSet | null, year = 2026): FundsEntryContext {
  return {
    year,
    month: 3,
    units: [
      { code: '101', name: '第一机械厂工会', ratios },
      { code: '102', name: '实验中学工会', ratios: null },
    ],
    subject: (code) => CHART[code],
  };
}

const row = (rowId: string, values: Partial<FundsEntryRow>): FundsEntryRow => ({ ...blankFundsEntryRow(rowId), ...values });

describe('the share formulas', () => {
  it('are the shared split: for any amount and ratios the engine agrees with splitReceipt to the fen', () => {
    const ppm = fc.integer({ min: 0, max: 400_000 });
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).filter((n) => n !== 0),
          { minLength: 1, maxLength: 5 },
        ),
        fc.tuple(ppm, ppm, ppm, ppm, ppm, ppm).filter((t) => t.some((p) => p > 0)),
        fc.integer({ min: 0, max: 50_000 }),
        (amounts, ppms, fee) => {
          const ratios = ratioSet(Object.fromEntries(SHARE_KINDS.map((k, i) => [k, ppms[i] ?? 0])), fee);
          const def = createFundsEntryGrid({ context: () => contextWith(ratios) });
          const rows = amounts.map((a, i) => row(`r${i}`, { unitCode: '101', fundsAmount: a }));
          const engine = createGridEngine(def, rows);
          try {
            let total = 0;
            amounts.forEach((amount, i) => {
              const split = splitReceipt(amount, ratios);
              for (const k of SHARE_KINDS) expect(engine.value(`r${i}`, SHARE_FIELD[k])).toBe(split.shares[k]);
              expect(engine.value(`r${i}`, 'collectionFeeAmount')).toBe(split.collectionFee);
              expect(engine.value(`r${i}`, 'netAmount')).toBe(split.net);
              total += amount;
            });
            const totals = engine.totals();
            expect(totals['fundsAmountTotal']).toBe(total);
            const sharesTotal = SHARE_KINDS.reduce((sum, k) => sum + (totals[`${SHARE_FIELD[k]}Total`] ?? 0), 0);
            expect(sharesTotal).toBe(total);
          } finally {
            engine.destroy();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follow a change of the unit or the amount, and leave a unit without ratios blank', () => {
    const ratios = ratioSet({ retained: 600_000, superiorOne: 400_000 }, 10_000);
    const def = createFundsEntryGrid({ context: () => contextWith(ratios) });
    const engine = createGridEngine(def, [row('a', { unitCode: '102', fundsAmount: 10_001 })]);
    expect(engine.isDerived('a', 'retainedAmount')).toBe(false);
    engine.setCell('a', 'unitCode', '101');
    expect(engine.value('a', 'retainedAmount')).toBe(6_001);
    expect(engine.value('a', 'superiorOneAmount')).toBe(4_000);
    expect(engine.value('a', 'collectionFeeAmount')).toBe(100);
    expect(engine.value('a', 'netAmount')).toBe(9_901);
    const changes = engine.setCell('a', 'fundsAmount', 20_000);
    expect(changes).toContainEqual({ rowId: 'a', fieldId: 'retainedAmount', value: 12_000 });
    engine.destroy();
  });
});

describe('the rules (spec messages)', () => {
  const ctx = contextWith(ratioSet({ retained: 1_000_000 }));
  const messages = (rows: FundsEntryRow[]) => fundsEntryIssues(rows, ctx).map((i) => `${i.fieldId ?? ''}:${i.message}`);

  it('a blank row is padding, not a receipt; a carried counterpart subject alone does not make one', () => {
    expect(messages([blankFundsEntryRow('a'), blankFundsEntryRow('b', '102')])).toEqual([]);
  });

  it('a started row needs its unit, amount, date and counterpart subject', () => {
    expect(messages([row('a', { summary: '三月' })])).toEqual([
      `unitCode:${FundsEntryMessages.unitRequired}`,
      `fundsAmount:${FundsEntryMessages.amountRequired}`,
      `auxiliaryDateTime:${FundsEntryMessages.dateRequired}`,
      `bankCode:${FundsEntryMessages.bankRequired}`,
    ]);
  });

  it('refuses 0, a parent or unknown counterpart subject, an unknown unit, a date in the next year', () => {
    const full = { unitCode: '101', fundsAmount: 100, auxiliaryDateTime: '2026-12-31', bankCode: '102' };
    expect(messages([row('ok', full)])).toEqual([]);
    expect(messages([row('a', { ...full, fundsAmount: 0 })])).toEqual([`fundsAmount:${FundsEntryMessages.amountZero}`]);
    expect(messages([row('a', { ...full, bankCode: '212' })])).toEqual([`bankCode:${FundsEntryMessages.bankNotLast}`]);
    expect(messages([row('a', { ...full, bankCode: '999' })])).toEqual([`bankCode:${FundsEntryMessages.bankUnknown}`]);
    expect(messages([row('a', { ...full, unitCode: '777' })])).toEqual([`unitCode:${FundsEntryMessages.unitUnknown}`]);
    expect(messages([row('a', { ...full, auxiliaryDateTime: '2027-01-01' })])).toEqual([
      `auxiliaryDateTime:${FundsEntryMessages.dateTooLate(2026)}`,
    ]);
  });

  it('a pasted unit is found by its code or its name', () => {
    const def = createFundsEntryGrid({ context: () => ctx });
    const unit = def.fields.find((f) => f.id === 'unitCode');
    expect(unit?.options?.map((o) => [o.value, o.label])).toEqual([
      ['101', '第一机械厂工会'],
      ['102', '实验中学工会'],
    ]);
  });
});
