import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.js';
import { bombWorkbook, manyEntriesWorkbook } from '../test-support/workbook-bombs.js';
import { readFirstSheet } from './read-sheet.js';
import { WORKBOOK_LIMITS, WorkbookMessages } from './workbook-limits.js';

async function workbook(rows: number, columns = 2): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('第一张');
  for (let r = 1; r <= rows; r++) sheet.addRow(Array.from({ length: columns }, (_, c) => (c === 0 ? `科目${r}` : r * c)));
  book.addWorksheet('第二张').addRow(['ignored']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return 'accepted';
}

describe('the shared import guard', () => {
  it('reads the first sheet of a real workbook, shared strings and numbers', async () => {
    const sheet = await readFirstSheet(await workbook(3));
    expect(sheet.lastRow).toBe(3);
    expect(sheet.row(2)[1]).toBe('科目2');
    expect(sheet.row(3)[2]).toBe(3);
    expect(sheet.row(4)).toEqual([]);
  });

  it('refuses a 500 MB bomb from its directory, before inflating, within milliseconds', async () => {
    const bomb = bombWorkbook(500 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const t0 = performance.now();
    expect(await refusal(readFirstSheet(bomb))).toBe(WorkbookMessages.tooLarge(WORKBOOK_LIMITS.maxTotalBytes));
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('refuses a directory that lies about the size, at the declared size', async () => {
    expect(await refusal(readFirstSheet(bombWorkbook(200 * 1024 * 1024, true)))).toBe(
      WorkbookMessages.lies('xl/worksheets/sheet1.xml'),
    );
  });

  it('refuses a compression ratio past the limit, and too many entries', async () => {
    expect(await refusal(readFirstSheet(bombWorkbook(8 * 1024 * 1024)))).toBe(
      WorkbookMessages.ratio('xl/worksheets/sheet1.xml', WORKBOOK_LIMITS.maxRatio),
    );
    expect(await refusal(readFirstSheet(manyEntriesWorkbook(WORKBOOK_LIMITS.maxEntries)))).toBe(
      WorkbookMessages.tooManyEntries(WORKBOOK_LIMITS.maxEntries),
    );
  });

  it('counts rows and cells while reading and stops past the limit', async () => {
    const book = await workbook(60, 5);
    expect(await refusal(readFirstSheet(book, { ...WORKBOOK_LIMITS, maxRows: 50 }))).toBe(WorkbookMessages.tooManyRows(50));
    expect(await refusal(readFirstSheet(book, { ...WORKBOOK_LIMITS, maxCells: 100 }))).toBe(WorkbookMessages.tooManyCells(100));
    expect(await refusal(readFirstSheet(book, { ...WORKBOOK_LIMITS, maxRows: 60, maxCells: 400 }))).toBe('accepted');
  });

  it('refuses what is no workbook', async () => {
    expect(await refusal(readFirstSheet(Buffer.from('PK\u0003\u0004 not really')))).toBe(WorkbookMessages.notXlsx);
    expect(await refusal(readFirstSheet(Buffer.alloc(0)))).toBe(WorkbookMessages.notXlsx);
  });
});
