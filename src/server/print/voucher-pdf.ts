/**
 * Vouchers to PDF in the usual Chinese layout: title 记账凭证, unit, date, number and attached
 * documents; a ruled table of summary, subject, debit and credit with five lines per slip; the
 * total row (合计 and the amount in capitals); the signatures 财务主管 记账 审核 制单 出纳.
 * Paper: the 240 × 140 mm voucher paper (one slip a page) or A4 portrait (two slips a page, the
 * halves separated by a dashed cutting line). Text is in the embedded CJK font (print-font.ts).
 */
import PDFDocument from 'pdfkit';
import type { PrintPaper } from '../../shared/api/files.js';
import { formatFen } from '../../shared/money.js';
import { MONEY_LINE_LABELS, moneyLineDigits, YUAN_INDEX } from '../../shared/vouchers/money-lines.js';
import { cjkFont } from './print-font.js';
import { dateLabel, numberLabel, slipsOf, VOUCHER_TITLE, type PrintVoucher, type Slip } from './print-model.js';

const MM = 72 / 25.4;

export const PAPER_SIZES: Record<PrintPaper, { width: number; height: number; slipsPerPage: number }> = {
  voucher: { width: 240 * MM, height: 140 * MM, slipsPerPage: 1 },
  a4: { width: 210 * MM, height: 297 * MM, slipsPerPage: 2 },
};

export const ROWS_PER_SLIP = 5;

const FONT = 'cjk';
/** Column shares of the table width: summary, subject, debit, credit. */
const COLUMNS = [0.26, 0.38, 0.18, 0.18];
/** With 金额线 the amounts take eleven digit columns each, so they get more of the width. */
const COLUMNS_WITH_LINES = [0.22, 0.3, 0.24, 0.24];

