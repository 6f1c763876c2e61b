import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSubject, union2009, unionCounty2021 } from '../../../templates/charts/index.js';
import { transitionRows, type TransitionLevel } from '../../../templates/transition/union-2009-to-2021.js';
import type { ChartTemplate } from '../chart.js';
import { computeWorksheet, type AdjustmentLine, type SubjectFacts } from './worksheet.js';

const facts =
  (chart: ChartTemplate) =>
  (code: string): SubjectFacts | undefined => {
    const s = findSubject(chart, code);
    return (
      s && { name: s.name, balanceDirection: s.balanceDirection, lastLevel: !chart.subjects.some((c) => c.parentCode === code) }
    );
  };
const oldSubject = facts(union2009);
const newSubject = facts(unionCounty2021);

function line(voucherNo: string, lineNo: number, subjectCode: string, debit: number, credit: number): AdjustmentLine {
  return { voucherId: voucherNo, voucherNo, lineNo, summary: '', subjectCode, auxiKey: '', debit, credit };
}

describe('the transition worksheet', () => {
  it('transfers, splits and adjusts a small set of books to the fen', () => {
    const result = computeWorksheet({
      rows: transitionRows('grassroots'),
      // 102 100,000.00 + 162 50,000.00 (debit) = 301 50,000.00 + 331 100,000.00 (credit)
      oldBalances: new Map([
        ['102', 10_000_000],
        ['162', 5_000_000],
        ['301', 5_000_000],
        ['331', 10_000_000],
      ]),
      splits: new Map([
        ['162-171', { amount: 800_000 }],
        ['301-30105', { amount: 800_000 }],
        ['331-32104', { amount: 2_000_000 }],
      ]),
      adjustments: [line('调-1', 1, '30104', 300_000, 0), line('调-1', 2, '163', 0, 300_000)],
      oldSubject,
      newSubject,
    });
    expect(result.problems).toEqual([]);
    const opening = (code: string) => result.openings.find((o) => o.code === code)?.amount;
    expect(opening('102')).toBe(10_000_000);
    expect(opening('162')).toBe(4_200_000);
    expect(opening('171')).toBe(800_000);
    expect(opening('30104')).toBe(3_900_000);
    expect(opening('30105')).toBe(800_000);
    expect(opening('163')).toBe(300_000);
    expect(opening('32104')).toBe(2_000_000);
    expect(opening('32205')).toBe(8_000_000);
    expect(result.totals).toMatchObject({ newDebit: 15_000_000, newCredit: 15_000_000, increase: 300_000, decrease: 300_000 });
  });

  it('refuses a split larger than the old balance, an unbalanced year end and a balance on a revenue subject', () => {
    const result = computeWorksheet({
      rows: transitionRows('county'),
      oldBalances: new Map([
        ['132', 100],
        ['401', 5],
      ]),
      splits: new Map([['132-135', { amount: 150 }]]),
      adjustments: [],
      oldSubject,
      newSubject,
    });
    const messages = result.problems.map((p) => p.message);
    expect(messages).toContain('原科目132的拆分金额合计超过其年末余额');
    expect(messages).toContain('原科目401为收入支出类科目，年末应无余额，请先结账');
    expect(messages.some((m) => m.startsWith('年末数借方合计'))).toBe(true);
  });

  const balanceSheetOld = union2009.subjects.filter(
    (s) => s.type <= 3 && !union2009.subjects.some((c) => c.parentCode === s.code),
  );

  it('property: for any balanced year end, splits within the balances and balanced adjustments, old + adjustments = new and the new side balances', () => {
    const levels: TransitionLevel[] = ['grassroots', 'county'];
    fc.assert(
      fc.property(
        fc.constantFrom(...levels),
        fc.array(fc.tuple(fc.constantFrom(...balanceSheetOld.map((s) => s.code)), fc.integer({ min: 0, max: 1e9 })), {
          maxLength: 12,
        }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 60, maxLength: 60 }),
        fc.array(
          fc.tuple(fc.constantFrom('141', '163', '30101', '30104', '221', '102', '32205'), fc.integer({ min: 1, max: 1e7 })),
          {
            maxLength: 4,
          },
        ),
        (level, entries, ratios, adjusting) => {
          const oldBalances = new Map<string, number>();
          for (const [code, amount] of entries) oldBalances.set(code, (oldBalances.get(code) ?? 0) + amount);
          // Balance the year end against 331 (credit) or 102 (debit).
          let net = 0;
          for (const [code, amount] of oldBalances) net += oldSubject(code)?.balanceDirection === 1 ? amount : -amount;
          if (net > 0) oldBalances.set('331', (oldBalances.get('331') ?? 0) + net);
          if (net < 0) oldBalances.set('102', (oldBalances.get('102') ?? 0) - net);
          const rows = transitionRows(level);
          const splits = new Map<string, { amount: number }>();
          let r = 0;
          for (const row of rows) {
            if (row.oldCode === null || row.noBalance) continue;
            let left = oldBalances.get(row.oldCode) ?? 0;
            for (const part of row.parts.filter((p) => !p.remainder)) {
              const amount = Math.floor(left * (ratios[r++ % ratios.length] ?? 0));
              left -= amount;
              splits.set(part.key, { amount });
            }
          }
          const adjustments = adjusting.flatMap(([code, amount], i) => [
            line(`调-${i + 1}`, 1, code, amount, 0),
            line(`调-${i + 1}`, 2, '102', 0, amount),
          ]);
          const result = computeWorksheet({ rows, oldBalances, splits, adjustments, oldSubject, newSubject });
          expect(result.problems).toEqual([]);
          expect(result.totals.old + result.totals.increase - result.totals.decrease).toBe(result.totals.new);
          expect(result.totals.newDebit).toBe(result.totals.newCredit);
          for (const row of result.rows) expect(row.parts.reduce((s, p) => s + p.amount, 0)).toBe(row.oldAmount);
        },
      ),
    );
  });
});
