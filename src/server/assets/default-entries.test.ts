/** The default entries of the asset templates 5–13: every template balances for any amounts, on every system. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNTING_SYSTEMS } from '../../shared/api/schemas/zt.js';
import { plannedEntries, templateLines } from './default-entries.js';

const TYPES = [5, 6, 7, 8, 9, 10, 11, 13];

describe('asset default entries', () => {
  it('has lines with both sides for every template type on every system', () => {
    for (const system of ACCOUNTING_SYSTEMS)
      for (const type of TYPES) {
        const lines = templateLines(type, system);
        expect(lines.some((l) => l.side === 1) && lines.some((l) => l.side === 2), `${system} ${type}`).toBe(true);
      }
  });

  it('balances debit and credit for any original value and accumulation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACCOUNTING_SYSTEMS),
        fc.constantFrom(...TYPES),
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (system, type, originalFen, share) => {
          const accumulatedFen = Math.floor(originalFen * share);
          const lines = plannedEntries(type, system, { originalFen, accumulatedFen });
          const side = (d: 1 | 2) => lines.filter((l) => l.balanceDirection === d).reduce((s, l) => s + l.amountFen, 0);
          expect(side(1)).toBe(side(2));
          expect(lines.every((l) => l.amountFen > 0)).toBe(true);
        },
      ),
    );
  });

  it('posts depreciation Dr 30104 / Cr 163 and a disposal Dr 163 + Dr 30104 (net) / Cr 162 on a union set', () => {
    expect(
      plannedEntries(6, 'union-grassroots', { originalFen: 1234 }).map((l) => [l.subjectCode, l.balanceDirection, l.amountFen]),
    ).toEqual([
      ['30104', 1, 1234],
      ['163', 2, 1234],
    ]);
    expect(
      plannedEntries(7, 'union-county', { originalFen: 10000, accumulatedFen: 2500 }).map((l) => [
        l.subjectCode,
        l.balanceDirection,
        l.amountFen,
      ]),
    ).toEqual([
      ['163', 1, 2500],
      ['30104', 1, 7500],
      ['162', 2, 10000],
    ]);
    // Never depreciated: the accumulated line is left out.
    expect(plannedEntries(7, 'union-county', { originalFen: 10000 }).map((l) => l.subjectCode)).toEqual(['30104', '162']);
    expect(plannedEntries(9, 'government', { originalFen: 5 }).map((l) => l.subjectCode)).toEqual(['5001', '1702']);
  });
});
