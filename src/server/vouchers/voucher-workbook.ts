/**
 * Vouchers as the auditor's workbook (记账凭证), one sheet per voucher, laid out like the paper
 * voucher: title, 编制单位, ledger set and period, category and number, date, attachment count,
 * then the lines (摘要, the subject's code and full name, its auxiliary items by type and name, 借方,
 * 贷方), the 合计 row with the amount in Chinese capitals, and the signatures (财务主管, 记账, 出纳,
 * 审核, 制单). A two-table voucher has its two parts (财务会计, 预算会计), each with its own total,
 * since each side balances on its own.
 *
 * What must stay true:
 * - Amounts are numbers in yuan with '#,##0.00'; the date is a real date ('yyyy-mm-dd'); the
 *   attachment count is a number. The totals are live formulas over the line cells (with the
 *   voucher's figures as cached values), so a recalculation reproduces them.
 * - Every text a user typed (summary, names, signatures) is a string cell in a Text ('@') cell,
 *   never a formula, whatever it starts with (formula injection); the only formulas are ours.
 */
import ExcelJS from 'exceljs';
import { amountToChineseCapitals } from '../../../formulas/chinese-capitals.js';
import { headingTexts, periodText, type ExportHeading } from '../../../grids/workbook/heading.js';
import {
  DATE_NUM_FMT,
  MONEY_NUM_FMT,
  PAGE_FOOTER,
  TEXT_NUM_FMT,
  dateCell,
  textWidth,
} from '../../../grids/workbook/sheet-plan.js';
import { setWorkbookProperties } from '../../../grids/workbook/workbook.js';
import type { Voucher, VoucherLine } from '../../shared/api/vouchers.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';

/** The count stays a number; the words around it are the format's. */
export const ATTACHMENTS_FMT = '"附单据 "0" 张"';
export const VOUCHER_SHEET_TITLE = '记账凭证';

export const VOUCHER_COLUMNS = [
  { header: '摘要', width: 30, numFmt: TEXT_NUM_FMT },
  { header: '会计科目', width: 40, numFmt: TEXT_NUM_FMT },
  { header: '辅助核算', width: 28, numFmt: TEXT_NUM_FMT },
  { header: '借方金额', width: 18, numFmt: MONEY_NUM_FMT },
  { header: '贷方金额', width: 18, numFmt: MONEY_NUM_FMT },
] as const;
const WIDTH = VOUCHER_COLUMNS.length;
const MAX_TEXT_WIDTH = 60;
/** Below the title, unit/ledger set/period, category/number/date/attachments, unit of amounts/exporter. */
const HEADER_ROW = 5;
const DEBIT_COLUMN = 4;
const CREDIT_COLUMN = 5;

const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

function fenOf(yuan: number | null): number | null {
  if (yuan === null) return null;
  const result = yuanToFen(yuan);
  if (!result.ok) throw new Error(`凭证金额无效: ${yuan}`);
  return result.fen === 0 ? null : result.fen;
}

/** 记字第 0012 号, as the paper forms are numbered. */
export function voucherNumberText(voucher: Pick<Voucher, 'entry' | 'pzNo'>): string {
  return `${voucher.entry}字第 ${String(voucher.pzNo).padStart(4, '0')} 号`;
}

/** 2026年03月 */
export function voucherPeriodText(voucher: Pick<Voucher, 'year' | 'month'>): string {
  return periodText(voucher.year, voucher.month, voucher.month);
}

/** The months the vouchers span: 2026年03月, 2026年01-03月, or 2025年12月-2026年01月. */
export function vouchersPeriodText(vouchers: readonly Pick<Voucher, 'year' | 'month'>[]): string {
  const sorted = [...vouchers].sort((a, b) => a.year - b.year || a.month - b.month);
  const from = sorted[0];
  const to = sorted[sorted.length - 1];
  if (!from || !to) return '';
  return from.year === to.year
    ? periodText(from.year, from.month, to.month)
    : `${voucherPeriodText(from)}-${voucherPeriodText(to)}`;
}

/** The auxiliary items of a line by type and name: 部门：工会办公室；项目：职工书屋. */
export function auxiliaryText(line: Pick<VoucherLine, 'auxis'>, typeName: (typeNo: string) => string): string {
  return line.auxis
    .map((a) => {
      const type = typeName(a.typeNo);
      const item = a.infoName || a.infoNo;
      return type ? `${type}：${item}` : item;
    })
    .join('；');
}

