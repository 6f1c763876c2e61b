/**
 * Reads the first worksheet of an uploaded workbook for an import, under WORKBOOK_LIMITS: the
 * guard (workbook-guard.ts) inflates and checks the entries, then exceljs's streaming reader
 * parses them 32 KB at a time, so the server answers other users between chunks, and the rows
 * and cells are counted as they come: past a limit the read stops and the import is refused.
 * The reader is given the checked entries again as a stored (uncompressed) zip, the workbook's
 * parts first and the worksheets by number, so the first worksheet is sheet1.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError, refuse } from '../http/app-error.js';
import { storedZip } from './stored-zip.js';
import { guardWorkbook } from './workbook-guard.js';
import { WORKBOOK_LIMITS, WorkbookMessages, type WorkbookLimits } from './workbook-limits.js';

export interface SheetRows {
  /** The highest row number read. */
  lastRow: number;
  /** Cell values of row `r` by column (1-based; absent cells undefined). */
  row(r: number): readonly ExcelJS.CellValue[];
}

const CHUNK = 32 * 1024;

const sheetNumber = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? NaN);

/**
 * The bytes in chunks, each after a turn of the event loop: exceljs's reader passes parsed rows
 * on through promises only (microtasks), so with all the bytes at hand it would parse a whole
 * sheet before any other request is served. Waiting for setImmediate between chunks lets them in.
 */
async function* chunks(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += CHUNK) {
    yield bytes.subarray(at, at + CHUNK);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The first worksheet's rows, or a refusal (4011) naming the limit passed or that the file is no xlsx. */
export async function readFirstSheet(upload: Buffer, limits: WorkbookLimits = WORKBOOK_LIMITS): Promise<SheetRows> {
  const entries = await guardWorkbook(upload, limits);
  const sheets = [...entries.keys()]
    .filter((n) => Number.isFinite(sheetNumber(n)))
    .sort((a, b) => sheetNumber(a) - sheetNumber(b));
  if (sheets.length === 0 || !entries.has('xl/workbook.xml')) refuse('BusinessRule', WorkbookMessages.notXlsx);
  const ordered = [...entries].filter(([n]) => !sheets.includes(n));
  for (const n of sheets) ordered.push([n, entries.get(n) ?? Buffer.alloc(0)]);
  const source = Readable.from(chunks(storedZip(ordered)));
  const rows = new Map<number, ExcelJS.CellValue[]>();
  let cells = 0;
  let lastRow = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    let read = false;
    for await (const sheet of reader) {
      if (read) break;
      read = true;
      for await (const row of sheet) {
        if (rows.size >= limits.maxRows) refuse('BusinessRule', WorkbookMessages.tooManyRows(limits.maxRows));
        const values = row.values as ExcelJS.CellValue[];
        cells += values.length;
        if (cells > limits.maxCells) refuse('BusinessRule', WorkbookMessages.tooManyCells(limits.maxCells));
        rows.set(row.number, values);
        lastRow = Math.max(lastRow, row.number);
      }
    }
    if (!read) refuse('BusinessRule', WorkbookMessages.noSheet);
  } catch (error) {
    if (error instanceof AppError) throw error;
    refuse('BusinessRule', WorkbookMessages.notXlsx);
  } finally {
    source.destroy();
  }
  return { lastRow, row: (r) => rows.get(r) ?? [] };
}
