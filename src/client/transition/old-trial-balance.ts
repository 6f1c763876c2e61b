/**
 * Reading the old system's trial balance (科目余额表) exported to Excel, in the browser, for the year-end figures
 * of the transition. The file is checked by size and by its first bytes (an xlsx is a zip) BEFORE exceljs reads it;
 * exceljs is loaded on demand so it stays out of the page's first load.
 *
 * What is taken: the rows whose code is a last-level subject of the 2009 chart with a balance-sheet type, their
 * closing balance turned into the subject's balance direction — from 期末借方 / 期末贷方 columns (one header row,
 * or 期末余额 over 借方 / 贷方 on the next row) or from 期末余额 with its 方向 (借 / 贷 / 平). Everything else that
 * carries an amount is listed as not recognised, with the reason; the user sees both lists before saving.
 */
import type { Workbook } from 'exceljs';
import { roundHalfUpToFen } from '../../shared/money.js';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export const ImportMessages = {
  tooLarge: '文件超过5MB，请只导出科目余额表',
  notXlsx: '不是Excel工作簿（.xlsx）文件',
  unreadable: 'Excel文件无法读取，请在Excel中另存为.xlsx后重试',
  noHeader: '未找到表头：需要“科目编码”（或“科目代码”）列，以及“期末借方”“期末贷方”列或“期末余额”与“方向”列',
  notOldSubject: '不是原制度（2009）会计科目',
  notLastLevel: '不是末级科目（上级科目由下级合计）',
  revenueExpense: '收入支出类科目年末应无余额，请先在原系统结账',
  badAmount: '金额无法识别',
  badDirection: '余额方向无法识别',
  duplicate: '科目重复出现，已合计',
} as const;

/** What the parser knows of a 2009 subject. */
export interface OldChartSubject {
  code: string;
  name: string;
  type: number;
  balanceDirection: 1 | 2;
  lastLevel: boolean;
}

export interface TakenFigure {
  code: string;
  name: string;
  /** Fen, in the subject's balance direction. */
  amount: number;
  /** The sheet's row number (1-based). */
  row: number;
}

export interface SkippedLine {
  row: number;
  code: string;
  name: string;
  reason: string;
}

export interface TrialBalanceImport {
  amounts: Map<string, number>;
  taken: TakenFigure[];
  skipped: SkippedLine[];
}

/** A file checked before it is read: null when it may be read, or the message. */
export async function checkImportFile(file: Blob): Promise<string | null> {
  if (file.size > MAX_IMPORT_BYTES) return ImportMessages.tooLarge;
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  // 'PK\x03\x04': the local file header every xlsx (a zip) starts with.
  const zip = head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  return zip ? null : ImportMessages.notXlsx;
}

type Cell = string | number | null;

/** A cell's plain value: text, number, or the cached result of a formula. */
function plain(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return null;
  if (value instanceof Date) return null;
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown };
    if ('result' in v) return plain(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('');
    if (typeof v.text === 'string') return v.text;
  }
  return null;
}

/** The first worksheet that has a recognisable header, as rows of plain cells. */
export function sheetsOf(workbook: Workbook): Cell[][][] {
  return workbook.worksheets.map((sheet) => {
    const rows: Cell[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: Cell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = plain(cell.value);
      });
      rows[rowNumber - 1] = cells;
    });
    return Array.from(rows, (r) => Array.from(r ?? [], (c) => c ?? null));
  });
}

const text = (c: Cell | undefined): string => (c === null || c === undefined ? '' : String(c).replace(/\s/g, ''));

interface Layout {
  headerRow: number;
  code: number;
  name: number | null;
  debit?: number;
  credit?: number;
  balance?: number;
  direction?: number;
}

