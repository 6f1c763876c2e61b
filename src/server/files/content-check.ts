/**
 * Checks an upload's bytes against its extension, so that a renamed executable, a zip called
 * .pdf or a binary called .txt is refused. The check reads the file as it streams to disk
 * (ContentSniffer: the first bytes, NUL bytes, a few stream names) and, for the zip-based
 * formats, the archive's central directory from the stored file (zip-entries.ts).
 *
 * What each extension must be:
 * - jpg/jpeg FF D8 FF; png its 8-byte signature; gif GIF87a/GIF89a; pdf `%PDF-` within the
 *   first 1024 bytes (as readers accept it); rar `Rar!\x1A\x07` (4.x and 5.x); 7z its 6-byte
 *   signature; zip a local-file or empty-archive header.
 * - docx/xlsx: a zip whose directory lists [Content_Types].xml and a part under word/ or xl/.
 * - doc/xls: an OLE compound file (D0 CF 11 E0 A1 B1 1A E1) holding a WordDocument stream,
 *   or a Workbook/Book stream (their names are found as UTF-16LE directory entries).
 * - txt: text: no NUL byte anywhere (UTF-8 and GBK text pass; UTF-16 text does not).
 * - ceb (Founder Apabi e-document): its format is not published, so no signature is required;
 *   it is refused when it is an executable (MZ, ELF, Mach-O) or another format we recognise
 *   (zip, pdf, OLE, rar, 7z, images), which is what a renamed file would be.
 * Executables are refused under every extension.
 */
import type { UploadExtension } from '../../shared/files/upload-rules.js';

const HEAD_BYTES = 8192;

const SIGNATURES = {
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  gif87: [...'GIF87a'].map((c) => c.charCodeAt(0)),
  gif89: [...'GIF89a'].map((c) => c.charCodeAt(0)),
  rar: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07],
  sevenZip: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
  zipLocal: [0x50, 0x4b, 0x03, 0x04],
  zipEmpty: [0x50, 0x4b, 0x05, 0x06],
  cfb: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  mz: [0x4d, 0x5a],
  elf: [0x7f, 0x45, 0x4c, 0x46],
} as const;

const MACH_O = [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe];

function startsWith(head: Uint8Array, sig: readonly number[]): boolean {
  return head.length >= sig.length && sig.every((b, i) => head[i] === b);
}

export function isExecutable(head: Uint8Array): boolean {
  if (startsWith(head, SIGNATURES.mz) || startsWith(head, SIGNATURES.elf)) return true;
  if (head.length < 4) return false;
  const word = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  return MACH_O.includes(word);
}

function isZip(head: Uint8Array): boolean {
  return startsWith(head, SIGNATURES.zipLocal) || startsWith(head, SIGNATURES.zipEmpty);
}

function isPdf(head: Uint8Array): boolean {
  return Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, 1024)).includes('%PDF-');
}

/** A format we recognise by its first bytes (for ceb: anything else renamed). */
function isKnownFormat(head: Uint8Array): boolean {
  return (
    isZip(head) ||
    isPdf(head) ||
    startsWith(head, SIGNATURES.cfb) ||
    startsWith(head, SIGNATURES.rar) ||
    startsWith(head, SIGNATURES.sevenZip) ||
    startsWith(head, SIGNATURES.jpeg) ||
    startsWith(head, SIGNATURES.png) ||
    startsWith(head, SIGNATURES.gif87) ||
    startsWith(head, SIGNATURES.gif89)
  );
}

/** UTF-16LE names of the OLE streams that make a doc or an xls. */
const CFB_STREAMS: Partial<Record<UploadExtension, string[]>> = {
  doc: ['WordDocument'],
  xls: ['Workbook', 'Book'],
};

/** Zip entries an Office Open XML file must have: all of `all`, and one entry under `prefix`. */
const OOXML: Partial<Record<UploadExtension, { all: string[]; prefix: string }>> = {
  docx: { all: ['[Content_Types].xml'], prefix: 'word/' },
  xlsx: { all: ['[Content_Types].xml'], prefix: 'xl/' },
};

/** Does the extension's check need the zip directory of the stored file? */
export function needsZipEntries(ext: UploadExtension): boolean {
  return OOXML[ext] !== undefined;
}

/**
 * Reads a file's bytes as they pass: keeps the first 8 KB, the size, whether a NUL byte occurred
 * and which of the wanted UTF-16LE names occurred (with an overlap across chunk boundaries).
 */
export class ContentSniffer {
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private tail = Buffer.alloc(0);
  private readonly wanted: { name: string; bytes: Buffer }[];
  readonly found = new Set<string>();
  size = 0;
  hasNul = false;

  constructor(readonly ext: UploadExtension) {
    this.wanted = (CFB_STREAMS[ext] ?? []).map((name) => ({ name, bytes: Buffer.from(name, 'utf16le') }));
  }

  update(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    if (!this.hasNul && this.ext === 'txt' && chunk.includes(0)) this.hasNul = true;
    if (this.wanted.length > 0) {
      const window = Buffer.concat([this.tail, chunk]);
      for (const w of this.wanted) if (!this.found.has(w.name) && window.includes(w.bytes)) this.found.add(w.name);
      const keep = Math.max(...this.wanted.map((w) => w.bytes.length)) - 1;
      this.tail = Buffer.from(window.subarray(Math.max(0, window.length - keep)));
    }
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks);
  }
}

/** True when the bytes seen (and the zip entries, for docx/xlsx) fit the extension. */
export function contentMatches(sniffed: ContentSniffer, zipEntries: readonly string[] | null = null): boolean {
  const head = sniffed.head;
  if (isExecutable(head)) return false;
  const ext = sniffed.ext;
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      return startsWith(head, SIGNATURES.jpeg);
    case 'png':
      return startsWith(head, SIGNATURES.png);
    case 'gif':
      return startsWith(head, SIGNATURES.gif87) || startsWith(head, SIGNATURES.gif89);
    case 'pdf':
      return isPdf(head);
    case 'rar':
      return startsWith(head, SIGNATURES.rar);
    case '7z':
      return startsWith(head, SIGNATURES.sevenZip);
    case 'zip':
      return isZip(head);
    case 'txt':
      return !sniffed.hasNul;
    case 'doc':
    case 'xls':
      return startsWith(head, SIGNATURES.cfb) && (CFB_STREAMS[ext] ?? []).some((n) => sniffed.found.has(n));
    case 'docx':
    case 'xlsx': {
      const rule = OOXML[ext];
      if (!rule || !startsWith(head, SIGNATURES.zipLocal) || !zipEntries) return false;
      return rule.all.every((e) => zipEntries.includes(e)) && zipEntries.some((e) => e.startsWith(rule.prefix));
    }
    case 'ceb':
      return !isKnownFormat(head);
  }
}
