/**
 * The opening balances as a workbook, and reading them back from an uploaded one.
 *
 * Export: the opening-balance grid's own export (grids/workbook buildWorkbook: title,
 * the heading block, headers, #,##0.00, totals as live formulas) with one more column, 辅助核算,
 * naming the items of each auxiliary row (`类型名称:编码 名称`, separated by ；) so that the file
 * can be imported again.
 *
 * Import: the file is read through the shared import guard (src/server/imports/read-sheet.ts:
 * zip limits checked before inflating, rows and cells counted while reading, refused with a
 * message past them). The layout is the export's:
 * a header row holding 科目编码 (within the first 10 rows), then one row per subject; columns are
 * found by their headers, so their order and extra columns do not matter:
 *   科目编码 (required), 期初余额 (yuan), 累计借方 / 本年累计借方, 累计贷方 / 本年累计贷方,
 *   辅助核算 (an auxiliary row: `类型:编码` pairs separated by ；or ;, the type by code or name,
 *   anything after a space in a pair is the item's name and ignored).
 * A grouped header (本年累计 over its two columns) may take a second row. Rows whose code is
 * empty, and the total rows (合计, 差额), are skipped; rows of parents and of subjects with
 * auxiliary accounting carry derived sums and are checked, not stored (opening-validate.ts).
 * Amounts parse with the shared money rules (two decimals at most, the cap), so a bad cell is
 * reported, never rounded.
 */
import type ExcelJS from 'exceljs';
import type { OpeningDetailInFen } from '../../shared/subjects/opening-amounts.js';
import type { FieldDef, GridDefinition } from '../../shared/grid/definition.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { periodText, type ExportHeading } from '../../../grids/workbook/heading.js';
import { openingBalanceGridFor, type OpeningBalanceRow } from '../../../grids/opening-balance.js';
import { computeAll, openingRows, type OpeningContext } from './opening-state.js';
import { MAX_OPENING_ROWS, toGridRows } from './opening-service.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { parseAmount } from '../../shared/money.js';
import type { LabelledDetail } from './opening-validate.js';
import { readFirstSheet } from '../imports/read-sheet.js';
import { WORKBOOK_LIMITS, WorkbookMessages } from '../imports/workbook-limits.js';

export const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Row ids of imported rows: `xlsx-` and the worksheet row number. */
export const XLSX_ROW_PREFIX = 'xlsx-';
export const NOT_XLSX = WorkbookMessages.notXlsx;

const HEADERS = {
  code: ['科目编码', '科目代码'],
  initAmount: ['期初余额', '期初余额(元)', '期初余额（元）'],
  cumuleDebitAmount: ['累计借方', '本年累计借方', '借方累计', '累计借方发生额'],
  cumuleCreditAmount: ['累计贷方', '本年累计贷方', '贷方累计', '累计贷方发生额'],
  auxis: ['辅助核算', '辅助项'],
} as const;

type Column = keyof typeof HEADERS;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if (value instanceof Date) return '';
    return '';
  }
  return String(value).trim();
}

export interface AuxiNames {
  /** typeNo by typeNo or typeName. */
  typeOf(name: string): string | undefined;
}

