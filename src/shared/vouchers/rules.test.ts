import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_CAP_FEN, MONEY_MESSAGES } from '../money.js';
import { AuxiMessages } from '../subjects/auxiliary-rules.js';
import { VoucherMessages } from './messages.js';
import {
  VoucherRuleMessages,
  isBlankLine,
  validateVoucher,
  type RuleSubject,
  type VoucherDraft,
  type VoucherDraftLine,
  type VoucherRuleContext,
} from './rules.js';

const subjects: RuleSubject[] = [
  { code: '1001', lastLevel: true, enable: true, isGovernment: false, auxiTypeNos: [] },
  { code: '1002', lastLevel: true, enable: true, isGovernment: false, auxiTypeNos: [] },
  { code: '3010', lastLevel: false, enable: true, isGovernment: false, auxiTypeNos: [] },
  { code: '3099', lastLevel: true, enable: false, isGovernment: false, auxiTypeNos: [] },
  { code: '5010', lastLevel: true, enable: true, isGovernment: false, auxiTypeNos: ['JFHS', 'BMHS'] },
  { code: '6001', lastLevel: true, enable: true, isGovernment: true, auxiTypeNos: [] },
  { code: '8001', lastLevel: true, enable: true, isGovernment: true, auxiTypeNos: [] },
];
const ctx = (twoTable = false): VoucherRuleContext => ({
  subject: (code) => subjects.find((s) => s.code === code),
  twoTable,
});

let n = 0;
const line = (
  subjectCode: string | null,
  debitFen: number | null,
  creditFen: number | null,
  extra: Partial<VoucherDraftLine> = {},
): VoucherDraftLine => ({
  rowId: `r${++n}`,
  summary: '摘要',
  subjectCode,
  debitFen,
  creditFen,
  auxis: [],
  ...extra,
});
const blank = (): VoucherDraftLine => line(null, null, null, { summary: null });
const draft = (lines: VoucherDraftLine[], header: Partial<VoucherDraft> = {}): VoucherDraft => ({
  year: 2026,
  month: 3,
  pzDate: '2026-03-15',
  certificateType: 1,
  numberOfDocument: 0,
  lines,
  ...header,
});
const messages = (d: VoucherDraft, twoTable = false) => validateVoucher(d, ctx(twoTable)).map((i) => i.message);

