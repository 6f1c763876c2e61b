/**
 * The 记账凭证 sheet for any voucher: recalculated, each part's 合计 is the sum of its lines to the
 * fen, the capitals say the same amount, every line's figures are numbers as written, and any text
 * a user may type (a summary, an item name, a signature) stays text and never becomes a formula.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToChineseCapitals } from '../../../formulas/chinese-capitals.js';
import type { Voucher, VoucherLine } from '../../shared/api/vouchers.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { sampleHeading } from '../../../grids/workbook/sample-heading.js';
import { checkWorkbook, fenOf } from '../test-support/workbook-check.js';
import { buildVoucherWorkbook, voucherSheetLayout } from './voucher-workbook.js';

/**
 * Texts a user may type, the hostile ones more often than chance would give them. A summary that
 * reads like an amount or a date ('1,234.56') is left out: the kit's figure-as-text check cannot
 * tell it from a figure written as text.
 */
const LOOKS_LIKE_FIGURE = /^\s*[-−]?[\d,]+\.\d{1,2}\s*$|^\s*\d{4}[-/.年]\d{1,2}/;
const userText = fc
  .oneof(fc.string({ maxLength: 30 }), fc.constantFrom('=1+1', '+SUM(A1:A9)', '-1+2', '@cmd', '=HYPERLINK("http://x","y")', ' '))
  .filter((t) => !LOOKS_LIKE_FIGURE.test(t));

const fen = fc.integer({ min: 1, max: 9_999_999_999 });

const lineArb = (isGovernment: boolean) =>
  fc
    .record({ summary: userText, name: userText, item: userText, debit: fc.boolean(), amount: fen })
    .map(({ summary, name, item, debit, amount }): VoucherLine => ({
      id: 'x',
      numberRow: 1,
      summary,
      subjectCode: '101',
      code: '101',
      codeName: name,
      codeAndFullName: `101 ${name}`,
      balanceDirection: 1,
      debitAmount: debit ? fenToYuan(amount) : null,
      creditAmount: debit ? null : fenToYuan(amount),
      auxis: [{ typeNo: 'BM', infoNo: '001', infoName: item }],
      isGovernment,
    }));

const voucherArb = fc
  .record({
    financial: fc.array(lineArb(false), { minLength: 1, maxLength: 8 }),
    budget: fc.array(lineArb(true), { maxLength: 4 }),
    names: fc.array(userText, { minLength: 5, maxLength: 5 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    documents: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ financial, budget, names, month, day, documents }): Voucher => {
    const lines = [...financial, ...budget];
    const total = (pick: (l: VoucherLine) => number | null) => fenToYuan(lines.reduce((s, l) => s + fenOf(pick(l)), 0));
    const [financialOfficer = '', bookkeeper = '', reviewer = '', preparedBy = '', cashier = ''] = names;
    return {
      id: 'v',
      pzNo: 12,
      entry: '记',
      pzDate: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      year: 2026,
      month,
      certificateType: 1,
      certificateTypeName: '记账凭证',
      numberOfDocument: documents,
      financialOfficer,
      bookkeeper,
      reviewer,
      preparedBy,
      cashier,
      isShowCashier: true,
      isReview: reviewer !== '',
      isBook: bookkeeper !== '',
      isCashierSigned: cashier !== '',
      debitTotal: total((l) => l.debitAmount),
      creditTotal: total((l) => l.creditAmount),
      certiDetails: lines,
      revision: 1,
    };
  });

describe('the 记账凭证 sheet of any voucher', () => {
  it('recalculates each part’s 合计 to the sum of its lines, says it in capitals, and keeps user text as text', async () => {
    await fc.assert(
      fc.asyncProperty(voucherArb, async (voucher) => {
        const workbook = buildVoucherWorkbook([voucher], { ...sampleHeading(), title: '记账凭证' }, () => '部门');
        const book = await checkWorkbook(await workbook.xlsx.writeBuffer(), {
          userTexts: voucher.certiDetails.flatMap((l) => [l.summary, l.codeAndFullName]).filter((t) => /^[=+\-@]/.test(t)),
        });
        const sheet = book.sheet();
        const layout = voucherSheetLayout(voucher);
        const parts = [voucher.certiDetails.filter((l) => !l.isGovernment), voucher.certiDetails.filter((l) => l.isGovernment)];
        layout.parts.forEach((part, k) => {
          const lines = parts[k] ?? [];
          lines.forEach((l, i) => {
            expect(sheet.text(part.firstLine + i, 1)).toBe(l.summary);
            expect(sheet.worksheet.getCell(part.firstLine + i, 1).type).not.toBe(ExcelJS.ValueType.Formula);
            expect(fenOf(sheet.value(part.firstLine + i, 4))).toBe(fenOf(l.debitAmount));
            expect(fenOf(sheet.value(part.firstLine + i, 5))).toBe(fenOf(l.creditAmount));
          });
          const debit = lines.reduce((s, l) => s + fenOf(l.debitAmount), 0);
          const credit = lines.reduce((s, l) => s + fenOf(l.creditAmount), 0);
          expect(fenOf(sheet.value(part.totalRow, 4))).toBe(debit);
          expect(fenOf(sheet.value(part.totalRow, 5))).toBe(credit);
          expect(sheet.text(part.totalRow, 2)).toBe(`人民币（大写）：${amountToChineseCapitals(debit)}`);
        });
        expect(sheet.formulas).toHaveLength(2 * layout.parts.length);
      }),
      { numRuns: 40 },
    );
  });
});
