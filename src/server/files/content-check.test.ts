import { describe, expect, it } from 'vitest';
import { UPLOAD_EXTENSIONS, type UploadExtension } from '../../shared/files/upload-rules.js';
import { contentProblem, isExecutable } from './content-check.js';
import { contentDisposition, encodeRfc5987 } from './content-disposition.js';
import { IMPOSTORS, SAMPLES, zipOf } from './sample-files.js';
import { readZipDirectory } from './zip-directory.js';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

async function pdfkitPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Voucher 1').addPage().text('Voucher 2');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

async function exceljsXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('科目期初').addRows([
    ['科目编码', '期初余额'],
    ['101', 12.5],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const check = async (ext: UploadExtension, bytes: Buffer) => (await contentProblem(ext, bytes)) === null;

const GOOD: Record<UploadExtension, Buffer> = {
  jpg: SAMPLES.jpg,
  jpeg: SAMPLES.jpg,
  png: SAMPLES.png,
  gif: SAMPLES.gif,
  txt: SAMPLES.txt,
  doc: SAMPLES.doc,
  docx: SAMPLES.docx,
  xls: SAMPLES.xls,
  xlsx: SAMPLES.xlsx,
  pdf: SAMPLES.pdf,
  rar: SAMPLES.rar,
  zip: SAMPLES.zip,
  '7z': SAMPLES.sevenZip,
  ceb: SAMPLES.ceb,
};

describe('content check against the extension', () => {
  it.each(UPLOAD_EXTENSIONS)('accepts a real %s', async (ext) => {
    expect(await contentProblem(ext, GOOD[ext])).toBeNull();
  });

  it.each(UPLOAD_EXTENSIONS)('refuses a Windows executable renamed .%s', async (ext) => {
    expect(await check(ext, SAMPLES.exe)).toBe(false);
  });

  it.each(UPLOAD_EXTENSIONS)('refuses an ELF executable renamed .%s', async (ext) => {
    expect(await check(ext, SAMPLES.elf)).toBe(false);
  });

  it('accepts real files written by the libraries the product uses (pdfkit, exceljs)', async () => {
    expect(await contentProblem('pdf', await pdfkitPdf())).toBeNull();
    expect(await contentProblem('xlsx', await exceljsXlsx())).toBeNull();
  });

  it('tells executables by their headers', () => {
    expect(isExecutable(SAMPLES.exe)).toBe(true);
    expect(isExecutable(SAMPLES.elf)).toBe(true);
    expect(isExecutable(Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]))).toBe(true);
    expect(isExecutable(SAMPLES.pdf)).toBe(false);
  });

  it('refuses one format under another extension', async () => {
    expect(await check('pdf', SAMPLES.zip)).toBe(false);
    expect(await check('png', SAMPLES.jpg)).toBe(false);
    expect(await check('jpg', SAMPLES.png)).toBe(false);
    expect(await check('rar', SAMPLES.sevenZip)).toBe(false);
    expect(await check('7z', SAMPLES.rar)).toBe(false);
    expect(await check('zip', SAMPLES.pdf)).toBe(false);
    expect(await check('gif', SAMPLES.txt)).toBe(false);
  });

  it('refuses polyglots: a zip that starts with %PDF-, a PDF with a zip appended or inside', async () => {
    for (const ext of ['pdf', 'zip', 'txt', 'ceb'] as const) expect(await check(ext, IMPOSTORS.zipWithPdfHeader)).toBe(false);
    expect(await contentProblem('pdf', IMPOSTORS.pdfThenZip)).toBe('a zip archive inside');
    expect(await contentProblem('pdf', Buffer.concat([SAMPLES.pdf, Buffer.from('garbage')]))).toBe('bytes after %%EOF');
    expect(await contentProblem('pdf', IMPOSTORS.pdfWithZipInside)).toBe('a zip archive inside');
    expect(await check('zip', IMPOSTORS.pdfThenZip)).toBe(false);
    expect(await check('pdf', IMPOSTORS.pdfAfterJunk)).toBe(false);
    expect(await check('txt', IMPOSTORS.txtPdf)).toBe(false);
  });

  it('refuses images carrying a web page or script, or another file after their end', async () => {
    expect(await contentProblem('png', IMPOSTORS.pngWithScript)).toMatch(/markup/);
    expect(await check('png', IMPOSTORS.pngThenHtml)).toBe(false);
    expect(await contentProblem('jpg', IMPOSTORS.jpgWithScript)).toMatch(/markup/);
    expect(await contentProblem('jpg', IMPOSTORS.jpgThenZip)).toBe('a zip archive inside');
    expect(await contentProblem('jpg', IMPOSTORS.jpgThenRar)).toBe('a RAR archive inside');
    expect(await check('gif', IMPOSTORS.gifScript)).toBe(false);
    // data a phone appends after a JPEG's end (not a format we recognise) stays acceptable
    expect(await check('jpg', Buffer.concat([SAMPLES.jpg, Buffer.from('SEFH trailer of a phone camera')]))).toBe(true);
  });

  it('refuses broken structures behind a right signature', async () => {
    expect(await check('png', IMPOSTORS.pngBadCrc)).toBe(false);
    expect(await check('gif', IMPOSTORS.gifTruncated)).toBe(false);
    expect(await check('jpg', SAMPLES.jpg.subarray(0, SAMPLES.jpg.length - 2))).toBe(false);
    expect(await check('rar', IMPOSTORS.rarBadCrc)).toBe(false);
    expect(await check('7z', IMPOSTORS.sevenZipJunk)).toBe(false);
    expect(await check('doc', IMPOSTORS.cfbBadHeader)).toBe(false);
    expect(await check('pdf', Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'))).toBe(false);
  });

  it('a docx or xlsx must be a plain zip with the Office entries and content type of its kind', async () => {
    expect(await check('docx', SAMPLES.zip)).toBe(false);
    expect(await check('docx', SAMPLES.xlsx)).toBe(false);
    expect(await check('xlsx', SAMPLES.docx)).toBe(false);
    expect(await check('xlsx', zipOf({ 'xl/workbook.xml': '<workbook/>' }))).toBe(false);
    expect(await check('docx', SAMPLES.doc)).toBe(false);
    expect(await check('docx', IMPOSTORS.docm)).toBe(false);
    expect(await check('docx', IMPOSTORS.docxWithPrefix)).toBe(false);
    // a zip is a zip: an Office file renamed .zip stays acceptable
    expect(await check('zip', SAMPLES.docx)).toBe(true);
  });

  it('a doc or xls must be an OLE compound file with its stream', async () => {
    expect(await check('doc', SAMPLES.xls)).toBe(false);
    expect(await check('xls', SAMPLES.doc)).toBe(false);
    expect(await check('xls', SAMPLES.xlsx)).toBe(false);
    expect(await check('doc', SAMPLES.docx)).toBe(false);
  });

  it('a txt is text: UTF-8 and GBK pass, any NUL byte fails', async () => {
    expect(await check('txt', SAMPLES.txtGbk)).toBe(true);
    expect(await check('txt', Buffer.concat([Buffer.alloc(10_000, 0x41), Buffer.from([0]), Buffer.from('x')]))).toBe(false);
    expect(await check('txt', Buffer.from('a\u0000b', 'utf16le'))).toBe(false);
  });

  it('a ceb is refused when it is a format we recognise', async () => {
    for (const other of [SAMPLES.zip, SAMPLES.pdf, SAMPLES.doc, SAMPLES.rar, SAMPLES.png])
      expect(await check('ceb', other)).toBe(false);
  });

  it('reads zip entry names from the central directory, and null from what is not a zip', () => {
    expect(readZipDirectory(zipOf({ 'x/报表.txt': '1', 'b.txt': '2' }))?.entries.map((e) => e.name)).toEqual([
      'x/报表.txt',
      'b.txt',
    ]);
    expect(readZipDirectory(SAMPLES.pdf)).toBeNull();
    const appended = readZipDirectory(IMPOSTORS.zipWithPdfHeader);
    expect(appended?.prefix).toBe('%PDF-1.7\n'.length);
  });
});

describe('Content-Disposition', () => {
  it('carries the exact name as RFC 5987 filename* and an ASCII fallback', () => {
    expect(contentDisposition('发票 (1).pdf')).toBe(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8%20%281%29.pdf`,
    );
    expect(encodeRfc5987("it's*")).toBe('it%27s%2A');
    expect(contentDisposition('a"b\\c;.txt')).toBe(`attachment; filename="a_b_c_.txt"; filename*=UTF-8''a%22b%5Cc%3B.txt`);
  });
});