describe('validateVoucher', () => {
  it('accepts a balanced voucher and ignores blank lines', () => {
    expect(validateVoucher(draft([blank(), line('1001', 100, null), blank(), line('1002', null, 100), blank()]), ctx())).toEqual(
      [],
    );
  });

  it('asks for content when every line is blank', () => {
    expect(messages(draft([blank(), blank()]))).toEqual([VoucherMessages.empty]);
    expect(messages(draft([]))).toEqual([VoucherMessages.empty]);
  });

  it('counts rows as the user sees them and names row and field', () => {
    const a = line(null, 100, null);
    const b = line('1002', null, null);
    const c = line('1002', null, 100, { summary: '  ' });
    const issues = validateVoucher(draft([blank(), a, b, c]), ctx());
    expect(issues).toEqual([
      { message: VoucherMessages.subjectMissing(2), rowId: a.rowId, fieldId: 'subjectCode' },
      { message: VoucherMessages.amountMissing(3), rowId: b.rowId, fieldId: 'debitAmount' },
      { message: VoucherMessages.summaryMissing(4), rowId: c.rowId, fieldId: 'summary' },
    ]);
  });

  it('refuses a summary longer than the database keeps', () => {
    const long = line('1001', 100, null, { summary: 'x'.repeat(201) });
    expect(validateVoucher(draft([long, line('1002', null, 100, { summary: 'y'.repeat(200) })]), ctx())).toEqual([
      { message: VoucherRuleMessages.summaryTooLong(1), rowId: long.rowId, fieldId: 'summary' },
    ]);
  });

  it('refuses a line with both debit and credit', () => {
    const a = line('1001', 100, 100);
    expect(validateVoucher(draft([a]), ctx())).toEqual([
      { message: VoucherRuleMessages.bothSides(1), rowId: a.rowId, fieldId: 'creditAmount' },
    ]);
  });

  it('takes a zero amount for none', () => {
    expect(messages(draft([line('1001', 0, 0), line('1002', null, 100)]))).toEqual([VoucherMessages.amountMissing(1)]);
  });

  it('refuses fractional fen and amounts beyond the cap', () => {
    expect(messages(draft([line('1001', 1.5, null), line('1002', null, 1.5)]))).toEqual([
      VoucherRuleMessages.amountInvalid(1, MONEY_MESSAGES.format),
      VoucherRuleMessages.amountInvalid(2, MONEY_MESSAGES.format),
    ]);
    expect(messages(draft([line('1001', MONEY_CAP_FEN + 1, null), line('1002', null, MONEY_CAP_FEN + 1)]))).toEqual([
      VoucherRuleMessages.amountInvalid(1, MONEY_MESSAGES.cap(MONEY_CAP_FEN)),
      VoucherRuleMessages.amountInvalid(2, MONEY_MESSAGES.cap(MONEY_CAP_FEN)),
    ]);
    expect(messages(draft([line('1001', MONEY_CAP_FEN, null), line('1002', null, MONEY_CAP_FEN)]))).toEqual([]);
  });

  it('allows red (negative) amounts that balance', () => {
    expect(messages(draft([line('1001', -500, null), line('1002', null, -500)]))).toEqual([]);
  });

  it('checks the subject: known, enabled, last level', () => {
    expect(messages(draft([line('9999', 100, null), line('3099', null, 50), line('3010', null, 50)]))).toEqual([
      VoucherRuleMessages.subjectUnknown(1, '9999'),
      VoucherRuleMessages.subjectDisabled(2, '3099'),
      VoucherMessages.notLastLevel,
    ]);
  });

  it('asks for one auxiliary item per type of the subject', () => {
    const missing = line('5010', 100, null, { auxis: [{ typeNo: 'JFHS', infoNo: '01' }] });
    expect(validateVoucher(draft([missing, line('1001', null, 100)]), ctx())).toEqual([
      { message: VoucherMessages.auxiMissing, rowId: missing.rowId, fieldId: 'auxis' },
    ]);
    const emptyItem = line('5010', 100, null, {
      auxis: [
        { typeNo: 'JFHS', infoNo: '01' },
        { typeNo: 'BMHS', infoNo: ' ' },
      ],
    });
    expect(messages(draft([emptyItem, line('1001', null, 100)]))).toEqual([VoucherMessages.auxiMissing]);
    const full = line('5010', 100, null, {
      auxis: [
        { typeNo: 'BMHS', infoNo: '001' },
        { typeNo: 'JFHS', infoNo: '01' },
      ],
    });
    expect(messages(draft([full, line('1001', null, 100)]))).toEqual([]);
  });

  it('refuses an auxiliary type the subject does not have, and two items of one type', () => {
    expect(
      messages(draft([line('1001', 100, null, { auxis: [{ typeNo: 'JFHS', infoNo: '01' }] }), line('1002', null, 100)])),
    ).toEqual([AuxiMessages.notOfSubject('JFHS')]);
    const twice = line('5010', 100, null, {
      auxis: [
        { typeNo: 'JFHS', infoNo: '01' },
        { typeNo: 'JFHS', infoNo: '02' },
        { typeNo: 'BMHS', infoNo: '001' },
      ],
    });
    expect(messages(draft([twice, line('1001', null, 100)]))).toEqual([VoucherRuleMessages.auxiDuplicate(1, 'JFHS')]);
  });

  it('refuses an unbalanced voucher', () => {
    expect(messages(draft([line('1001', 100, null), line('1002', null, 99)]))).toEqual([VoucherMessages.unbalanced]);
  });

  it('balances each side of a two-table voucher on its own', () => {
    const balancedAcross = [line('1001', 100, null), line('6001', null, 100)];
    expect(messages(draft(balancedAcross), true)).toEqual([
      VoucherMessages.unbalancedFinancial,
      VoucherMessages.unbalancedBudget,
    ]);
    expect(
      messages(draft([line('1001', 100, null), line('1002', null, 100), line('6001', 50, null), line('8001', null, 40)]), true),
    ).toEqual([VoucherMessages.unbalancedBudget]);
    expect(
      messages(draft([line('1001', 100, null), line('1002', null, 90), line('6001', 40, null), line('8001', null, 40)]), true),
    ).toEqual([VoucherMessages.unbalancedFinancial]);
    expect(
      messages(draft([line('1001', 100, null), line('1002', null, 100), line('6001', 40, null), line('8001', null, 40)]), true),
    ).toEqual([]);
    // Not a two-table set: only the whole voucher balances.
    expect(messages(draft(balancedAcross))).toEqual([]);
  });

  it('skips the balance while a line is unreadable', () => {
    expect(messages(draft([line('1001', 100, null), line(null, null, 1)]))).toEqual([VoucherMessages.subjectMissing(2)]);
  });

  const ok = [line('1001', 100, null), line('1002', null, 100)];
  it('requires the period', () => {
    expect(messages(draft(ok, { year: null }))).toEqual([VoucherMessages.periodMissing]);
    expect(messages(draft(ok, { month: null }))).toEqual([VoucherMessages.periodMissing]);
    expect(messages(draft(ok, { month: 13 }))).toEqual([VoucherMessages.periodMissing]);
    expect(messages(draft(ok, { year: 1e12 }))).toEqual([VoucherMessages.periodMissing]);
  });

  it('requires the category', () => {
    expect(messages(draft(ok, { certificateType: null }))).toEqual([VoucherRuleMessages.categoryMissing]);
    expect(messages(draft(ok, { certificateType: 2 ** 31 }))).toEqual([VoucherRuleMessages.categoryMissing]);
    expect(messages(draft(ok, { certificateType: -1 }))).toEqual([VoucherRuleMessages.categoryMissing]);
  });

  it('keeps the date within the month and after 2021-12-31', () => {
    expect(messages(draft(ok, { pzDate: null }))).toEqual([VoucherRuleMessages.dateMissing]);
    expect(messages(draft(ok, { pzDate: '2026-02-30' }))).toEqual([VoucherRuleMessages.dateFormat]);
    expect(messages(draft(ok, { pzDate: '2026/03/01' }))).toEqual([VoucherRuleMessages.dateFormat]);
    expect(messages(draft(ok, { pzDate: '2026-04-01' }))).toEqual([VoucherMessages.dateOutsideMonth(2026, 3)]);
    expect(messages(draft(ok, { pzDate: '2026-03-31' }))).toEqual([]);
    expect(messages(draft(ok, { year: 2021, month: 12, pzDate: '2021-12-31' }))).toEqual([VoucherMessages.dateBefore2022]);
    expect(messages(draft(ok, { year: 2022, month: 1, pzDate: '2022-01-01' }))).toEqual([]);
    const issue = validateVoucher(draft(ok, { pzDate: '2026-04-01' }), ctx())[0];
    expect(issue?.fieldId).toBe('pzDate');
  });

  it('takes a non-negative integer document count', () => {
    expect(messages(draft(ok, { numberOfDocument: -1 }))).toEqual([VoucherRuleMessages.documentCount]);
    expect(messages(draft(ok, { numberOfDocument: 1.5 }))).toEqual([VoucherRuleMessages.documentCount]);
    expect(messages(draft(ok, { numberOfDocument: null }))).toEqual([]);
    expect(messages(draft(ok, { numberOfDocument: 12 }))).toEqual([]);
    expect(messages(draft(ok, { numberOfDocument: 9999 }))).toEqual([]);
    expect(messages(draft(ok, { numberOfDocument: 10000 }))).toEqual([VoucherRuleMessages.documentCount]);
  });
});