/** Sheet names: unique, at most 31 characters, none of []:*?/\ (Excel's rules). */
export function voucherSheetName(voucher: Pick<Voucher, 'entry' | 'pzNo' | 'month'>, taken: Set<string>): string {
  const base = `${String(voucher.month).padStart(2, '0')}月${voucher.entry}-${String(voucher.pzNo).padStart(4, '0')}`
    .replace(/[[\]:*?/\\]/g, '_')
    .slice(0, 28);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}(${n})`;
  taken.add(name);
  return name;
}

interface SheetPart {
  readonly label: string | null;
  readonly lines: readonly VoucherLine[];
}

function partsOf(voucher: Voucher): SheetPart[] {
  const budget = voucher.certiDetails.filter((l) => l.isGovernment);
  if (budget.length === 0) return [{ label: null, lines: voucher.certiDetails }];
  return [
    { label: '财务会计', lines: voucher.certiDetails.filter((l) => !l.isGovernment) },
    { label: '预算会计', lines: budget },
  ];
}

/** Where each line and total of a voucher's sheet sits (1-based rows), for the tests and the writer. */
export interface VoucherSheetLayout {
  readonly headerRow: number;
  readonly parts: readonly { label: string | null; firstLine: number; lastLine: number; totalRow: number }[];
  readonly signatureRow: number;
}

export function voucherSheetLayout(voucher: Voucher): VoucherSheetLayout {
  let row = HEADER_ROW + 1;
  const parts = partsOf(voucher).map((p) => {
    if (p.label !== null) row++;
    const firstLine = row;
    row += p.lines.length;
    const totalRow = row++;
    return { label: p.label, firstLine, lastLine: totalRow - 1, totalRow };
  });
  return { headerRow: HEADER_ROW, parts, signatureRow: row + 1 };
}

function addVoucherSheet(
  workbook: ExcelJS.Workbook,
  voucher: Voucher,
  heading: ExportHeading,
  typeName: (typeNo: string) => string,
  sheetName: string,
): void {
  const layout = voucherSheetLayout(voucher);
  const sheet = workbook.addWorksheet(sheetName, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: HEADER_ROW }],
    pageSetup: {
      orientation: 'landscape',
      paperSize: 9,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `1:${HEADER_ROW}`,
    },
    headerFooter: { oddFooter: PAGE_FOOTER, evenFooter: PAGE_FOOTER, firstFooter: PAGE_FOOTER },
  });
  // Text columns as wide as their longest line (a Chinese character takes two), within reason:
  // beyond MAX_TEXT_WIDTH the cell wraps.
  const lineTexts = voucher.certiDetails.map((l) => [l.summary, l.codeAndFullName, auxiliaryText(l, typeName)]);
  sheet.columns = VOUCHER_COLUMNS.map((c, i) => {
    const longest = Math.max(0, ...lineTexts.map((t) => textWidth(t[i] ?? '') + 2));
    const width = c.numFmt === TEXT_NUM_FMT ? Math.min(MAX_TEXT_WIDTH, Math.max(c.width, longest)) : c.width;
    return { width, style: { numFmt: c.numFmt } };
  });

  const text = (row: number, column: number, value: string, style: Partial<ExcelJS.Style> = {}) => {
    const cell = sheet.getCell(row, column);
    cell.value = value;
    cell.style = { ...style, numFmt: TEXT_NUM_FMT };
    return cell;
  };

  // Title.
  sheet.mergeCells(1, 1, 1, WIDTH);
  text(1, 1, VOUCHER_SHEET_TITLE, { font: { bold: true, size: 18 }, alignment: { horizontal: 'center', vertical: 'middle' } });
  sheet.getRow(1).height = 30;

  // 编制单位, 账套, 会计期间 (the voucher's own month).
  const says = headingTexts({ ...heading, period: voucherPeriodText(voucher) });
  sheet.mergeCells(2, 1, 2, 2);
  text(2, 1, says.unit);
  text(2, 3, says.ledgerSet);
  sheet.mergeCells(2, 4, 2, 5);
  text(2, 4, says.period, { alignment: { horizontal: 'right' } });

  // Category and number, date, attachments.
  text(3, 1, `凭证类别：${voucher.certificateTypeName}`);
  text(3, 2, `凭证号：${voucherNumberText(voucher)}`, { alignment: { horizontal: 'center' } });
  text(3, 3, '日期', { alignment: { horizontal: 'right' } });
  const date = sheet.getCell(3, 4);
  date.value = dateCell(voucher.pzDate);
  date.style = { numFmt: DATE_NUM_FMT, alignment: { horizontal: 'left' } };
  const attachments = sheet.getCell(3, 5);
  attachments.value = voucher.numberOfDocument;
  attachments.style = { numFmt: ATTACHMENTS_FMT, alignment: { horizontal: 'right' } };

  // Unit of amounts, filters (none shape one voucher), exporter and time.
  text(4, 1, says.moneyUnit);
  text(4, 2, says.filters);
  text(4, 3, says.exportedBy);
  sheet.mergeCells(4, 4, 4, 5);
  text(4, 4, says.exportedAt, { alignment: { horizontal: 'right' } });

  // Column headings.
  VOUCHER_COLUMNS.forEach((c, i) =>
    text(HEADER_ROW, i + 1, c.header, {
      font: { bold: true },
      alignment: { horizontal: 'center', vertical: 'middle' },
      border: THIN,
    }),
  );

  const money = (row: number, column: number, fen: number | null) => {
    const cell = sheet.getCell(row, column);
    cell.value = fen === null ? null : fen / 100;
    cell.style = { numFmt: MONEY_NUM_FMT, border: THIN };
  };
  const moneyStyle: Partial<ExcelJS.Style> = { numFmt: MONEY_NUM_FMT, border: THIN, font: { bold: true } };

  partsOf(voucher).forEach((part, k) => {
    const at = layout.parts[k];
    if (!at) return;
    if (part.label !== null) {
      sheet.mergeCells(at.firstLine - 1, 1, at.firstLine - 1, WIDTH);
      text(at.firstLine - 1, 1, part.label, { font: { bold: true }, border: THIN });
    }
    let debitFen = 0;
    let creditFen = 0;
    part.lines.forEach((line, i) => {
      const row = at.firstLine + i;
      const debit = fenOf(line.debitAmount);
      const credit = fenOf(line.creditAmount);
      debitFen += debit ?? 0;
      creditFen += credit ?? 0;
      text(row, 1, line.summary, { border: THIN, alignment: { wrapText: true, vertical: 'middle' } });
      text(row, 2, line.codeAndFullName, { border: THIN, alignment: { wrapText: true, vertical: 'middle' } });
      text(row, 3, auxiliaryText(line, typeName), { border: THIN, alignment: { wrapText: true, vertical: 'middle' } });
      money(row, DEBIT_COLUMN, debit);
      money(row, CREDIT_COLUMN, credit);
    });
    // 合计 with the amount in capitals (the debit side; a voucher balances), then the live sums.
    text(at.totalRow, 1, `${part.label ?? ''}合计`, { font: { bold: true }, border: THIN });
    sheet.mergeCells(at.totalRow, 2, at.totalRow, 3);
    text(at.totalRow, 2, `人民币（大写）：${amountToChineseCapitals(debitFen)}`, { font: { bold: true }, border: THIN });
    const sum = (column: number, fen: number) => {
      const letter = String.fromCharCode(64 + column);
      const cell = sheet.getCell(at.totalRow, column);
      cell.value =
        part.lines.length === 0
          ? { formula: '0', result: 0, date1904: false }
          : { formula: `SUM(${letter}${at.firstLine}:${letter}${at.lastLine})`, result: fen / 100, date1904: false };
      cell.style = moneyStyle;
    };
    sum(DEBIT_COLUMN, debitFen);
    sum(CREDIT_COLUMN, creditFen);
  });

  // Signatures, as the paper voucher's last line.
  const signatures = [
    `财务主管：${voucher.financialOfficer}`,
    `记账：${voucher.bookkeeper}`,
    `出纳：${voucher.cashier}`,
    `审核：${voucher.reviewer}`,
    `制单：${voucher.preparedBy}`,
  ];
  signatures.forEach((s, i) => text(layout.signatureRow, i + 1, s));
}

/**
 * The vouchers, one sheet each, in the order given. `heading` is the workbook's (title 记账凭证,
 * the months the vouchers span); each sheet names its voucher's own month.
 */
export function buildVoucherWorkbook(
  vouchers: readonly Voucher[],
  heading: ExportHeading,
  typeName: (typeNo: string) => string,
): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  setWorkbookProperties(workbook, heading);
  const taken = new Set<string>();
  for (const voucher of vouchers) addVoucherSheet(workbook, voucher, heading, typeName, voucherSheetName(voucher, taken));
  return workbook;
}
