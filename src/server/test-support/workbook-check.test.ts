import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openingBalanceGridMidYear } from '../../../grids/index.js';
import { openingRowsOf } from '../../../grids/test-rows.js';
import { sampleHeading } from '../../../grids/workbook/sample-heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { unionGrassroots2021 } from '../../../templates/charts/index.js';
import { checkWorkbook, fenOf, readWorkbook } from './workbook-check.js';

const heading = sampleHeading({ title: '科目期初余额表', filters: [{ label: '只含已记账', value: '是' }] });
const rows = openingRowsOf(unionGrassroots2021, { '101': 12_345, '102': 100_000_00 });

async function bytesOf(change?: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void): Promise<ArrayBuffer> {
  const workbook = buildWorkbook(openingBalanceGridMidYear, rows, heading);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  change?.(sheet, workbook);
  return workbook.xlsx.writeBuffer();
}

const firstTotalRow = 7 + rows.length;

describe('checkWorkbook', () => {
  it('passes a workbook of the shared plan and recalculates its totals', async () => {
    const book = await checkWorkbook(await bytesOf(), { heading, userTexts: ['=1+1'] });
    const sheet = book.sheet('科目期初余额');
    expect(sheet.text(firstTotalRow, 1)).toBe('财务会计期初借方合计');
    expect(fenOf(sheet.value(firstTotalRow, 4))).toBe(100_123_45);
    expect(sheet.formulas.length).toBeGreaterThan(0);
  });

  it('recalculates instead of trusting the cached value', async () => {
    const bytes = await bytesOf((sheet) => {
      const cell = sheet.getRow(firstTotalRow).getCell(4);
      const value = cell.value as ExcelJS.CellFormulaValue;
      cell.value = { formula: value.formula, result: 1 };
    });
    expect(fenOf((await readWorkbook(bytes)).sheet().value(firstTotalRow, 4))).toBe(100_123_45);
    await expect(checkWorkbook(bytes, { heading })).rejects.toThrow(/D\d+/);
  });

  it('refuses an amount or a date stored as text', async () => {
    const amount = await bytesOf((sheet) => {
      sheet.getRow(8).getCell(4).value = '1,234.50';
    });
    await expect(checkWorkbook(amount, { heading })).rejects.toThrow(/amount as text/);
    const date = await bytesOf((sheet) => {
      sheet.getRow(8).getCell(2).value = '2024-01-05';
    });
    await expect(checkWorkbook(date, { heading })).rejects.toThrow(/date as text/);
  });

  it('refuses a formula that is not ours, and a user text that became one', async () => {
    const link = await bytesOf((sheet) => {
      sheet.getRow(8).getCell(2).value = { formula: 'HYPERLINK("http://x","y")', date1904: false };
    });
    await expect(checkWorkbook(link, { heading })).rejects.toThrow(/HYPERLINK/);
    const typed = await bytesOf((sheet) => {
      sheet.getRow(8).getCell(2).value = { formula: '1+1', date1904: false };
    });
    await expect(checkWorkbook(typed, { heading, userTexts: ['1+1'] })).rejects.toThrow(/1\+1/);
  });

  it('refuses a heading block without a filter, the exporter or the print setup', async () => {
    await expect(
      checkWorkbook(await bytesOf(), { heading: { ...heading, filters: [{ label: '科目级次', value: '1' }] } }),
    ).rejects.toThrow(/科目级次/);
    await expect(checkWorkbook(await bytesOf(), { heading: { ...heading, exportedBy: '别人' } })).rejects.toThrow(/别人/);
    const noTitles = await bytesOf((sheet) => {
      sheet.pageSetup.printTitlesRow = undefined;
      sheet.headerFooter.oddFooter = '';
    });
    await expect(checkWorkbook(noTitles, { heading })).rejects.toThrow();
  });
});
