import { describe, expect, it } from 'vitest';
import { carriedAmount, carryForwardLines, type CalcBalance, type CalcRow, type CalcTemplate } from './carry-forward-calc.js';

const subjects = [
  { code: '401', parentCode: null },
  { code: '501', parentCode: null },
  { code: '50101', parentCode: '501' },
  { code: '50102', parentCode: '501' },
  { code: '32103', parentCode: '321' },
  { code: '321', parentCode: null },
  { code: '32203', parentCode: '322' },
  { code: '322', parentCode: null },
];
const parents: Record<string, string | null> = { 'JFHS:001001': 'JFHS:001', 'JFHS:001': null, 'JFHS:002': null };
const ctx = {
  subjects,
  itemParent: (typeNo: string, infoNo: string) => parents[`${typeNo}:${infoNo}`]?.split(':')[1] ?? null,
};

const row = (subjectCode: string, intoSubjectCode: string, extra: Partial<CalcRow> = {}): CalcRow => ({
  subjectCode,
  auxis: [],
  carryOverAmountType: 1,
  intoSubjectCode,
  intoAuxis: [],
  ...extra,
});
const bal = (subjectCode: string, end: number, auxiKey = '', debit = 0, credit = 0): CalcBalance => ({
  subjectCode,
  auxiKey,
  end,
  debit,
  credit,
});
const sum = (lines: { debitFen: number; creditFen: number }[]) => ({
  debit: lines.reduce((s, l) => s + l.debitFen, 0),
  credit: lines.reduce((s, l) => s + l.creditFen, 0),
});

describe('carriedAmount', () => {
  it('reads the five amount types (positive: credit the carry-out subject)', () => {
    const debitBalance = { end: 500, debit: 800, credit: 300 };
    const creditBalance = { end: -700, debit: 100, credit: 800 };
    expect([1, 2, 3, 4, 5].map((t) => carriedAmount(t, debitBalance))).toEqual([500, 500, 0, 800, -300]);
    expect([1, 2, 3, 4, 5].map((t) => carriedAmount(t, creditBalance))).toEqual([-700, 0, -700, 100, -800]);
  });
});

describe('carryForwardLines', () => {
  const general: CalcTemplate = { id: 'g', summary: '结转非专项收支', rows: [row('401', '32203'), row('501', '32203')] };
  const project: CalcTemplate = {
    id: 'p',
    summary: '结转专项收支',
    rows: [row('501', '32103', { auxis: [{ typeNo: 'JFHS', infoNo: '002' }] })],
  };

  it('carries revenue and expense balances into the carry-in subject, balanced, revenue first', () => {
    const [out] = carryForwardLines([general], [bal('401', -100000), bal('50101', 30000), bal('50102', 12345)], ctx);
    expect(out?.lines.map((l) => [l.subjectCode, l.debitFen, l.creditFen])).toEqual([
      ['401', 100000, 0],
      ['32203', 0, 100000],
      ['32203', 42345, 0],
      ['50101', 0, 30000],
      ['50102', 0, 12345],
    ]);
    expect(out?.lines.every((l) => l.summary === '结转非专项收支')).toBe(true);
    const s = sum(out?.lines ?? []);
    expect(s.debit).toBe(s.credit);
  });

  it('gives a balance to the row naming auxiliary items before the plain row of the same subject', () => {
    const result = carryForwardLines(
      [general, project],
      [bal('50101', 30000, 'JFHS:002'), bal('50101', 5000, 'JFHS:001001'), bal('50102', 700, '')],
      ctx,
    );
    const [g, p] = result;
    expect(p?.lines.map((l) => [l.subjectCode, l.auxis, l.debitFen, l.creditFen])).toEqual([
      ['32103', [], 30000, 0],
      ['50101', [{ typeNo: 'JFHS', infoNo: '002' }], 0, 30000],
    ]);
    expect(g?.lines.map((l) => [l.subjectCode, l.debitFen, l.creditFen])).toEqual([
      ['32203', 5700, 0],
      ['50101', 0, 5000],
      ['50102', 0, 700],
    ]);
  });

  it('matches a parent item filter against its sub-items, and the deepest subject before more items', () => {
    const basic: CalcTemplate = {
      id: 'b',
      summary: 's',
      rows: [row('501', '32103', { auxis: [{ typeNo: 'JFHS', infoNo: '001' }] }), row('50102', '32203')],
    };
    const [out] = carryForwardLines([basic], [bal('50101', 900, 'JFHS:001001'), bal('50102', 50, 'JFHS:001001')], ctx);
    expect(out?.lines.map((l) => [l.subjectCode, l.debitFen, l.creditFen])).toEqual([
      ['32103', 900, 0],
      ['50101', 0, 900],
      ['32203', 50, 0],
      ['50102', 0, 50],
    ]);
  });

  it('never carries a balance twice when two templates name the same subject, and skips zero amounts', () => {
    const again: CalcTemplate = { id: 'a', summary: 'again', rows: [row('401', '32103')] };
    const [g, a] = carryForwardLines([general, again], [bal('401', -300), bal('50101', 0, '', 10, 10)], ctx);
    expect(g?.lines.map((l) => [l.subjectCode, l.debitFen, l.creditFen])).toEqual([
      ['401', 300, 0],
      ['32203', 0, 300],
    ]);
    expect(a?.lines).toEqual([]);
  });

  it('applies a debit-turnover and a credit-turnover row of the same subject, each once', () => {
    const gross: CalcTemplate = {
      id: 't',
      summary: 't',
      rows: [
        row('401', '32203', { carryOverAmountType: 5 }),
        row('401', '32203', { carryOverAmountType: 4 }),
        row('401', '32203', { carryOverAmountType: 4 }),
      ],
    };
    const [out] = carryForwardLines([gross], [bal('401', -700, '', 100, 800)], ctx);
    expect(out?.lines.map((l) => [l.subjectCode, l.debitFen, l.creditFen])).toEqual([
      ['401', 800, 0],
      ['32203', 0, 800],
      ['32203', 100, 0],
      ['401', 0, 100],
    ]);
  });
});
