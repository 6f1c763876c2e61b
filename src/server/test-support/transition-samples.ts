/**
 * Worksheets for the export's tests and bench, computed as the server computes them but without a database: the
 * mapping of a level, the old chart's facts, and the new facts of the county chart (what readWorksheet falls back to
 * for a set without its own chart).
 */
import fc from 'fast-check';
import { findSubject, union2009 } from '../../../templates/charts/index.js';
import { transitionRows } from '../../../templates/transition/union-2009-to-2021.js';
import type { TransitionLevel } from '../../shared/transition/mapping.js';
import { computeWorksheet, type AdjustmentLine, type SplitInput } from '../../shared/transition/worksheet.js';
import type { WorksheetView } from '../transition/export-worksheet-sheet.js';
import { newSubjectFacts, oldSubjectFacts } from '../transition/worksheet-read.js';

export interface WorksheetSample {
  readonly level: TransitionLevel;
  readonly oldBalances: ReadonlyMap<string, number>;
  readonly splits: ReadonlyMap<string, SplitInput>;
  readonly adjustments: readonly AdjustmentLine[];
}

const countyFacts = newSubjectFacts(new Map());

export function viewOf(sample: WorksheetSample): WorksheetView {
  const result = computeWorksheet({
    rows: transitionRows(sample.level),
    oldBalances: sample.oldBalances,
    splits: sample.splits,
    adjustments: sample.adjustments,
    oldSubject: oldSubjectFacts,
    newSubject: countyFacts,
  });
  return {
    result,
    oldBalances: sample.oldBalances,
    oldName: (code) => findSubject(union2009, code)?.name ?? '',
    newName: (code) => countyFacts(code)?.name ?? '',
    newDirection: (code) => countyFacts(code)?.balanceDirection ?? 1,
  };
}

export function adjustmentLine(
  pzNo: number,
  lineNo: number,
  subjectCode: string,
  debit: number,
  credit: number,
  auxiKey = '',
  summary = '调账',
): AdjustmentLine {
  return { voucherId: `v${pzNo}`, voucherNo: `调-${pzNo}`, lineNo, summary, subjectCode, auxiKey, debit, credit };
}

/** Last-level balance-sheet subjects of the 2009 chart: the ones that carry a year-end balance. */
export const BALANCE_SHEET_OLD = union2009.subjects
  .filter((s) => s.type <= 3 && !union2009.subjects.some((c) => c.parentCode === s.code))
  .map((s) => s.code);

/** New-chart codes adjustments go to (last level in the county chart), some with item keys. */
const ADJUSTED = ['141', '163', '171', '30101', '30104', '215', '102', '32205'] as const;
const ITEM_KEYS = ['', '', 'DEPT:01', 'DEPT:02|PROJ:A_1'] as const;

/**
 * Random year ends (balanced against 331 or 102), splits within each balance (a ratio of what is left; sometimes
 * more, which computeWorksheet reports) and balanced adjustment vouchers, some lines with items.
 */
export const worksheetSampleArb: fc.Arbitrary<WorksheetSample> = fc
  .record({
    level: fc.constantFrom<TransitionLevel>('grassroots', 'county'),
    entries: fc.array(fc.tuple(fc.constantFrom(...BALANCE_SHEET_OLD), fc.integer({ min: -1e6, max: 1e10 })), { maxLength: 14 }),
    ratios: fc.array(fc.double({ min: 0, max: 1.1, noNaN: true }), { minLength: 20, maxLength: 20 }),
    adjusting: fc.array(
      fc.tuple(
        fc.constantFrom(...ADJUSTED),
        fc.constantFrom(...ITEM_KEYS),
        fc.integer({ min: 1, max: 1e8 }),
        fc.constantFrom(...ADJUSTED),
      ),
      { maxLength: 6 },
    ),
  })
  .map(({ level, entries, ratios, adjusting }) => {
    const oldBalances = new Map<string, number>();
    for (const [code, amount] of entries) oldBalances.set(code, (oldBalances.get(code) ?? 0) + amount);
    let net = 0;
    for (const [code, amount] of oldBalances) net += oldSubjectFacts(code)?.balanceDirection === 1 ? amount : -amount;
    if (net > 0) oldBalances.set('331', (oldBalances.get('331') ?? 0) + net);
    if (net < 0) oldBalances.set('102', (oldBalances.get('102') ?? 0) - net);
    const splits = new Map<string, SplitInput>();
    let r = 0;
    for (const row of transitionRows(level)) {
      if (row.oldCode === null || row.noBalance) continue;
      let left = oldBalances.get(row.oldCode) ?? 0;
      for (const part of row.parts.filter((p) => !p.remainder)) {
        const amount = Math.trunc(left * (ratios[r++ % ratios.length] ?? 0));
        left -= amount;
        if (amount !== 0) splits.set(part.key, { amount });
      }
    }
    const adjustments = adjusting.flatMap(([code, auxiKey, amount, against], i) => [
      adjustmentLine(i + 1, 1, code, amount, 0, auxiKey),
      adjustmentLine(i + 1, 2, against, 0, amount),
    ]);
    return { level, oldBalances, splits, adjustments };
  });