function findColumns(rows: readonly Cell[][]): Layout | null {
  for (let r = 0; r < Math.min(rows.length, 30); r += 1) {
    const row = rows[r] ?? [];
    const at = (test: (t: string) => boolean) => row.findIndex((c) => test(text(c)));
    const code = at((t) => /^科目(编码|代码|编号)$/.test(t));
    if (code < 0) continue;
    const nameAt = at((t) => /^科目名称$/.test(t));
    const name = nameAt < 0 ? null : nameAt;
    const debit = at((t) => /^期末(余额)?借方(余额|金额)?$/.test(t));
    const credit = at((t) => /^期末(余额)?贷方(余额|金额)?$/.test(t));
    if (debit >= 0 && credit >= 0) return { headerRow: r, code, name, debit, credit };
    const balance = at((t) => /^期末(余额|数)?$/.test(t));
    if (balance < 0) continue;
    // 期末余额 over 借方 / 贷方 on the next row (merged cells repeat the heading, or leave it blank).
    const next = rows[r + 1] ?? [];
    const subDebit = next.findIndex((c, i) => i >= balance && /^借方/.test(text(c)));
    const subCredit = next.findIndex((c, i) => i >= balance && /^贷方/.test(text(c)));
    if (subDebit >= 0 && subCredit >= 0 && subDebit <= balance + 1)
      return { headerRow: r + 1, code, name, debit: subDebit, credit: subCredit };
    // 期末余额 with its 方向: the 方向 column nearest before it (用友 / 金蝶 style), else the nearest one.
    const directions = row.flatMap((c, i) => (/^(余额)?方向$/.test(text(c)) ? [i] : []));
    if (directions.length === 0) continue;
    const before = directions.filter((i) => i < balance);
    const direction = before.length > 0 ? Math.max(...before) : Math.min(...directions);
    return { headerRow: r, code, name, balance, direction };
  }
  return null;
}

function fenOf(cell: Cell | undefined): number | null {
  if (cell === null || cell === undefined) return 0;
  if (typeof cell === 'number') return roundHalfUpToFen(cell);
  const t = cell.replace(/[,，\s]/g, '');
  if (t === '' || t === '-') return 0;
  try {
    return roundHalfUpToFen(t);
  } catch {
    return null;
  }
}

/** The amounts of the 2009 chart's last-level subjects found in a trial balance sheet, and what was not taken. */
export function parseTrialBalance(sheets: readonly Cell[][][], chart: readonly OldChartSubject[]): TrialBalanceImport | string {
  const byCode = new Map(chart.map((s) => [s.code, s]));
  for (const rows of sheets) {
    const layout = findColumns(rows);
    if (!layout) continue;
    const amounts = new Map<string, number>();
    const taken: TakenFigure[] = [];
    const skipped: SkippedLine[] = [];
    const parents: SkippedLine[] = [];
    for (let r = layout.headerRow + 1; r < rows.length; r += 1) {
      const row = rows[r] ?? [];
      const raw = text(row[layout.code]);
      const code = /^\d+/.exec(raw)?.[0] ?? '';
      const name = layout.name === null ? raw.slice(code.length) : text(row[layout.name]);
      if (code === '') continue; // headings, blank lines, 合计
      const line = { row: r + 1, code, name };
      let debitSide: number | null;
      if (layout.debit !== undefined && layout.credit !== undefined) {
        const d = fenOf(row[layout.debit]);
        const c = fenOf(row[layout.credit]);
        debitSide = d === null || c === null ? null : d - c;
      } else {
        const amount = fenOf(row[layout.balance ?? 0]);
        const dir = text(row[layout.direction ?? 0]);
        if (amount === null) debitSide = null;
        else if (amount === 0 || dir === '平') debitSide = 0;
        else if (dir.startsWith('借')) debitSide = amount;
        else if (dir.startsWith('贷')) debitSide = -amount;
        else {
          skipped.push({ ...line, reason: ImportMessages.badDirection });
          continue;
        }
      }
      if (debitSide === null) {
        skipped.push({ ...line, reason: ImportMessages.badAmount });
        continue;
      }
      if (debitSide === 0) continue;
      const subject = byCode.get(code);
      if (!subject) skipped.push({ ...line, reason: ImportMessages.notOldSubject });
      else if (!subject.lastLevel) parents.push({ ...line, reason: ImportMessages.notLastLevel });
      else if (subject.type > 3) skipped.push({ ...line, reason: ImportMessages.revenueExpense });
      else {
        const amount = subject.balanceDirection === 1 ? debitSide : -debitSide;
        if (amounts.has(code)) skipped.push({ ...line, reason: ImportMessages.duplicate });
        amounts.set(code, (amounts.get(code) ?? 0) + amount);
        taken.push({ code, name: subject.name, amount, row: r + 1 });
      }
    }
    // A parent's line is the sum of its children's: not recognised only when none of its children came.
    for (const p of parents) if (!taken.some((t) => t.code.startsWith(p.code))) skipped.push(p);
    skipped.sort((a, b) => a.row - b.row);
    return { amounts, taken, skipped };
  }
  return ImportMessages.noHeader;
}

/** Checks, reads (exceljs, loaded on demand) and parses a trial balance file; a string is the message to show. */
export async function readTrialBalance(file: Blob, chart: readonly OldChartSubject[]): Promise<TrialBalanceImport | string> {
  const refused = await checkImportFile(file);
  if (refused !== null) return refused;
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    return ImportMessages.unreadable;
  }
  return parseTrialBalance(sheetsOf(workbook), chart);
}
