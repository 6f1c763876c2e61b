import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpeningRow, TrialResult } from '../api/subjects.js';
import { MONEY_CAP_FEN } from '../money.js';
import {
  fenOf,
  openingDetailToFen,
  openingDetailToYuan,
  openingRowToFen,
  openingRowToYuan,
  trialToFen,
  trialToYuan,
} from './opening-amounts.js';

const fenAmount = fc.integer({ min: -MONEY_CAP_FEN, max: MONEY_CAP_FEN });

describe('opening amounts at the edge: fen inside, yuan on the wire', () => {
  it('sends a row in yuan and takes it back to the same fen (property)', () => {
    fc.assert(
      fc.property(
        fenAmount,
        fc.option(fenAmount, { nil: undefined }),
        fc.option(fenAmount, { nil: undefined }),
        (init, debit, credit) => {
          const detail = { rowId: 'r', code: '101', initAmount: init, cumuleDebitAmount: debit, cumuleCreditAmount: credit };
          if (debit === undefined) delete detail.cumuleDebitAmount;
          if (credit === undefined) delete detail.cumuleCreditAmount;
          const wire = openingDetailToYuan(detail);
          expect(wire.initAmount).toBe(init / 100);
          expect(openingDetailToFen(wire)).toEqual(detail);
          // A yuan amount sent as text converts the same way.
          expect(openingDetailToFen({ ...wire, initAmount: String(wire.initAmount) }).initAmount).toBe(init);
        },
      ),
    );
  });

  it('converts every amount of a row and of the trial check, and nothing else', () => {
    const row: OpeningRow = {
      rowId: '101',
      code: '101',
      codeName: '库存现金',
      codeAndFullName: '101 库存现金',
      type: 1,
      level: 1,
      parentCode: null,
      lastLevel: true,
      balanceDirection: 1,
      isGovernment: false,
      isStandard: true,
      enable: true,
      initAmount: 123_456,
      cumuleDebitAmount: 1,
      cumuleCreditAmount: -20,
      yearInitAmount: 123_435,
      incloudAuxi: false,
      auxiTypeList: [],
      isAuxiliary: false,
      auxiKey: null,
      auxis: [],
      editable: true,
    };
    const wire = openingRowToYuan(row);
    expect(wire).toEqual({
      ...row,
      initAmount: 1234.56,
      cumuleDebitAmount: 0.01,
      cumuleCreditAmount: -0.2,
      yearInitAmount: 1234.35,
    });
    expect(openingRowToFen(wire)).toEqual(row);

    const side = {
      debit: 150_000,
      credit: 100_001,
      difference: 49_999,
      cumuleDebit: 0,
      cumuleCredit: 0,
      cumuleDifference: 0,
      balanced: false,
    };
    const trial: TrialResult = {
      financial: side,
      budget: { ...side, debit: 0, difference: -100_001, balanced: false },
      balanced: false,
    };
    expect(trialToYuan(trial).financial).toEqual({ ...side, debit: 1500, credit: 1000.01, difference: 499.99 });
    expect(trialToFen(trialToYuan(trial))).toEqual(trial);
  });

  it('takes an answered total beyond one amount’s cap, and throws on anything that is no two-decimal yuan', () => {
    expect(fenOf(99_999_999_999.99 * 2)).toBe(MONEY_CAP_FEN * 2);
    expect(() => fenOf(0.1 + 0.2)).toThrow();
    expect(() => fenOf('1.005')).toThrow();
    expect(() => fenOf(Number.NaN)).toThrow();
  });
});
