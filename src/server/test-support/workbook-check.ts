/**
 * The auditor's view of an exported workbook, for the export tests: the file is opened with
 * exceljs (as a spreadsheet program would read it), every formula is recalculated with
 * HyperFormula (no cached value is trusted), and the checks every export must pass are here once:
 * the heading block, the print setup, number formats, no amount or date stored as text, no user
 * text turned into a formula, and every formula's cached value equal to its recalculation.
 *
 * Usage: `const book = await checkWorkbook(bytes, { heading })` runs every check on every sheet and
 * gives the sheets; `book.sheet('科目余额表').value(row, col)` is a recalculated value (1-based).
 */
import ExcelJS from 'exceljs';
import { HyperFormula, type RawCellContent } from 'hyperformula';
import { expect } from 'vitest';
import { exportTimeText, filtersText, MONEY_UNIT_TEXT, type ExportHeading } from '../../../grids/workbook/heading.js';
import { DATE_NUM_FMT, MONEY_BLANK_ZERO_NUM_FMT, MONEY_NUM_FMT } from '../../../grids/workbook/sheet-plan.js';

/** Rows searched for the heading block: title, its lines and the column headers fit in these. */
const HEAD_SEARCH_ROWS = 12;
/** Functions our own formulas use; anything else in a formula is suspect. */
const OUR_FUNCTIONS = new Set(['SUM', 'SUMIF', 'SUMIFS', 'SUMPRODUCT', 'ROUND', 'IF', 'ABS', 'MIN', 'MAX', 'AVERAGE', 'COUNT']);
const AMOUNT_AS_TEXT = /^[-−]?\d{1,3}(,\d{3})*(\.\d{1,2})$|^[-−]?\d+\.\d{2}$/;
const DATE_AS_TEXT = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$|^\d{4}年\d{1,2}月\d{1,2}日$/;

export type Value = string | number | boolean | null;

export interface FormulaCell {
  readonly address: string;
  readonly row: number;
  readonly col: number;
  readonly formula: string;
  readonly cached: unknown;
  readonly computed: Value;
}

export interface CheckedSheet {
  readonly name: string;
  readonly worksheet: ExcelJS.Worksheet;
  readonly rowCount: number;
  /** The recalculated value of a cell (1-based), formulas evaluated by HyperFormula. */
  value(row: number, col: number): Value;
  /** Text of a cell as written (formulas: their result), '' when empty. */
  text(row: number, col: number): string;
  /** 1-based row whose column `col` holds `text`, or 0. */
  rowOf(col: number, text: string): number;
  /** All text cells of the first rows (the heading block). */
  headTexts(): string[];
  readonly formulas: readonly FormulaCell[];
}

export interface CheckedWorkbook {
  readonly workbook: ExcelJS.Workbook;
  readonly sheets: readonly CheckedSheet[];
  /** The sheet of that name (or the first one). */
  sheet(name?: string): CheckedSheet;
}

/** The heading an export must show; exportedAt is checked for its form only when not given. */
export type ExpectedHeading = Omit<ExportHeading, 'exportedAt'> & { readonly exportedAt?: Date };

