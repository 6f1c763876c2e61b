import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARE_KINDS, type RatioSet, type ShareKind } from '../../shared/funds/ratios.js';
import { splitReceipt } from '../../shared/funds/split.js';
import { FundsEntryMessages } from '../../shared/funds/entry-messages.js';
import { batchLines, receiptLines, type PlannedLine, type VoucherReceipt } from './voucher-lines.js';
import { shareSubjects, standardSubjects } from './share-subjects.js';

const SUBJECTS = {
  retained: '402',
  superiorOne: '211',
  superiorTwo: '211',
  lower: '21202',
  preparatory: '40801',
  smallBusiness: '40802',
  collectionFee: '50504',
} as const;

/** The payable leaves carry the 经费单位 type, as the units page links them. */
const PAYABLES_LINKED = { linkedToUnits: (code: string) => code.startsWith('21') };

const ratiosArb = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 6, maxLength: 6 }).filter((p) => p.some((x) => x > 0)),
    fc.integer({ min: 0, max: 100_000 }),
  )
  .map(([ppm, fee]): RatioSet => {
    const sharesPpm = Object.fromEntries(SHARE_KINDS.map((k, i) => [k, ppm[i] ?? 0])) as Record<ShareKind, number>;
    return { basePpm: ppm.reduce((a, b) => a + b, 0), sharesPpm, collectionFeePpm: fee };
  });

const receiptArb = fc.record({
  unitCode: fc.constantFrom('9001', '9002', '9003'),
  amountFen: fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }).filter((n) => n !== 0),
  ratios: ratiosArb,
});

const voucherReceipt = (r: { unitCode: string; amountFen: number; ratios: RatioSet }): VoucherReceipt => ({
  ...r,
  unitName: `单位${r.unitCode}`,
  bankCode: '102',
  summary: '收经费',
  subjects: SUBJECTS,
});

const sums = (lines: readonly PlannedLine[]) =>
  lines.reduce((acc, l) => ({ debit: acc.debit + l.debitFen, credit: acc.credit + l.creditFen }), { debit: 0, credit: 0 });

/** Signed amount per subject and unit item: debit positive, credit negative. */
const bySubject = (lines: readonly PlannedLine[]) => {
  const out = new Map<string, number>();
  for (const l of lines) {
    const key = `${l.subjectCode}/${l.unitItem ?? ''}`;
    out.set(key, (out.get(key) ?? 0) + l.debitFen - l.creditFen);
  }
  return new Map([...out].filter(([, v]) => v !== 0));
};

