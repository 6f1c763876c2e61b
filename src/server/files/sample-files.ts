/**
 * Small files of every allowed type for the attachment tests, each built as its format is
 * (structures, offsets and CRCs that hold), and impostors: renamed executables, polyglots (a zip
 * starting `%PDF-`, a PDF with a zip appended, script in an image) and broken structures.
 */
import { crc32 } from 'node:zlib';
import { storedZip } from '../imports/stored-zip.js';

/** A stored (uncompressed) zip of the given entries. */
export function zipOf(entries: Record<string, string>): Buffer {
  return storedZip(Object.entries(entries).map(([name, text]) => [name, Buffer.from(text, 'utf8')]));
}

/** A PDF with a cross-reference table whose offsets are right, a trailer naming /Root and %%EOF. */
export function pdfOf(
  objects: readonly string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'],
) {
  let text = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** An OLE compound-file header (version 3, 512-byte sectors) followed by a directory entry naming the stream. */
function cfbWith(stream: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  const entry = Buffer.alloc(128);
  Buffer.from('Root Entry', 'utf16le').copy(entry);
  const named = Buffer.alloc(128);
  Buffer.from(stream, 'utf16le').copy(named);
  return Buffer.concat([header, Buffer.alloc(512), entry, named, Buffer.alloc(256)]);
}

/** A PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A RAR 5 header block: CRC32, size, then type and flags (vints below 128). */
function rar5Block(type: number): Buffer {
  const header = Buffer.from([3, type, 0, 0]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(header) >>> 0);
  return Buffer.concat([crc, header]);
}

function sevenZipOf(next: Buffer): Buffer {
  const start = Buffer.alloc(20);
  start.writeBigUInt64LE(0n, 0);
  start.writeBigUInt64LE(BigInt(next.length), 8);
  start.writeUInt32LE(crc32(next) >>> 0, 16);
  const startCrc = Buffer.alloc(4);
  startCrc.writeUInt32LE(crc32(start) >>> 0);
  return Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04]), startCrc, start, next]);
}

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const GIF_1x1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A baseline JPEG's segments (APP0, DQT, SOF0, SOS) around a little entropy-coded data with a stuffed byte and a restart marker. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8]),
  Buffer.from([0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
  Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]),
  Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
  Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
  Buffer.from([0xff, 0xd9]),
]);

