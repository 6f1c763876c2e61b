import { describe, expect, it } from 'vitest';
import type { GeneralLedgerRow } from '../src/shared/api/books.js';
import { buildWorkbook } from './workbook/workbook.js';
import { sampleHeading } from './workbook/sample-heading.js';
import { generalLedgerGrid, generalLedgerRowKey, toGeneralLedgerGridRow } from './general-ledger.js';

const row: GeneralLedgerRow = {
  code: '50102',
  codeName: '文体活动支出',
  level: 2,
  parentCode: '501',
  month: 2,
  initialBalance: 5_000,
  initialDirection: 2,
  debitOccur: 100,
  creditOccur: 0,
  debitGrandTotal: 300,
  creditGrandTotal: 400,
  endBalance: 0,
  endDirection: 0,
};

describe('general ledger rows', () => {
  it('show each balance with its side and the period of the month', () => {
    expect(toGeneralLedgerGridRow(row, 2026)).toMatchObject({
      rowId: '50102#2',
      period: '2026-02',
      openingDirection: '贷',
      openingBalance: 5_000,
      debit: 100,
      credit: 0,
      yearDebit: 300,
      yearCredit: 400,
      closingDirection: '平',
      closingBalance: 0,
    });
  });

  it('read the subject and month back from a row id', () => {
    expect(generalLedgerRowKey('50102#2')).toEqual({ code: '50102', month: 2 });
    expect(generalLedgerRowKey('50102#11')).toEqual({ code: '50102', month: 11 });
    expect(generalLedgerRowKey('opening')).toBeNull();
  });

  it('export in yuan with the money format and the group headers', () => {
    const wb = buildWorkbook(
      generalLedgerGrid,
      [toGeneralLedgerGridRow(row, 2026)],
      sampleHeading({ title: '总账', unit: '某工会', period: '2026年02月' }),
    );
    const sheet = wb.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('总账');
    expect(sheet?.getRow(5).getCell(4).value).toBe('期初余额');
    expect(sheet?.getRow(7).getCell(5).value).toBe(50);
    expect(sheet?.getRow(7).getCell(5).numFmt).toBe('#,##0.00');
    expect(sheet?.getRow(7).getCell(10).value).toBe('平');
  });
});
