/**
 * The ledger-set workbook of 账套注册: the template to fill in, reading an upload (through the
 * shared guard and its limits), and the export of the managed sets in the same columns, so an
 * export edited and uploaded with 覆盖导入 rewrites the sets. Every text goes out as a string cell
 * in a Text ('@') column: a name such as '=HYPERLINK(...)' is never a formula (formula injection).
 */
import ExcelJS from 'exceljs';
import type { AccountingSystem } from '../../../shared/api/auth.js';
import { refuse } from '../../http/app-error.js';
import { readFirstSheet } from '../../imports/read-sheet.js';
import { WORKBOOK_LIMITS } from '../../imports/workbook-limits.js';
import { COLUMNS, SYSTEM_LABEL, type Column, type SetText } from './set-fields.js';

/** Sets one import may register (a province's unions; a larger tree is imported in parts). */
export const MAX_IMPORT_SETS = 20_000;
export const SHEET_NAME = '账套注册';

const ORDER: readonly Column[] = ['code', 'name', 'upperCode', 'system', 'year', 'expireTime', 'level', 'template'];
const REQUIRED: readonly Column[] = ['code', 'name', 'upperCode', 'system', 'year'];
const WIDTHS: Readonly<Record<Column, number>> = {
  code: 16,
  name: 36,
  upperCode: 16,
  system: 16,
  year: 10,
  expireTime: 14,
  level: 8,
  template: 20,
};

const NOTES: readonly [string, string][] = [
  [
    '账套编码',
    '必填。只能是数字，最长30位，不能与已有账套重复（覆盖导入时已有的账套被修改）；新账套的编码以上级账套的编码开头并至少多一位（如 001 下的 001003）',
  ],
  ['账套名称', '必填。单位名称，最长60个字，不能含有控制字符或尖括号；同一上级账套下不能重名'],
  ['上级账套编码', '上级单位的账套编码：已有的账套，或本表中的另一行（不分先后）；只有超级管理员可以留空（顶级账套）'],
  ['会计制度', '必填。基层工会、县级以上工会或政府会计（也可填union-grassroots、union-county、government）'],
  ['启用年度', '必填。四位年份，账套从这一年开始记账'],
  ['到期日期', '选填。yyyy-MM-dd，当日仍可使用；留空为不到期'],
  ['级次', '选填。不填按上级账套的级次加1；填写时须等于上级账套的级次加1（顶级为1）'],
  ['模板', '选填。账套模板的名称：新账套带上模板的科目、辅助核算、凭证模板和结转模板'],
  ['覆盖导入', '已有编码的账套改为表中的名称、上级账套和到期日期；会计制度和启用年度不能改，也不能再套用模板'],
  ['整表校验', '任何一行有错时整张表都不导入，并列出每一行的错误'],
];

function dataSheet(book: ExcelJS.Workbook, columns: readonly Column[]): ExcelJS.Worksheet {
  const sheet = book.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: COLUMNS[c], key: c, width: WIDTHS[c], style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

/** The empty workbook to fill in: the columns (as text, so 001 stays 001) and a sheet of notes. */
export async function ledgerSetTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.title = '账套注册模板';
  const sheet = dataSheet(book, ORDER);
  const systemCol = ORDER.indexOf('system') + 1;
  for (let r = 2; r <= 1000; r++) {
    sheet.getCell(r, systemCol).dataValidation = {
      type: 'list',
      allowBlank: false,
      formulae: ['"基层工会,县级以上工会,政府会计"'],
      showErrorMessage: true,
      error: '会计制度须为基层工会、县级以上工会或政府会计',
    };
  }
  const notes = book.addWorksheet('填写说明');
  notes.columns = [
    { header: '列', width: 14 },
    { header: '说明', width: 100 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const note of NOTES) notes.addRow(note);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const pad = (n: number) => String(n).padStart(2, '0');

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** The rows of an uploaded workbook as text by column, with their worksheet row numbers; blank rows are skipped. */
export async function readLedgerSetWorkbook(upload: Buffer): Promise<{ row: number; text: SetText }[]> {
  const sheet = await readFirstSheet(upload, { ...WORKBOOK_LIMITS, maxRows: MAX_IMPORT_SETS + 1 });
  const columns = new Map<Column, number>();
  sheet.row(1).forEach((value, col) => {
    const header = cellText(value).trim();
    const column = ORDER.find((c) => COLUMNS[c] === header);
    if (column && !columns.has(column)) columns.set(column, col);
  });
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    refuse('ValidationFailed', `第一行缺少列：${missing.map((c) => COLUMNS[c]).join('、')}，请使用下载的模板`, []);
  }
  const rows: { row: number; text: SetText }[] = [];
  for (let r = 2; r <= sheet.lastRow; r++) {
    const cells = sheet.row(r);
    const text = Object.fromEntries(
      ORDER.map((c) => {
        const col = columns.get(c);
        const value = col === undefined ? undefined : cells[col];
        // Read without styles, a date cell is its serial number (days since 1899-12-30).
        if (c === 'expireTime' && typeof value === 'number')
          return [c, cellText(new Date(Math.round((value - 25569) * 86_400_000)))];
        return [c, cellText(value)];
      }),
    ) as Record<Column, string>;
    if (Object.values(text).every((t) => t.trim() === '')) continue;
    rows.push({ row: r, text });
  }
  if (rows.length === 0) refuse('ValidationFailed', '工作表中没有账套，请从第2行起填写', []);
  if (rows.length > MAX_IMPORT_SETS) refuse('BusinessRule', `一次最多导入${MAX_IMPORT_SETS}个账套，请分批导入`);
  return rows;
}

export interface ExportedSet {
  code: string;
  name: string;
  upperCode: string | null;
  accountingSystem: string;
  firstYear: number | null;
  expireTime: string | null;
  level: number;
  enable: boolean;
}

/** The sets in the template's columns (less 模板) and 状态; every cell text. */
export async function ledgerSetExport(sets: readonly ExportedSet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.title = '账套列表';
  const sheet = dataSheet(
    book,
    ORDER.filter((c) => c !== 'template'),
  );
  sheet.getColumn(ORDER.length).width = 8;
  sheet.getCell(1, ORDER.length).value = '状态';
  for (const set of sets) {
    sheet.addRow([
      set.code,
      set.name,
      set.upperCode ?? '',
      SYSTEM_LABEL[set.accountingSystem as AccountingSystem] ?? set.accountingSystem,
      set.firstYear === null ? '' : String(set.firstYear),
      set.expireTime ?? '',
      String(set.level),
      set.enable ? '启用' : '停用',
    ]);
  }
  sheet.getColumn(ORDER.length).numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}
