/**
 * Checks an upload's bytes against its extension by the file's whole structure, not its first
 * bytes: a zip that starts with `%PDF-` is no PDF, a PDF with a zip appended is refused, and so
 * is an image carrying a web page. `file-type` (a well-kept detector) names the format; our own
 * walkers then check that the file is built as that format from start to end
 * (image-structure.ts, document-structure.ts, zip-directory.ts), and that no second format
 * hides in it (a polyglot):
 * - everywhere: no executable header; no zip archive readable from the file's end (as unzip tools
 *   find one) unless the file is a zip; no RAR or 7z signature inside a file that is not that
 *   archive; no `%PDF-` in the first KB (where PDF readers look) unless it is a PDF or an
 *   archive; no markup (`<script`, `<html`…) in the first KB of a document, where browsers sniff.
 * - jpg/jpeg, png, gif: walked from header to end marker; markup nowhere in the file; bytes
 *   after the end marker (phones append data) only when they are no format we recognise.
 * - pdf: document-structure.ts pdfProblem (header at byte 0, xref, trailer, %%EOF at the end).
 * - docx/xlsx: a plain zip (nothing before or after it) that file-type reads as that Office
 *   format from its [Content_Types].xml (a macro-enabled docm/xlsm is not a docx/xlsx) and whose
 *   directory has [Content_Types].xml and a part under word/ or xl/.
 * - doc/xls: an OLE compound file with a valid header and a WordDocument, or Workbook/Book, stream.
 * - zip: a plain zip (any zip-based format; an Office file renamed .zip stays a zip).
 * - rar, 7z: the archive header with its CRC (document-structure.ts).
 * - txt: no NUL byte (UTF-8 and GBK pass, UTF-16 does not) and no binary format file-type knows.
 * - ceb (Founder Apabi): unpublished, so no signature is required; it is refused when it is any
 *   format we recognise, which is what a renamed file would be.
 */
import { crc32 as zlibCrc32 } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadExtension } from '../../shared/files/upload-rules.js';
import { CONTAINER_SIGNATURES, cfbProblem, isCfb, pdfProblem, rarProblem, sevenZipProblem } from './document-structure.js';
import { walkGif, walkJpeg, walkPng, type Walk } from './image-structure.js';
import { readZipDirectory } from './zip-directory.js';

const crc32 = (data: Buffer) => zlibCrc32(data) >>> 0;

const MACH_O = [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe];

export function isExecutable(head: Uint8Array): boolean {
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) return true;
  if (head.length < 4) return false;
  if (head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46) return true;
  const word = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  return MACH_O.includes(word);
}

/**
 * Markup a browser might run: in the first KB of a document, and anywhere in an image. Each
 * pattern is six bytes or more, so compressed image data does not spell one by chance.
 */
const MARKUP =
  /<(?:script|iframe|object|embed)[\s>/]|<(?:html|body)[\s>]|<svg[\s>][^]{0,200}?xmlns|<!doctype\s+html|<\?php|javascript:/i;

const hasMarkup = (b: Buffer) => MARKUP.test(b.toString('latin1'));

const FIRST_KB = 1024;

/** The formats file-type reports for a zip-based file that a `.zip` may be. */
const ZIP_FAMILY = new Set([
  'zip',
  'docx',
  'xlsx',
  'pptx',
  'docm',
  'xlsm',
  'pptm',
  'odt',
  'ods',
  'odp',
  'epub',
  'jar',
  'xpi',
  'apk',
]);

/** What each extension must be reported as by file-type (undefined: a format it does not know). */
const DETECTED: Record<UploadExtension, readonly (string | undefined)[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png', 'apng'],
  gif: ['gif'],
  pdf: ['pdf', 'ai'],
  rar: ['rar'],
  '7z': ['7z'],
  zip: [...ZIP_FAMILY],
  docx: ['docx'],
  xlsx: ['xlsx'],
  doc: ['cfb'],
  xls: ['cfb'],
  txt: [undefined, 'xml'],
  ceb: [undefined],
};

const OOXML_PREFIX: Partial<Record<UploadExtension, string>> = { docx: 'word/', xlsx: 'xl/' };
const CFB_STREAMS: Partial<Record<UploadExtension, readonly string[]>> = { doc: ['WordDocument'], xls: ['Workbook', 'Book'] };

/** Bytes after an image's end marker: allowed when they are no format we recognise and hold no markup. */
async function trailingProblem(b: Buffer, walk: Walk): Promise<string | null> {
  if ('problem' in walk) return walk.problem;
  const rest = b.subarray(walk.end);
  if (rest.length === 0 || /^[\0\r\n\t ]*$/.test(rest.toString('latin1'))) return null;
  if (isExecutable(rest) || isCfb(rest) || rest.subarray(0, FIRST_KB).includes('%PDF-')) return 'a known format after the image';
  const after = await detect(rest);
  return after === undefined || ['mp4', 'mov', 'jpg'].includes(after) ? null : `${after} after the image`;
}

async function detect(b: Buffer): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(b))?.ext;
  } catch {
    return undefined;
  }
}

/** What is wrong with the bytes for the extension (a short English reason), or null when they fit. */
export async function contentProblem(ext: UploadExtension, b: Buffer): Promise<string | null> {
  if (b.length === 0) return 'empty';
  if (isExecutable(b)) return 'executable';
  const detected = await detect(b);
  if (!DETECTED[ext].includes(detected)) return `reads as ${detected ?? 'no known format'}`;
  const zip = readZipDirectory(b);
  const isArchive = ext === 'zip' || ext === 'docx' || ext === 'xlsx';
  if (isArchive) {
    if (!zip) return 'no readable zip directory';
    if (zip.prefix !== 0 || zip.trailing !== 0) return 'bytes before or after the zip archive';
  } else if (zip) return 'a zip archive inside';
  const head = b.subarray(0, FIRST_KB);
  if (ext !== 'pdf' && !isArchive && head.includes('%PDF-')) return 'a PDF header in the first KB';
  if (ext !== 'txt' && !isArchive && ext !== 'rar' && ext !== '7z' && hasMarkup(head)) return 'markup in the first KB';
  if (ext !== 'rar' && ext !== 'zip' && b.includes(CONTAINER_SIGNATURES.rar)) return 'a RAR archive inside';
  if (ext !== '7z' && ext !== 'zip' && b.includes(CONTAINER_SIGNATURES.sevenZip)) return 'a 7z archive inside';
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      return hasMarkup(b) ? 'markup in the image' : trailingProblem(b, walkJpeg(b));
    case 'png':
      return hasMarkup(b) ? 'markup in the image' : trailingProblem(b, walkPng(b, crc32));
    case 'gif':
      return hasMarkup(b) ? 'markup in the image' : trailingProblem(b, walkGif(b));
    case 'pdf':
      return pdfProblem(b);
    case 'rar':
      return rarProblem(b, crc32);
    case '7z':
      return sevenZipProblem(b, crc32);
    case 'zip':
      return null;
    case 'docx':
    case 'xlsx': {
      const names = zip?.entries.map((e) => e.name) ?? [];
      const prefix = OOXML_PREFIX[ext] ?? '';
      return names.includes('[Content_Types].xml') && names.some((n) => n.startsWith(prefix)) ? null : `no ${prefix} part`;
    }
    case 'doc':
    case 'xls':
      return cfbProblem(b, CFB_STREAMS[ext] ?? []);
    case 'txt':
      return b.includes(0) ? 'a NUL byte in text' : null;
    case 'ceb':
      return isCfb(b) ? 'an OLE compound file' : null;
  }
}