describe('isBlankLine', () => {
  it('is blank only without summary, subject, amount and item', () => {
    expect(isBlankLine(blank())).toBe(true);
    expect(isBlankLine(line(null, 0, 0, { summary: ' ', subjectCode: '' }))).toBe(true);
    expect(isBlankLine(line(null, null, null))).toBe(false);
    expect(isBlankLine(line('1001', null, null, { summary: null }))).toBe(false);
    expect(isBlankLine(line(null, 1, null, { summary: null }))).toBe(false);
    expect(isBlankLine(line(null, null, null, { summary: null, auxis: [{ typeNo: 'JFHS', infoNo: '01' }] }))).toBe(false);
  });
});

describe('balance property', () => {
  const codes = ['1001', '1002', '6001', '8001'];
  const amount = fc.integer({ min: 1, max: 1_000_000_000 });
  /** A random voucher whose debit and credit lines balance on each side (financial and budget). */
  const balanced = fc
    .tuple(fc.array(amount, { minLength: 1, maxLength: 6 }), fc.array(amount, { minLength: 0, maxLength: 6 }), fc.boolean())
    .map(([fin, bud, swap]) => {
      const lines: VoucherDraftLine[] = [];
      const side = (amounts: number[], debitCode: string, creditCode: string) => {
        if (amounts.length === 0) return;
        const total = amounts.reduce((a, b) => a + b, 0);
        for (const a of amounts) lines.push(swap ? line(creditCode, null, a) : line(debitCode, a, null));
        lines.push(swap ? line(debitCode, total, null) : line(creditCode, null, total));
      };
      side(fin, codes[0] ?? '', codes[1] ?? '');
      side(bud, codes[2] ?? '', codes[3] ?? '');
      return lines;
    });

  it('a random balanced voucher passes, on one table and on two', () => {
    fc.assert(
      fc.property(balanced, fc.boolean(), (lines, twoTable) => {
        expect(validateVoucher(draft(lines), ctx(twoTable))).toEqual([]);
      }),
    );
  });

  it('a one-fen change to any line makes it fail', () => {
    fc.assert(
      fc.property(balanced, fc.nat(), fc.constantFrom(1, -1), fc.boolean(), (lines, pick, delta, twoTable) => {
        const i = pick % lines.length;
        const changed = lines.map((l, j) => {
          if (j !== i) return l;
          return l.debitFen !== null ? { ...l, debitFen: l.debitFen + delta } : { ...l, creditFen: (l.creditFen ?? 0) + delta };
        });
        // A line that lands on zero is a missing amount, which fails too.
        expect(validateVoucher(draft(changed), ctx(twoTable)).length).toBeGreaterThan(0);
      }),
    );
  });
});