export interface VoucherPrintOptions {
  /** Amounts one digit per ruled column under 亿 千 百 十 万 千 百 十 元 角 分 (the user's 金额线 setting). */
  moneyLines?: boolean;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function amount(fen: number): string {
  return fen === 0 ? '' : formatFen(fen);
}

/** The digit columns' rules of one amount column, below its name; the 元|角 line (the decimal point) in red. */
function moneyLineRules(doc: PDFKit.PDFDocument, x0: number, x1: number, top: number, bottom: number): void {
  const step = (x1 - x0) / MONEY_LINE_LABELS.length;
  doc.save().lineWidth(0.3);
  for (let i = 1; i < MONEY_LINE_LABELS.length; i++) {
    const x = x0 + step * i;
    doc.strokeColor(i === YUAN_INDEX + 1 ? '#d9534f' : (MONEY_LINE_LABELS.length - i) % 3 === 2 ? '#5b8fd0' : '#999999');
    doc.moveTo(x, top).lineTo(x, bottom).stroke();
  }
  doc.restore();
}

/** Texts centred one a digit column (the digit labels, or an amount's digits). */
function inDigitColumns(
  doc: PDFKit.PDFDocument,
  texts: readonly string[],
  x0: number,
  x1: number,
  top: number,
  height: number,
): void {
  const step = (x1 - x0) / MONEY_LINE_LABELS.length;
  const y = top + (height - doc.currentLineHeight()) / 2;
  texts.forEach((t, i) => {
    if (t) doc.text(t, x0 + step * i, y, { width: step, align: 'center', lineBreak: false });
  });
}

function drawSlip(doc: PDFKit.PDFDocument, slip: Slip, box: Box, options: VoucherPrintOptions = {}): void {
  const lined = options.moneyLines === true;
  const v = slip.voucher;
  const left = box.x + 16 * MM;
  const right = box.x + box.w - 10 * MM;
  const width = right - left;
  let y = box.y + 7 * MM;

  doc.fontSize(18).text(VOUCHER_TITLE, left, y, { width, align: 'center', characterSpacing: 6, lineBreak: false });
  const titleWidth = doc.widthOfString(VOUCHER_TITLE, { characterSpacing: 6 });
  const tx = left + (width - titleWidth) / 2;
  doc
    .moveTo(tx, y + 23)
    .lineTo(tx + titleWidth, y + 23)
    .lineWidth(0.8)
    .stroke();
  doc
    .moveTo(tx, y + 26)
    .lineTo(tx + titleWidth, y + 26)
    .stroke();
  y += 34;

  doc.fontSize(9);
  doc.text(`单位：${v.unitName}`, left, y, { width: width * 0.4, lineBreak: false, ellipsis: true });
  doc.text(dateLabel(v.pzDate), left + width * 0.35, y, { width: width * 0.3, align: 'center', lineBreak: false });
  doc.text(`${numberLabel(v, slip)}    附单据 ${v.numberOfDocument} 张`, left + width * 0.6, y, {
    width: width * 0.4,
    align: 'right',
    lineBreak: false,
  });
  y += 15;

  const footerHeight = 18;
  const bottom = box.y + box.h - 6 * MM - footerHeight;
  const headerHeight = lined ? 28 : 20;
  const totalHeight = 22;
  const rowHeight = (bottom - y - headerHeight - totalHeight) / ROWS_PER_SLIP;
  const xs = [left];
  for (const share of lined ? COLUMNS_WITH_LINES : COLUMNS) xs.push(xs[xs.length - 1]! + share * width);

  const cell = (text: string, column: number, top: number, height: number, align: 'left' | 'center' | 'right') => {
    const x0 = xs[column]!;
    const w = xs[column + 1]! - x0;
    const lines = align === 'left' && doc.heightOfString(text, { width: w - 6 }) > doc.currentLineHeight() * 1.5 ? 2 : 1;
    const textHeight = doc.currentLineHeight() * lines;
    doc.text(text, x0 + 3, top + (height - textHeight) / 2, { width: w - 6, height: textHeight + 1, align, ellipsis: true });
  };

  // table frame and rules
  const tableBottom = y + headerHeight + rowHeight * ROWS_PER_SLIP + totalHeight;
  doc
    .lineWidth(1)
    .rect(left, y, width, tableBottom - y)
    .stroke();
  doc.lineWidth(0.5);
  let ry = y + headerHeight;
  for (let i = 0; i <= ROWS_PER_SLIP; i++) {
    doc.moveTo(left, ry).lineTo(right, ry).stroke();
    ry += rowHeight;
  }
  for (const [i, x] of xs.slice(1, -1).entries()) {
    // the total row's label spans summary and subject
    const to = i === 0 ? tableBottom - totalHeight : tableBottom;
    doc.moveTo(x, y).lineTo(x, to).stroke();
  }

  doc.fontSize(10);
  const nameHeight = lined ? headerHeight / 2 : headerHeight;
  ['摘    要', '会 计 科 目', '借方金额', '贷方金额'].forEach((h, i) =>
    cell(h, i, y, i >= 2 ? nameHeight : headerHeight, 'center'),
  );
  /** An amount in column 2 or 3: digit by digit with 金额线, else right-aligned text. */
  const money = (fen: number, column: number, top: number, height: number, shown: string) => {
    const digits = lined ? moneyLineDigits(fen) : null;
    if (!digits) return cell(shown, column, top, height, 'right');
    if (digits.negative) doc.fillColor('#d9534f');
    inDigitColumns(doc, digits.digits, xs[column]!, xs[column + 1]!, top, height);
    doc.fillColor('black');
  };
  if (lined) {
    doc.fontSize(7);
    for (const column of [2, 3]) {
      doc
        .lineWidth(0.5)
        .moveTo(xs[column]!, y + nameHeight)
        .lineTo(xs[column + 1]!, y + nameHeight)
        .stroke();
      moneyLineRules(doc, xs[column]!, xs[column + 1]!, y + nameHeight, tableBottom);
      inDigitColumns(doc, MONEY_LINE_LABELS, xs[column]!, xs[column + 1]!, y + nameHeight, headerHeight - nameHeight);
    }
  }
  doc.fontSize(9);
  slip.lines.forEach((line, i) => {
    const top = y + headerHeight + rowHeight * i;
    cell(line.summary, 0, top, rowHeight, 'left');
    cell(line.subject, 1, top, rowHeight, 'left');
    money(line.debit, 2, top, rowHeight, amount(line.debit));
    money(line.credit, 3, top, rowHeight, amount(line.credit));
  });
  const totalTop = tableBottom - totalHeight;
  doc.fontSize(10);
  doc.text(slip.totalLabel, left + 4, totalTop + (totalHeight - doc.currentLineHeight()) / 2, {
    width: xs[2]! - left - 8,
    lineBreak: false,
    ellipsis: true,
  });
  money(slip.debitTotal, 2, totalTop, totalHeight, formatFen(slip.debitTotal));
  money(slip.creditTotal, 3, totalTop, totalHeight, formatFen(slip.creditTotal));

  doc.fontSize(9);
  const signers: [string, string][] = [
    ['财务主管', v.financialOfficer],
    ['记账', v.bookkeeper],
    ['审核', v.reviewer],
    ['制单', v.preparedBy],
    ['出纳', v.cashier],
  ];
  const step = width / signers.length;
  signers.forEach(([label, name], i) =>
    doc.text(`${label}：${name}`, left + step * i, tableBottom + 6, { width: step - 4, lineBreak: false, ellipsis: true }),
  );
}

/** Renders the vouchers, in order, to one PDF. */
export function renderVouchersPdf(
  vouchers: readonly PrintVoucher[],
  paper: PrintPaper,
  options: VoucherPrintOptions = {},
): Promise<Buffer> {
  const size = PAPER_SIZES[paper];
  const font = cjkFont();
  const doc = new PDFDocument({
    size: [size.width, size.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: VOUCHER_TITLE, Creator: '工会财务云' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, font.data, font.face);
  const slips = vouchers.flatMap((v) => slipsOf(v, ROWS_PER_SLIP));
  const slipHeight = size.height / size.slipsPerPage;
  slips.forEach((slip, i) => {
    const position = i % size.slipsPerPage;
    if (position === 0) doc.addPage({ size: [size.width, size.height], margin: 0 }).font(FONT);
    if (position > 0) {
      const cut = slipHeight * position;
      doc
        .save()
        .lineWidth(0.3)
        .dash(4, { space: 3 })
        .moveTo(8, cut)
        .lineTo(size.width - 8, cut)
        .stroke()
        .restore();
    }
    drawSlip(doc, slip, { x: 0, y: slipHeight * position, w: size.width, h: slipHeight }, options);
  });
  doc.end();
  return done;
}