const CONTENT_TYPES = (main: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="${main.split(' ')[0] ?? ''}" ContentType="${main.split(' ')[1] ?? ''}"/></Types>`;

export const OOXML_MAIN = {
  docx: '/word/document.xml application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  docm: '/word/document.xml application/vnd.ms-word.document.macroEnabled.main+xml',
  xlsx: '/xl/workbook.xml application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
} as const;

export const SAMPLES = {
  png: PNG_1x1,
  jpg: JPEG,
  gif: GIF_1x1,
  pdf: pdfOf(),
  txt: Buffer.from('报销说明：差旅费三张发票。\n'),
  txtGbk: Buffer.from([0xb1, 0xa8, 0xcf, 0xfa, 0xcb, 0xb5, 0xc3, 0xf7, 0x0a]),
  docx: zipOf({
    '[Content_Types].xml': CONTENT_TYPES(OOXML_MAIN.docx),
    '_rels/.rels': '<Relationships/>',
    'word/document.xml': '<w:document/>',
  }),
  xlsx: zipOf({ '[Content_Types].xml': CONTENT_TYPES(OOXML_MAIN.xlsx), 'xl/workbook.xml': '<workbook/>' }),
  doc: cfbWith('WordDocument'),
  xls: cfbWith('Workbook'),
  zip: zipOf({ 'a.txt': 'a' }),
  rar: Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), rar5Block(1), rar5Block(5)]),
  sevenZip: sevenZipOf(Buffer.from([0x01, 0x00])),
  ceb: Buffer.concat([Buffer.from('CEBX-like header'), Buffer.alloc(32, 9)]),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58, 0x90), Buffer.from([0x80, 0, 0, 0]), Buffer.from('PE\0\0')]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56, 0)]),
} as const;

/** Files that are two formats at once, or one format posing as another. */
export const IMPOSTORS = {
  /** A zip archive whose first bytes are `%PDF-`: unzip tools still open it. */
  zipWithPdfHeader: Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), zipOf({ 'payload.html': '<script>alert(1)</script>' })]),
  /** A whole PDF with a zip appended after its %%EOF. */
  pdfThenZip: Buffer.concat([SAMPLES.pdf, zipOf({ 'payload.exe': 'MZ' })]),
  /** A PDF whose last lines come after an embedded zip, so it still ends in startxref and %%EOF. */
  pdfWithZipInside: (() => {
    const pdf = SAMPLES.pdf.toString('latin1');
    const cut = pdf.lastIndexOf('startxref');
    return Buffer.concat([
      Buffer.from(pdf.slice(0, cut), 'latin1'),
      zipOf({ 'payload.js': 'alert(1)' }),
      Buffer.from(`\n${pdf.slice(cut)}`, 'latin1'),
    ]);
  })(),
  /** `%PDF-` later than the first byte (readers accept it within 1 KB). */
  pdfAfterJunk: Buffer.concat([Buffer.alloc(100, 0x20), SAMPLES.pdf]),
  /** A PNG whose text chunk holds a web page. */
  pngWithScript: Buffer.concat([
    PNG_1x1.subarray(0, PNG_1x1.length - 12),
    pngChunk('tEXt', Buffer.from('Comment\0<html><script>alert(document.cookie)</script></html>', 'latin1')),
    PNG_1x1.subarray(PNG_1x1.length - 12),
  ]),
  /** A PNG followed by a web page. */
  pngThenHtml: Buffer.concat([PNG_1x1, Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script>', 'latin1')]),
  /** A JPEG whose comment segment holds a script. */
  jpgWithScript: Buffer.concat([
    JPEG.subarray(0, 2),
    Buffer.from([0xff, 0xfe, 0x00, 0x22]),
    Buffer.from('<script>alert(1)</script>xxxxxxx', 'latin1'),
    JPEG.subarray(2),
  ]),
  /** A JPEG with a zip after its end of image. */
  jpgThenZip: Buffer.concat([JPEG, zipOf({ 'a.txt': 'hidden' })]),
  /** A GIF whose screen width opens a script comment (GIF89a/*…*\/=alert(1)). */
  gifScript: Buffer.concat([Buffer.from('GIF89a/*', 'latin1'), GIF_1x1.subarray(8), Buffer.from('*/=alert(1);', 'latin1')]),
  /** A PNG with a chunk whose CRC does not hold. */
  pngBadCrc: Buffer.concat([PNG_1x1.subarray(0, 29), Buffer.from([0, 0, 0, 0]), PNG_1x1.subarray(33)]),
  /** A GIF cut short (no trailer). */
  gifTruncated: GIF_1x1.subarray(0, GIF_1x1.length - 1),
  /** A macro-enabled Word document named .docx. */
  docm: zipOf({ '[Content_Types].xml': CONTENT_TYPES(OOXML_MAIN.docm), 'word/document.xml': '<w:document/>' }),
  /** A docx with bytes before the archive. */
  docxWithPrefix: Buffer.concat([Buffer.from('junk before the archive'), SAMPLES.docx]),
  /** A RAR signature with a header whose CRC does not hold. */
  rarBadCrc: Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.from([0, 0, 0, 0, 3, 1, 0, 0])]),
  /** A 7z signature with junk after it. */
  sevenZipJunk: Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04]), Buffer.alloc(32, 3)]),
  /** An OLE signature with a header of zeros. */
  cfbBadHeader: Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(1024),
    Buffer.from('WordDocument', 'utf16le'),
  ]),
  /** A text file that is a PDF. */
  txtPdf: SAMPLES.pdf,
  /** A RAR archive appended to a JPEG. */
  jpgThenRar: Buffer.concat([JPEG, SAMPLES.rar]),
} as const;