export interface CheckOptions {
  /** The heading every sheet must carry (each sheet's own title when `titles` names it). */
  readonly heading?: ExpectedHeading;
  /** Per sheet name, its title when the sheets of one workbook differ. */
  readonly titles?: Readonly<Record<string, string>>;
  /** Texts users typed (names, summaries) that must never be a formula. */
  readonly userTexts?: readonly string[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return value.result === undefined ? '' : cellText(value.result);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

/** Excel's serial number of a date written at midnight UTC (as the plan writes them). */
function serialOf(date: Date): number {
  return 25569 + date.getTime() / 86_400_000;
}

/** One worksheet as HyperFormula's input: strings forced to text, formulas with '='. */
function rawSheet(sheet: ExcelJS.Worksheet): RawCellContent[][] {
  const rows: RawCellContent[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row: RawCellContent[] = [];
    const source = sheet.getRow(r);
    for (let c = 1; c <= Math.max(sheet.columnCount, source.cellCount); c++) {
      const cell = source.getCell(c);
      const v = cell.value;
      if (cell.type === ExcelJS.ValueType.Merge || v === null || v === undefined) row.push(null);
      else if (typeof v === 'number' || typeof v === 'boolean') row.push(v);
      else if (typeof v === 'string') row.push(`'${v}`);
      else if (v instanceof Date) row.push(serialOf(v));
      else if ('formula' in v && typeof v.formula === 'string') row.push(`=${v.formula}`);
      else if ('sharedFormula' in v) row.push(`=${cell.formula}`);
      else row.push(`'${cellText(v)}`);
    }
    rows.push(row);
  }
  return rows;
}

/** Opens the bytes and recalculates every sheet (cross-sheet references included). */
export async function readWorkbook(bytes: Uint8Array | ArrayBuffer): Promise<CheckedWorkbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const input: Record<string, RawCellContent[][]> = {};
  for (const ws of workbook.worksheets) input[ws.name] = rawSheet(ws);
  const hf = HyperFormula.buildFromSheets(input, { licenseKey: 'gpl-v3' });
  try {
    const sheets = workbook.worksheets.map((ws): CheckedSheet => {
      const id = hf.getSheetId(ws.name) ?? 0;
      const values = hf.getSheetValues(id);
      const value = (row: number, col: number): Value => {
        const v = values[row - 1]?.[col - 1];
        if (v === undefined || v === null) return null;
        if (typeof v === 'object') return `#${v.type}`;
        return v;
      };
      const formulas: FormulaCell[] = [];
      ws.eachRow((row, r) => {
        row.eachCell((cell, c) => {
          const v = cell.value;
          if (v && typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) {
            formulas.push({
              address: cell.address,
              row: r,
              col: c,
              formula: cell.formula,
              cached: cell.result,
              computed: value(r, c),
            });
          }
        });
      });
      const text = (row: number, col: number) => cellText(ws.getRow(row).getCell(col).value);
      return {
        name: ws.name,
        worksheet: ws,
        rowCount: ws.rowCount,
        value,
        text,
        rowOf: (col, wanted) => {
          for (let r = 1; r <= ws.rowCount; r++) if (text(r, col) === wanted) return r;
          return 0;
        },
        headTexts: () => {
          const out: string[] = [];
          for (let r = 1; r <= Math.min(HEAD_SEARCH_ROWS, ws.rowCount); r++) {
            ws.getRow(r).eachCell((cell) => {
              if (cell.type !== ExcelJS.ValueType.Merge && typeof cell.value === 'string') out.push(cell.value);
            });
          }
          return out;
        },
        formulas,
      };
    });
    return {
      workbook,
      sheets,
      sheet: (name) => {
        const found = name === undefined ? sheets[0] : sheets.find((s) => s.name === name);
        if (!found) throw new Error(`no sheet ${name ?? ''}: ${sheets.map((s) => s.name).join(', ')}`);
        return found;
      },
    };
  } finally {
    hf.destroy();
  }
}

function hasMoney(ws: ExcelJS.Worksheet): boolean {
  let money = false;
  ws.eachRow((row) => {
    row.eachCell((cell) => {
      if ((cell.numFmt === MONEY_NUM_FMT || cell.numFmt === MONEY_BLANK_ZERO_NUM_FMT) && cell.value !== null) money = true;
    });
  });
  return money;
}

/** Title, unit, ledger set, period, each filter, 金额单位：元 (where there are amounts), exporter and time. */
export function expectHeadingBlock(sheet: CheckedSheet, heading: ExpectedHeading): void {
  const texts = sheet.headTexts();
  const all = texts.join('\n');
  const label = `sheet ${sheet.name}`;
  expect(sheet.text(1, 1), label).toBe(heading.title);
  expect(all, label).toContain(`编制单位：${heading.unit}`);
  expect(all, label).toContain(`账套：${heading.ledgerSet}`);
  expect(all, label).toContain(`会计期间：${heading.period}`);
  expect(all, label).toContain(`筛选条件：${filtersText(heading.filters)}`);
  for (const f of heading.filters) expect(all, `${label} filter ${f.label}`).toContain(`${f.label}：${f.value}`);
  if (hasMoney(sheet.worksheet)) expect(texts, label).toContain(MONEY_UNIT_TEXT);
  expect(all, label).toContain(`导出人：${heading.exportedBy}`);
  if (heading.exportedAt) expect(all, label).toContain(`导出时间：${exportTimeText(heading.exportedAt)}`);
  else expect(all, label).toMatch(/导出时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
}

/** Headings repeated on every page, page x of y in the footer, one page wide, headings frozen. */
export function expectPrintSetup(sheet: CheckedSheet): void {
  const ws = sheet.worksheet;
  const label = `sheet ${sheet.name}`;
  expect(ws.pageSetup.printTitlesRow, label).toMatch(/^1:\d+$/);
  expect(ws.headerFooter.oddFooter ?? '', label).toMatch(/&P[\s\S]*&N/);
  expect(ws.pageSetup.fitToPage, label).toBe(true);
  expect(ws.pageSetup.fitToWidth, label).toBe(1);
  expect(['landscape', 'portrait'], label).toContain(ws.pageSetup.orientation);
  const view = ws.views[0];
  expect(view?.state, label).toBe('frozen');
  expect((view as { ySplit?: number } | undefined)?.ySplit ?? 0, label).toBeGreaterThan(0);
}

/**
 * Amounts are numbers in '#,##0.00' (a fraction of a yuan never hides in a General cell), dates are
 * dates in 'yyyy-mm-dd', and no cell holds an amount or a date as text.
 */
export function expectNumbersAndDates(sheet: CheckedSheet): void {
  sheet.worksheet.eachRow((row, r) => {
    row.eachCell((cell) => {
      if (cell.type === ExcelJS.ValueType.Merge) return;
      const where = `${sheet.name}!${cell.address}`;
      const v = cell.value;
      if (typeof v === 'string') {
        expect(AMOUNT_AS_TEXT.test(v.trim()), `${where} amount as text: ${v}`).toBe(false);
        expect(DATE_AS_TEXT.test(v.trim()), `${where} date as text: ${v}`).toBe(false);
        return;
      }
      if (v instanceof Date) {
        expect(cell.numFmt, where).toBe(DATE_NUM_FMT);
        return;
      }
      const n = typeof v === 'number' ? v : typeof cell.result === 'number' ? cell.result : null;
      // Money, its zero shown blank or not.
      if (n !== null && !Number.isInteger(n))
        expect([MONEY_NUM_FMT, MONEY_BLANK_ZERO_NUM_FMT], `${where} row ${r}`).toContain(cell.numFmt);
    });
  });
}

/** Strips string literals and sheet names, then names what is left that is not ours. */
function foreignTokens(formula: string): string[] {
  const bare = formula.replace(/'(?:[^']|'')*'!/g, '').replace(/"(?:[^"]|"")*"/g, '""');
  const out: string[] = [];
  for (const m of bare.matchAll(/[A-Za-z_][A-Za-z0-9_.]*\s*\(?/g)) {
    const token = m[0].replace(/\s/g, '');
    if (token.endsWith('(')) {
      if (!OUR_FUNCTIONS.has(token.slice(0, -1).toUpperCase())) out.push(token);
    } else if (!/^\$?[A-Z]{1,3}\$?\d+$/.test(token) && !/^[A-Za-z0-9_]+!?$/.test(token)) out.push(token);
  }
  if (/[@|{}\\]/.test(bare)) out.push(bare);
  return out;
}

/**
 * Every formula is one of ours: references, numbers, operators and our functions only (no
 * HYPERLINK, no DDE, no user text), and no text a user typed reads as a formula.
 */
export function expectOnlyOurFormulas(sheet: CheckedSheet, userTexts: readonly string[] = []): void {
  for (const f of sheet.formulas) {
    expect(foreignTokens(f.formula), `${sheet.name}!${f.address} =${f.formula}`).toEqual([]);
    for (const t of userTexts) expect(f.formula.includes(t), `${sheet.name}!${f.address} holds ${t}`).toBe(false);
  }
  for (const t of userTexts) {
    sheet.worksheet.eachRow((row) => {
      row.eachCell((cell) => {
        if (cell.value === t || cellText(cell.value) === t)
          expect(cell.type, `${sheet.name}!${cell.address}`).toBe(ExcelJS.ValueType.String);
      });
    });
  }
}

/** Each formula recalculates to its cached value (what the file shows before recalculation). */
export function expectLiveFormulasAgree(sheet: CheckedSheet): void {
  for (const f of sheet.formulas) {
    const where = `${sheet.name}!${f.address} =${f.formula}`;
    expect(typeof f.computed === 'string' && f.computed.startsWith('#'), `${where} → ${String(f.computed)}`).toBe(false);
    if (typeof f.cached === 'number' && typeof f.computed === 'number')
      expect(Math.round(f.computed * 100), where).toBe(Math.round(f.cached * 100));
  }
}

/** Every check on every sheet; the sheets for the test's own comparisons with the API. */
export async function checkWorkbook(bytes: Uint8Array | ArrayBuffer, options: CheckOptions = {}): Promise<CheckedWorkbook> {
  const book = await readWorkbook(bytes);
  const { heading } = options;
  if (heading) {
    expect(book.workbook.title).toBe(heading.title);
    expect(book.workbook.company).toBe(heading.unit);
    expect(book.workbook.creator).toBe(heading.exportedBy);
    expect(book.workbook.created).toBeInstanceOf(Date);
    expect(book.workbook.subject ?? '').toContain(heading.period);
  }
  for (const sheet of book.sheets) {
    if (heading) expectHeadingBlock(sheet, { ...heading, title: options.titles?.[sheet.name] ?? heading.title });
    expectPrintSetup(sheet);
    expectNumbersAndDates(sheet);
    expectOnlyOurFormulas(sheet, options.userTexts);
    expectLiveFormulasAgree(sheet);
  }
  return book;
}

/** Yuan (a recalculated cell or the wire's figure) as integer fen, for exact comparisons. */
export function fenOf(value: Value | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  if (!Number.isFinite(n)) throw new Error(`not an amount: ${String(value)}`);
  return Math.round(n * 100);
}