describe('the union-fund voucher', () => {
  it('of one receipt balances exactly, and its lines are the split: bank net, fee, each share on its subject', () => {
    fc.assert(
      fc.property(receiptArb, (r) => {
        const { lines } = receiptLines(voucherReceipt(r), PAYABLES_LINKED);
        const split = splitReceipt(r.amountFen, r.ratios);
        const { debit, credit } = sums(lines);
        expect(debit).toBe(credit);
        expect(debit).toBe(r.amountFen);
        expect(lines[0]).toMatchObject({ subjectCode: '102', debitFen: split.net, creditFen: 0 });
        const credits = lines.filter((l) => l.creditFen !== 0);
        const expected = SHARE_KINDS.filter((k) => split.shares[k] !== 0).map((k) => [SUBJECTS[k], split.shares[k]]);
        expect(credits.map((l) => [l.subjectCode, l.creditFen])).toEqual(expected);
        const fee = lines.filter((l) => l.subjectCode === SUBJECTS.collectionFee);
        expect(fee.map((l) => l.debitFen)).toEqual(split.collectionFee === 0 ? [] : [split.collectionFee]);
        // The payables carry the unit; nothing else does.
        for (const l of lines) expect(l.unitItem).toBe(l.subjectCode.startsWith('21') ? r.unitCode : null);
      }),
      { numRuns: 500 },
    );
  });

  it('of a batch balances exactly and holds, per subject and unit, the sum of the receipts’ lines', () => {
    fc.assert(
      fc.property(fc.array(receiptArb, { minLength: 1, maxLength: 30 }), (receipts) => {
        const vouchers = receipts.map(voucherReceipt);
        const merged = batchLines(vouchers, PAYABLES_LINKED, '汇总');
        const { debit, credit } = sums(merged);
        expect(debit).toBe(credit);
        const separate = vouchers.flatMap((v) => receiptLines(v, PAYABLES_LINKED).lines);
        expect(bySubject(merged)).toEqual(bySubject(separate));
        // One line per side, subject and unit.
        const keys = merged.map((l) => `${l.debitFen !== 0 ? 'D' : 'C'}${l.subjectCode}/${l.unitItem ?? ''}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 200 },
    );
  });

  it('a payable leaf not linked to the 经费单位 type (it had amounts before) takes its line without the unit', () => {
    const r = voucherReceipt({
      unitCode: '9001',
      amountFen: 10_000,
      ratios: {
        basePpm: 1_000_000,
        sharesPpm: { retained: 600_000, superiorOne: 400_000, superiorTwo: 0, lower: 0, preparatory: 0, smallBusiness: 0 },
        collectionFeePpm: 0,
      },
    });
    const { lines } = receiptLines(r, { linkedToUnits: () => false });
    expect(lines.map((l) => [l.subjectCode, l.unitItem])).toEqual([
      ['102', null],
      ['402', null],
      ['211', null],
    ]);
  });

  it('a subject linked to the 经费单位 type carries the unit too', () => {
    const r = voucherReceipt({
      unitCode: '9001',
      amountFen: 10_000,
      ratios: {
        basePpm: 1,
        sharesPpm: { retained: 1, superiorOne: 0, superiorTwo: 0, lower: 0, preparatory: 0, smallBusiness: 0 },
        collectionFeePpm: 0,
      },
    });
    const { lines } = receiptLines(r, { linkedToUnits: (code) => code === '402' });
    expect(lines.map((l) => [l.subjectCode, l.unitItem])).toEqual([
      ['102', null],
      ['402', '9001'],
    ]);
  });
});

describe('the shares’ subjects', () => {
  const ratios: RatioSet = {
    basePpm: 1_000_000,
    sharesPpm: {
      retained: 500_000,
      superiorOne: 300_000,
      superiorTwo: 0,
      lower: 100_000,
      preparatory: 100_000,
      smallBusiness: 0,
    },
    collectionFeePpm: 20_000,
  };
  const none = {
    retained: null,
    superiorOne: null,
    superiorTwo: null,
    lower: null,
    preparatory: null,
    smallBusiness: null,
    collectionFee: null,
  };
  const leaves = new Set(['402', '211', '21202', '40801', '50504', '212']);

  it('come from the ratio row, else the set’s default, else the chart’s standard (county: 21202)', () => {
    const resolved = shareSubjects(ratios, {
      ratioRow: { ...none, preparatory: '40801' },
      setting: { ...none, collectionFee: '50504', lower: '212' },
      standard: standardSubjects('union-county'),
      isLastLevel: (c) => leaves.has(c),
    });
    expect(resolved).toEqual({
      ok: true,
      subjects: { ...none, retained: '402', superiorOne: '211', lower: '212', preparatory: '40801', collectionFee: '50504' },
    });
    expect(standardSubjects('union-grassroots').lower).toBe('212');
  });

  it('are refused by name when missing or not last-level', () => {
    const sources = {
      ratioRow: none,
      setting: { ...none, collectionFee: '50504' },
      standard: standardSubjects('union-county'),
      isLastLevel: (c: string) => leaves.has(c),
    };
    expect(shareSubjects(ratios, sources)).toEqual({ ok: false, message: FundsEntryMessages.subjectMissing('建会筹备金') });
    expect(shareSubjects(ratios, { ...sources, ratioRow: { ...none, preparatory: '408' } })).toEqual({
      ok: false,
      message: FundsEntryMessages.subjectNotLast('建会筹备金', '408'),
    });
  });
});
