/**
 * A report printed in the form's layout on A4 portrait: title, form number, 编制单位, period and
 * 单位：元; a ruled table with each half of the form as name and amount columns (the balance sheet's
 * assets left, liabilities and net assets right on the same rows), lines on their printed rows,
 * headings and totals in the weight the form prints them, '——' where the form prints it. Text is in
 * the embedded CJK font (src/server/print/print-font.ts). A form too long for one page continues on
 * the next with the headings repeated.
 */
import PDFDocument from 'pdfkit';
import type { ReportLineView, ReportResponse } from '../../shared/api/reports.js';
import { formatFen } from '../../shared/money.js';
import { cjkFont } from '../print/print-font.js';

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const MARGIN = { left: 14 * MM, right: 14 * MM, top: 14 * MM, bottom: 14 * MM };
const FONT = 'cjk';
const ROW_HEIGHT = 19;
const HEAD_HEIGHT = 22;

function amountText(line: ReportLineView, columnId: string): string {
  if (line.dashed.includes(columnId)) return '——';
  const fen = line.amounts[columnId];
  return fen === null || fen === undefined ? '' : formatFen(fen);
}

export function renderReportPdf(report: ReportResponse): Promise<Buffer> {
  const font = cjkFont();
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: report.title, Creator: '工会财务云' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, font.data, font.face);

  const parts = (['left', 'right'] as const).filter((p) => report.lines.some((l) => l.part === p));
  const tableWidth = PAGE.width - MARGIN.left - MARGIN.right;
  const halfWidth = tableWidth / parts.length;
  const amountCount = report.columns.length;
  // Name column takes what the amounts leave: a two-sided form is narrower per half.
  const amountWidth = parts.length === 2 ? halfWidth * 0.25 : halfWidth * 0.22;
  const nameWidth = halfWidth - amountWidth * amountCount;
  const headings = report.kind === 'balance-sheet' ? { left: '资产', right: '负债和净资产' } : { left: '项目', right: '' };
  const rows = Math.max(0, ...report.lines.map((l) => l.row));
  const fontSize = parts.length === 2 ? 8.5 : 9.5;

  const cell = (
    text: string,
    x: number,
    y: number,
    w: number,
    h: number,
    align: 'left' | 'center' | 'right',
    indent = 0,
    bold = false,
  ) => {
    if (text === '') return;
    const inset = 3 + indent * fontSize;
    doc.fontSize(bold ? fontSize + 0.5 : fontSize);
    doc.text(text, x + inset, y + (h - fontSize) / 2 - 1, { width: w - inset - 3, align, lineBreak: false, ellipsis: true });
  };

  let y = 0;
  const pageHead = (first: boolean) => {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 }).font(FONT);
    y = MARGIN.top;
    if (first) {
      doc
        .fontSize(18)
        .text(report.title, MARGIN.left, y, { width: tableWidth, align: 'center', characterSpacing: 4, lineBreak: false });
      y += 26;
      doc.fontSize(9).text(report.formNo, MARGIN.left, y, { width: tableWidth, align: 'right', lineBreak: false });
      y += 14;
      doc.text(`编制单位：${report.unitName}`, MARGIN.left, y, { width: tableWidth * 0.45, lineBreak: false, ellipsis: true });
      doc.text(report.period, MARGIN.left + tableWidth * 0.4, y, { width: tableWidth * 0.3, align: 'center', lineBreak: false });
      doc.text('单位：元', MARGIN.left, y, { width: tableWidth, align: 'right', lineBreak: false });
      y += 16;
    }
    doc.lineWidth(0.6).rect(MARGIN.left, y, tableWidth, HEAD_HEIGHT).stroke();
    parts.forEach((part, p) => {
      const x0 = MARGIN.left + p * halfWidth;
      cell(headings[part], x0, y, nameWidth, HEAD_HEIGHT, 'center', 0, true);
      report.columns.forEach((c, k) => {
        const x = x0 + nameWidth + k * amountWidth;
        doc
          .moveTo(x, y)
          .lineTo(x, y + HEAD_HEIGHT)
          .stroke();
        cell(c.name, x, y, amountWidth, HEAD_HEIGHT, 'center', 0, true);
      });
      if (p > 0)
        doc
          .lineWidth(1)
          .moveTo(x0, y)
          .lineTo(x0, y + HEAD_HEIGHT)
          .stroke()
          .lineWidth(0.6);
    });
    y += HEAD_HEIGHT;
  };

  pageHead(true);
  const byRow = new Map<number, ReportLineView[]>();
  for (const line of report.lines) byRow.set(line.row, [...(byRow.get(line.row) ?? []), line]);
  for (let r = 1; r <= rows; r++) {
    if (y + ROW_HEIGHT > PAGE.height - MARGIN.bottom) pageHead(false);
    doc.lineWidth(0.4).rect(MARGIN.left, y, tableWidth, ROW_HEIGHT).stroke();
    parts.forEach((part, p) => {
      const x0 = MARGIN.left + p * halfWidth;
      report.columns.forEach((_, k) => {
        const x = x0 + nameWidth + k * amountWidth;
        doc
          .moveTo(x, y)
          .lineTo(x, y + ROW_HEIGHT)
          .stroke();
      });
      if (p > 0)
        doc
          .lineWidth(1)
          .moveTo(x0, y)
          .lineTo(x0, y + ROW_HEIGHT)
          .stroke()
          .lineWidth(0.4);
      const line = byRow.get(r)?.find((l) => l.part === part);
      if (!line) return;
      cell(line.name, x0, y, nameWidth, ROW_HEIGHT, line.center ? 'center' : 'left', line.center ? 0 : line.indent, line.bold);
      report.columns.forEach((c, k) => {
        const text = amountText(line, c.id);
        cell(
          text,
          x0 + nameWidth + k * amountWidth,
          y,
          amountWidth,
          ROW_HEIGHT,
          text === '——' ? 'center' : 'right',
          0,
          line.bold,
        );
      });
    });
    y += ROW_HEIGHT;
  }
  doc.end();
  return done;
}
