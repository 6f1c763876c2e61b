import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTsv, serialiseTsv } from './clipboard.js';

describe('parseTsv', () => {
  it('reads an Excel range with CR LF and the trailing line break', () => {
    expect(parseTsv('101\t1,234.50\r\n102\t-5\r\n')).toEqual([
      ['101', '1,234.50'],
      ['102', '-5'],
    ]);
  });

  it('accepts LF only and no trailing line break', () => {
    expect(parseTsv('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('unquotes cells holding tabs, line breaks and quotes', () => {
    expect(parseTsv('"a\tb"\t"line1\r\nline2"\t"say ""hi"""\r\n')).toEqual([['a\tb', 'line1\r\nline2', 'say "hi"']]);
  });

  it('keeps a quote inside a cell and a stray opening quote as written', () => {
    expect(parseTsv('12"\t"open\r\n')).toEqual([['12"', '"open']]);
  });

  it('keeps empty cells and pads ragged rows', () => {
    expect(parseTsv('a\t\tc\r\nd\r\n')).toEqual([
      ['a', '', 'c'],
      ['d', '', ''],
    ]);
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('\r\n')).toEqual([['']]);
  });
});

describe('serialiseTsv', () => {
  it('writes CR LF after every row and quotes where needed', () => {
    expect(
      serialiseTsv([
        ['a', 'b\tc'],
        ['"x"', ''],
      ]),
    ).toBe('a\t"b\tc"\r\n"""x"""\t\r\n');
  });

  it('round-trips any rectangular matrix', () => {
    const matrix = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })).chain(([r, c]) =>
      fc.array(
        fc.array(fc.string({ unit: fc.constantFrom('a', '"', '\t', '\n', '\r', ' ', '中', '1') }), {
          minLength: c,
          maxLength: c,
        }),
        { minLength: r, maxLength: r },
      ),
    );
    fc.assert(
      fc.property(matrix, (m) => {
        // A single empty cell is written as a bare line break; it reads back the same.
        expect(parseTsv(serialiseTsv(m))).toEqual(m);
      }),
    );
  });
});
