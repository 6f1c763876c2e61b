import { describe, expect, it } from 'vitest';
import type { DetailLedgerRow } from '../../shared/api/books.js';
import {
  emptyMonths,
  isZeroSection,
  SectionRows,
  type LedgerView,
  type LineFigures,
  type SectionFigures,
} from './detail-rows.js';

/** An item opened at 100.00 借 with 50.00 debit in February and 30.00 credit in April (fen). */
function section(): SectionFigures {
  const months = emptyMonths();
  months[2] = { debit: 5_000, credit: 0 };
  months[4] = { debit: 0, credit: 3_000 };
  return { key: 'JFHS:001', names: '经费核算：001 基本支出', yearOpening: 10_000, cumule: { debit: 0, credit: 0 }, months };
}

const view = (showZeroAmount: boolean, beginMonth = 1): LedgerView => ({
  subjectCode: '135',
  year: 2026,
  beginMonth,
  endMonth: 5,
  byItem: true,
  showZeroAmount,
});

const lineOf = (month: number, debit: number, credit: number, running: number): LineFigures => ({
  voucherId: `v${month}`,
  month,
  date: `2026-0${month}-10`,
  voucherNo: '记-0001',
  summary: '借支',
  subjectCode: '135',
  debit,
  credit,
  running,
});

const brief = (rows: DetailLedgerRow[]) => rows.map((r) => `${r.kind}:${r.month}:${r.balance}`);

describe('section rows', () => {
  it('writes heading, opening, lines and the totals of months with lines only', () => {
    const out: DetailLedgerRow[] = [];
    const w = new SectionRows(section(), view(false), out);
    w.start();
    w.line(lineOf(2, 5_000, 0, 15_000));
    w.line(lineOf(4, 0, 3_000, 12_000));
    w.end();
    expect(brief(out)).toEqual([
      'item:1:0',
      'opening:1:10000',
      'line:2:15000',
      'monthTotal:2:15000',
      'yearTotal:2:15000',
      'line:4:12000',
      'monthTotal:4:12000',
      'yearTotal:4:12000',
    ]);
    expect(out[0]).toMatchObject({ summary: '经费核算：001 基本支出', auxiKey: 'JFHS:001', date: '2026-01-01' });
    expect(out.at(-1)).toMatchObject({ debit: 5_000, credit: 3_000, date: '2026-04-30' });
  });

  it('gives every month of the range its totals when zero amounts are shown, once across a page break', () => {
    const whole: DetailLedgerRow[] = [];
    const w = new SectionRows(section(), view(true), whole);
    w.start();
    w.line(lineOf(2, 5_000, 0, 15_000));
    w.line(lineOf(4, 0, 3_000, 12_000));
    w.end();
    expect(whole.filter((r) => r.kind === 'monthTotal').map((r) => [r.month, r.debit, r.credit, r.balance])).toEqual([
      [1, 0, 0, 10_000],
      [2, 5_000, 0, 15_000],
      [3, 0, 0, 15_000],
      [4, 0, 3_000, 12_000],
      [5, 0, 0, 12_000],
    ]);
    // The same rows cut after the February line: page 1 pauses before April, page 2 resumes there.
    const first: DetailLedgerRow[] = [];
    const p1 = new SectionRows(section(), view(true), first);
    p1.start();
    p1.line(lineOf(2, 5_000, 0, 15_000));
    p1.pauseBefore(4);
    const second: DetailLedgerRow[] = [];
    const p2 = new SectionRows(section(), view(true), second);
    p2.resume(4, false);
    p2.line(lineOf(4, 0, 3_000, 12_000));
    p2.end();
    expect([...first, ...second]).toEqual(whole);
  });

  it('knows a section that is all zero in the range', () => {
    const s = section();
    expect(isZeroSection(s, view(false))).toBe(false);
    const cleared = { ...s, yearOpening: -2_000 };
    // 100.00 opening → -20.00 + 50.00 - 30.00 = 0 at the start of May, nothing in May.
    expect(isZeroSection(cleared, { beginMonth: 5, endMonth: 5 })).toBe(true);
    expect(isZeroSection(cleared, { beginMonth: 4, endMonth: 5 })).toBe(false);
  });
});
