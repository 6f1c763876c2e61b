/**
 * The funds-entry workbook as an auditor gets it (grids/funds-entry.ts export.rowFormulas): every
 * share, the fee and the bank's amount are live formulas of the row's amount and the unit's
 * ratios, and recalculated by a spreadsheet engine (HyperFormula, through checkWorkbook) they give
 * the shared split to the fen, for any amounts and ratios.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankFundsEntryRow, createFundsEntryGrid, SHARE_FIELD, type FundsEntryRow } from '../../../grids/funds-entry.js';
import { sampleHeading } from '../../../grids/workbook/sample-heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { SHARE_KINDS, WHOLE_PPM, type RatioSet, type ShareKind } from '../../shared/funds/ratios.js';
import { splitReceipt } from '../../shared/funds/split.js';
import { checkWorkbook } from '../test-support/workbook-check.js';

const ratiosArb = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: WHOLE_PPM }), { minLength: SHARE_KINDS.length, maxLength: SHARE_KINDS.length }),
    fc.integer({ min: 0, max: 50_000 }),
  )
  .filter(([shares]) => shares.some((s) => s > 0))
  .map(([shares, fee]): RatioSet => {
    const sharesPpm = Object.fromEntries(SHARE_KINDS.map((k, i) => [k, shares[i] ?? 0])) as Record<ShareKind, number>;
    return { basePpm: shares.reduce((a, b) => a + b, 0), sharesPpm, collectionFeePpm: fee };
  });
const amountsArb = fc.array(
  fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }).filter((n) => n !== 0),
  { minLength: 1, maxLength: 6 },
);

describe('the funds-entry workbook', () => {
  it('recalculates every share, the fee and the bank amount from live formulas to the split', async () => {
    await fc.assert(
      fc.asyncProperty(ratiosArb, amountsArb, async (ratios, amounts) => {
        const def = createFundsEntryGrid({
          context: () => ({
            year: 2026,
            month: 3,
            units: [{ code: '9001', name: '一厂工会', ratios }],
            subject: () => ({ lastLevel: true, enable: true }),
          }),
        });
        const rows: FundsEntryRow[] = amounts.map((fen, i) => {
          const split = splitReceipt(fen, ratios);
          const row: FundsEntryRow = {
            ...blankFundsEntryRow(`r${i}`, '102'),
            unitCode: '9001',
            fundsAmount: fen,
            auxiliaryDateTime: '2026-03-02',
            collectionFeeAmount: split.collectionFee,
            netAmount: split.net,
          };
          for (const k of SHARE_KINDS) row[SHARE_FIELD[k]] = split.shares[k];
          return row;
        });
        const heading = sampleHeading();
        const bytes = await buildWorkbook(def, rows, heading).xlsx.writeBuffer();
        const sheet = (await checkWorkbook(bytes, { heading })).sheet();
        const col = (field: string) => def.fields.findIndex((f) => f.id === field) + 1;
        const formulaAt = new Set(sheet.formulas.map((f) => `${f.row}:${f.col}`));
        const headerRow = sheet.rowOf(1, '缴款单位');
        amounts.forEach((fen, i) => {
          const at = headerRow + 1 + i;
          const split = splitReceipt(fen, ratios);
          expect(sheet.value(at, col('fundsAmount'))).toBe(fen / 100);
          for (const k of SHARE_KINDS) {
            if (ratios.sharesPpm[k] === 0) continue;
            expect(formulaAt.has(`${at}:${col(SHARE_FIELD[k])}`)).toBe(true);
            expect(sheet.value(at, col(SHARE_FIELD[k]))).toBe(split.shares[k] / 100);
          }
          if (ratios.collectionFeePpm > 0) expect(sheet.value(at, col('collectionFeeAmount'))).toBe(split.collectionFee / 100);
          expect(formulaAt.has(`${at}:${col('netAmount')}`)).toBe(true);
          expect(sheet.value(at, col('netAmount'))).toBe(split.net / 100);
        });
      }),
      { numRuns: 30 },
    );
  });
});