function parseAuxis(text: string, names: AuxiNames): { typeNo: string; infoNo: string }[] | string {
  const out: { typeNo: string; infoNo: string }[] = [];
  for (const pair of text
    .split(/[;；]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([^:：]+)[:：]\s*(\S+)/.exec(pair);
    if (!match) return `辅助核算“${pair}”格式不正确，应为“类型:编码”`;
    const [, typeText = '', infoNo = ''] = match;
    const typeNo = names.typeOf(typeText.trim());
    if (!typeNo) return `辅助核算类型“${typeText.trim()}”不存在`;
    out.push({ typeNo, infoNo });
  }
  return out;
}

export async function readOpeningWorkbook(
  buffer: Buffer,
  names: AuxiNames,
): Promise<{ details: LabelledDetail[]; issues: ValidationIssue[] }> {
  // Refuses (4011) a workbook past the import limits or that is no xlsx, before and while reading
  // it; rows beyond what one save takes (a header, totals) are refused while reading, too.
  const sheet = await readFirstSheet(buffer, { ...WORKBOOK_LIMITS, maxRows: MAX_OPENING_ROWS + 20 });
  let headerRow = 0;
  const columns = new Map<Column, number>();
  const readHeaders = (r: number): void => {
    sheet.row(r).forEach((value, col) => {
      const text = cellText(value);
      for (const [key, labels] of Object.entries(HEADERS) as [Column, readonly string[]][]) {
        if (labels.includes(text) && !columns.has(key)) columns.set(key, col);
      }
    });
  };
  for (let r = 1; r <= Math.min(10, sheet.lastRow) && headerRow === 0; r += 1) {
    readHeaders(r);
    if (columns.has('code')) headerRow = r;
    else columns.clear();
  }
  if (headerRow === 0) return { details: [], issues: [{ message: '未找到表头：第一张工作表的前10行中应有“科目编码”列' }] };
  // Grouped headers (a mid-year set: 本年累计 over 本年累计借方 / 本年累计贷方) take a second row.
  const known = columns.size;
  readHeaders(headerRow + 1);
  const firstDataRow = columns.size > known ? headerRow + 2 : headerRow + 1;

  const details: LabelledDetail[] = [];
  const issues: ValidationIssue[] = [];
  for (let r = firstDataRow; r <= sheet.lastRow; r += 1) {
    // Other users' requests get a turn now and then while a large sheet is parsed.
    if (r % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const row = sheet.row(r);
    const read = (key: Column): string => {
      const col = columns.get(key);
      return col ? cellText(row[col]) : '';
    };
    const code = read('code');
    if (!code || /合计|差额/.test(code)) continue;
    const label = `第${r}行`;
    const detail: OpeningDetailInFen = { rowId: `${XLSX_ROW_PREFIX}${r}`, code, initAmount: 0 };
    let bad = false;
    for (const key of ['initAmount', 'cumuleDebitAmount', 'cumuleCreditAmount'] as const) {
      const text = read(key);
      if (!text) continue;
      const parsed = parseAmount(text);
      if (parsed.ok) detail[key] = parsed.fen;
      else {
        issues.push({ message: `${label}：${parsed.message}`, rowId: detail.rowId, fieldId: key });
        bad = true;
      }
    }
    const auxiText = read('auxis');
    if (auxiText) {
      const auxis = parseAuxis(auxiText, names);
      if (typeof auxis === 'string') {
        issues.push({ message: `${label}：${auxis}`, rowId: detail.rowId, fieldId: 'auxis' });
        bad = true;
      } else detail.auxis = auxis;
    }
    if (!bad) details.push({ label, detail });
  }
  if (details.length === 0 && issues.length === 0) issues.push({ message: '文件中没有期初余额数据' });
  return { details, issues };
}

type ExportRow = OpeningBalanceRow & { auxiText: string | null };

const AUXI_COLUMN: FieldDef<ExportRow> = { id: 'auxiText', header: '辅助核算', kind: 'text', editable: false, width: 240 };

/** The period an opening export covers: the year's start, or the first month kept mid-year. */
export function openingPeriod(ctx: OpeningContext): string {
  const month = ctx.isMidYear ? ctx.startMonth : 1;
  return periodText(ctx.scope.year, month, month);
}

export async function openingWorkbook(ctx: OpeningContext, heading: ExportHeading): Promise<Buffer> {
  const rows = openingRows(ctx, computeAll(ctx));
  const grid = openingBalanceGridFor({ midYear: ctx.isMidYear });
  const def: GridDefinition<ExportRow> = {
    ...(grid as unknown as GridDefinition<ExportRow>),
    fields: [...(grid.fields as unknown as FieldDef<ExportRow>[]), AUXI_COLUMN],
  };
  const gridRows = toGridRows(rows);
  const exportRows: ExportRow[] = gridRows.map((r, i) => ({
    ...r,
    auxiText: rows[i]?.auxis.map((a) => `${a.typeName}:${a.infoNo} ${a.infoName}`).join('；') || null,
  }));
  const workbook = buildWorkbook(def, exportRows, heading);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
