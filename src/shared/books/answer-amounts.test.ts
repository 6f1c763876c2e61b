import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DetailLedgerRow, TrialBalanceResponse, TrialBalanceRow } from '../api/books.js';
import type { ReportResponse } from '../api/reports.js';
import { MONEY_CAP_FEN } from '../money.js';
import { reportAmounts } from '../reports/answer-amounts.js';
import { fenToYuan } from '../vouchers/amounts.js';
import { answerFen, answerYuan, detailRowAmounts, trialBalanceAmounts } from './answer-amounts.js';

const fen = fc.integer({ min: -MONEY_CAP_FEN, max: MONEY_CAP_FEN });
const side = fc.constantFrom<0 | 1 | 2>(0, 1, 2);

const trialRow = fc.record({
  code: fc.stringMatching(/^\d{3,7}$/),
  codeName: fc.string(),
  level: fc.integer({ min: 1, max: 4 }),
  parentCode: fc.option(fc.stringMatching(/^\d{3}$/), { nil: null }),
  lastLevel: fc.boolean(),
  isGovernment: fc.boolean(),
  initialBalance: fen,
  initialDirection: side,
  debitOccur: fen,
  creditOccur: fen,
  debitGrandTotal: fen,
  creditGrandTotal: fen,
  endBalance: fen,
  endDirection: side,
}) satisfies fc.Arbitrary<TrialBalanceRow>;

const check = fc.record({
  initialDebit: fen,
  initialCredit: fen,
  debitOccur: fen,
  creditOccur: fen,
  endDebit: fen,
  endCredit: fen,
  balanced: fc.boolean(),
});

describe('answer amounts: fen on each side, yuan on the wire', () => {
  it('reads every amount back to the fen it was (fen → yuan → fen), other fields untouched', () => {
    fc.assert(
      fc.property(
        fc.record({ rows: fc.array(trialRow, { maxLength: 5 }), financial: check, budget: check }),
        (t: TrialBalanceResponse) => {
          const wire = JSON.parse(JSON.stringify(trialBalanceAmounts(t, fenToYuan))) as TrialBalanceResponse;
          expect(trialBalanceAmounts(wire, answerFen)).toEqual(t);
        },
      ),
    );
  });

  it('answers yuan with at most two decimals', () => {
    fc.assert(
      fc.property(fen, (f) => {
        const row: DetailLedgerRow = {
          kind: 'line',
          month: 1,
          date: '2026-01-05',
          voucherId: 'v',
          voucherNo: '记-0001',
          summary: '',
          subjectCode: '101',
          auxiKey: '',
          auxiNames: '',
          debit: f,
          credit: 0,
          direction: 1,
          balance: Math.abs(f),
        };
        const wire = detailRowAmounts(row, fenToYuan);
        expect(/^-?\d+(\.\d{1,2})?$/.test(String(wire.debit))).toBe(true);
        expect(Math.round(wire.debit * 100)).toBe(f);
      }),
    );
  });

  it('keeps a report’s blank cells blank and converts its figures, checks and carried amounts', () => {
    const report = {
      lines: [{ amounts: { opening: 123_45, closing: null } }],
      checks: [
        {
          name: 'c',
          columns: { opening: { left: 1, right: -250, balanced: false }, closing: { left: null, right: null, balanced: null } },
        },
      ],
      carriedOver: { opening: 0, closing: 99 },
    } as unknown as ReportResponse;
    expect(reportAmounts(report, fenToYuan)).toMatchObject({
      lines: [{ amounts: { opening: 123.45, closing: null } }],
      checks: [
        {
          name: 'c',
          columns: {
            opening: { left: 0.01, right: -2.5, balanced: false },
            closing: { left: null, right: null, balanced: null },
          },
        },
      ],
      carriedOver: { opening: 0, closing: 0.99 },
    });
  });

  it('answers the very number fenToYuan gives, for every safe fen', () => {
    const same = (f: number) => Object.is(answerYuan(f), fenToYuan(f));
    for (let f = -200_000; f <= 200_000; f++) if (!same(f)) expect(answerYuan(f), String(f)).toBe(fenToYuan(f));
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.boolean(), (f, negative) => same(negative ? -f : f)),
      { numRuns: 20_000 },
    );
    expect(Object.is(answerYuan(-0), 0)).toBe(true);
    expect(() => answerYuan(0.5)).toThrow(RangeError);
    expect(() => answerYuan(2 ** 53)).toThrow(RangeError);
  });

  it('refuses an answered amount that is no two-decimal yuan: a server fault, not a rounding', () => {
    expect(() => answerFen(0.001)).toThrow(RangeError);
    expect(answerFen(-0.5)).toBe(-50);
  });
});
