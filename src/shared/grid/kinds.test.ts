import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_KINDS, MONEY_CAP_FEN, MONEY_CAP_SIMPLE_FEN, type FieldKind } from './definition.js';
import { formatFen, parseAmount } from '../money.js';
import { KINDS, checkFen, formatCell, kindOf, parseCell } from './kinds.js';

const field = (kind: FieldKind, extra: object = {}) => ({ header: '字段', kind, ...extra });
const parsed = (kind: FieldKind, text: string, extra: object = {}) => {
  const r = parseCell(field(kind, extra), text);
  return r.ok ? r.value : `!${r.message}`;
};

describe('kind registry', () => {
  it('has a parser, checker, formatter and comparison for every kind', () => {
    for (const kind of FIELD_KINDS) {
      const k = kindOf(kind);
      expect(typeof k.parse).toBe('function');
      expect(typeof k.check).toBe('function');
      expect(typeof k.format).toBe('function');
      expect(typeof k.compare).toBe('function');
    }
    expect(Object.keys(KINDS).sort()).toEqual([...FIELD_KINDS].sort());
  });

  it('parses empty text to null for every kind', () => {
    for (const kind of FIELD_KINDS) expect(parsed(kind, '   ')).toBeNull();
  });
});

describe('money', () => {
  it('uses money.ts with the field cap', () => {
    expect(parsed('money', '1,234.5')).toBe(123450);
    expect(parsed('money', '1.234')).toBe('!金额最多两位小数');
    expect(parsed('money', 'x')).toBe('!金额格式不正确');
    expect(parsed('money', '1000000000', { capFen: MONEY_CAP_SIMPLE_FEN })).toBe('!金额不能超过999,999,999.99');
    expect(parsed('money', '99999999999.99')).toBe(MONEY_CAP_FEN);
    expect(formatCell(field('money'), 123450)).toBe('1,234.50');
    expect(KINDS.money.excelNumFmt).toBe('#,##0.00');
  });

  it('shows a zero blank when the field asks, and every other amount as before', () => {
    expect(formatCell(field('money'), 0)).toBe('0.00');
    expect(formatCell(field('money', { blankZero: true }), 0)).toBe('');
    fc.assert(
      fc.property(fc.integer({ min: -MONEY_CAP_FEN, max: MONEY_CAP_FEN }), (fen) => {
        const blank = formatCell(field('money', { blankZero: true }), fen);
        expect(blank).toBe(fen === 0 ? '' : formatCell(field('money'), fen));
      }),
    );
  });

  it('checks wire values: safe integers within the cap', () => {
    const f = field('money', { capFen: 100 });
    expect(KINDS.money.check(100, f)).toBeNull();
    expect(KINDS.money.check(-100, f)).toBeNull();
    expect(KINDS.money.check(101, f)).toBe('金额不能超过1.00');
    expect(KINDS.money.check(1.5, f)).toBe('金额格式不正确');
    expect(KINDS.money.check('100', f)).toBe('金额格式不正确');
  });

  it('checks a safe integer as the text round trip would, without it', () => {
    const roundTrip = (fen: number, cap: number) => {
      const r = parseAmount(formatFen(fen, { thousands: false }), cap);
      return r.ok ? null : r.message;
    };
    const cap = fc.oneof(fc.constantFrom(MONEY_CAP_FEN, MONEY_CAP_SIMPLE_FEN, 0, 100), fc.maxSafeNat());
    const fen = fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(0, -0, 100, -101));
    fc.assert(
      fc.property(fen, cap, (v, c) => {
        expect(checkFen(v, c)).toBe(roundTrip(v, c));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('other kinds', () => {
  it('integer takes digits only', () => {
    expect(parsed('integer', '0012')).toBe(12);
    expect(parsed('integer', '-1')).toBe('!只能输入数字');
    expect(parsed('integer', '1.0')).toBe('!只能输入数字');
    expect(parsed('integer', '99999999999999999999')).toBe('!数字过大');
  });

  it('text is trimmed', () => {
    expect(parsed('text', '  现金 ')).toBe('现金');
    expect(parsed('auxiliary', ' 部门A ')).toBe('部门A');
  });

  it('date is a valid yyyy-MM-dd (spreadsheet spellings normalised)', () => {
    expect(parsed('date', '2024-02-29')).toBe('2024-02-29');
    expect(parsed('date', '2024/2/9')).toBe('2024-02-09');
    expect(parsed('date', '20240131')).toBe('2024-01-31');
    expect(parsed('date', '2023-02-29')).toBe('!日期格式不正确,应为yyyy-MM-dd');
    expect(parsed('date', '2023-13-01')).toBe('!日期格式不正确,应为yyyy-MM-dd');
    expect(parsed('date', '01/02/2023')).toBe('!日期格式不正确,应为yyyy-MM-dd');
    expect(KINDS.date.check('2024-2-9', field('date'))).not.toBeNull();
    expect(KINDS.date.check('2024-02-09', field('date'))).toBeNull();
  });

  it('direction accepts 1/2/借/贷 and formats 借/贷', () => {
    expect(parsed('direction', '借')).toBe(1);
    expect(parsed('direction', '2')).toBe(2);
    expect(parsed('direction', '3')).toBe('!方向只能是借或贷');
    expect(formatCell(field('direction'), 1)).toBe('借');
    expect(formatCell(field('direction'), 2)).toBe('贷');
  });

  it('check accepts 1/0/是/否/true/false/√', () => {
    for (const t of ['1', '是', 'true', 'TRUE', '√']) expect(parsed('check', t)).toBe(true);
    for (const t of ['0', '否', 'false']) expect(parsed('check', t)).toBe(false);
    expect(parsed('check', 'y')).toBe('!只能输入是或否');
    expect(formatCell(field('check'), true)).toBe('是');
  });

  it('select must be one of the options, by value or label', () => {
    const options = [
      { value: 1, label: '资产' },
      { value: 2, label: '负债' },
    ];
    expect(parsed('select', '负债', { options })).toBe(2);
    expect(parsed('select', '1', { options })).toBe(1);
    expect(parsed('select', '收入', { options })).toBe('!请选择有效的字段');
    expect(formatCell(field('select', { options }), 2)).toBe('负债');
    expect(KINDS.select.check(3, field('select', { options }))).toBe('请选择有效的字段');
  });

  it('subject is a code of digits', () => {
    expect(parsed('subject', ' 1001 ')).toBe('1001');
    expect(parsed('subject', '10a1')).toBe('!科目代码只能是数字');
  });

  it('every parsed value passes the kind check and formats back to itself (property)', () => {
    const options = [
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ];
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_KINDS), fc.string({ maxLength: 20 }), (kind, text) => {
        const f = field(kind, { options });
        const r = parseCell(f, text);
        if (!r.ok || r.value === null) return;
        expect(kindOf(kind).check(r.value, f)).toBeNull();
        const again = parseCell(f, formatCell(f, r.value));
        expect(again).toEqual({ ok: true, value: r.value });
      }),
    );
  });

  it('compares with empty values first', () => {
    expect([3, null, 1].sort(KINDS.money.compare)).toEqual([null, 1, 3]);
    expect(['1002', '1001', null].sort(KINDS.subject.compare)).toEqual([null, '1001', '1002']);
    expect(KINDS.text.compare('a', 'a')).toBe(0);
  });
});

describe('lookups of typed words', () => {
  it("do not find Object's own properties", () => {
    for (const text of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(kindOf('check').parse(text, { header: '启用' }).ok).toBe(false);
      expect(kindOf('direction').parse(text, { header: '方向' }).ok).toBe(false);
    }
  });
});
