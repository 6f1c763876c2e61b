/**
 * The structure of the document and archive formats an attachment may be, checked from the
 * bytes (each answers what is wrong, or null):
 * - PDF: `%PDF-1.x` or `%PDF-2.x` at the very start; at the end `startxref`, its offset and
 *   `%%EOF` with nothing but white space after; the offset points at a cross-reference table
 *   followed by a trailer naming /Root, or at a cross-reference stream (/Type /XRef) naming it.
 *   Readers accept more (a header anywhere in the first KB, bytes after %%EOF): exactly the room a
 *   polyglot needs, so it is not given.
 * - OLE compound file (doc, xls): its header (signature, version 3 or 4 with the matching sector
 *   size, byte order, mini-sector size) and, for the kind, its stream name in the directory.
 * - RAR (4.x and 5.x): the signature and the archive header that follows it, whose CRC must hold.
 * - 7z: the signature header, whose CRC must hold, pointing at a next header inside the file
 *   whose own CRC holds.
 */

const WHITE = /^[\0\t\n\f\r ]*$/;

export function pdfProblem(b: Buffer): string | null {
  if (!/^%PDF-[12]\.\d/.test(b.subarray(0, 8).toString('latin1'))) return 'no %PDF- header at the start';
  const tailStart = Math.max(0, b.length - 4096);
  const tail = b.subarray(tailStart).toString('latin1');
  const eof = tail.lastIndexOf('%%EOF');
  if (eof < 0) return 'no %%EOF';
  if (!WHITE.test(tail.slice(eof + 5))) return 'bytes after %%EOF';
  const start = /startxref\s+(\d{1,12})\s*$/.exec(tail.slice(0, eof));
  if (!start) return 'no startxref before %%EOF';
  const offset = Number(start[1]);
  if (offset < 8 || offset >= tailStart + eof) return 'startxref outside the file';
  const at = b.subarray(offset, offset + 4096).toString('latin1');
  if (/^\s*xref\b/.test(at)) {
    const trailer = b.indexOf('trailer', offset, 'latin1');
    if (trailer < 0 || trailer > tailStart + eof) return 'cross-reference table without trailer';
    const dictionary = b.subarray(trailer, Math.min(trailer + 4096, tailStart + eof)).toString('latin1');
    return /\/Root\s+\d+\s+\d+\s+R/.test(dictionary) ? null : 'trailer without /Root';
  }
  if (/^\s*\d+\s+\d+\s+obj\b/.test(at)) {
    const streamAt = at.indexOf('stream');
    const dictionary = streamAt < 0 ? at : at.slice(0, streamAt);
    if (!/\/Type\s*\/XRef\b/.test(dictionary)) return 'startxref object is not a cross-reference stream';
    return /\/Root\s+\d+\s+\d+\s+R/.test(dictionary) ? null : 'cross-reference stream without /Root';
  }
  return 'startxref points at no cross-reference section';
}

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function isCfb(b: Buffer): boolean {
  return b.subarray(0, 8).equals(CFB_SIGNATURE);
}

/** An OLE compound file holding one of the named streams (names are UTF-16LE in its directory). */
export function cfbProblem(b: Buffer, streams: readonly string[]): string | null {
  if (b.length < 1024 || !isCfb(b)) return 'no OLE compound-file header';
  const major = b.readUInt16LE(26);
  const sectorShift = b.readUInt16LE(30);
  if (!((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12))) return 'OLE version and sector size disagree';
  if (b.readUInt16LE(28) !== 0xfffe) return 'OLE byte order mark wrong';
  if (b.readUInt16LE(32) !== 6) return 'OLE mini-sector size wrong';
  return streams.some((name) => b.includes(Buffer.from(name, 'utf16le')))
    ? null
    : `OLE file without a ${streams.join('/')} stream`;
}

type Crc32 = (data: Buffer) => number;

/** A RAR variable-length integer: its value and length in bytes. */
function vint(b: Buffer, at: number): [number, number] | null {
  let value = 0;
  for (let i = 0; i < 8 && at + i < b.length; i++) {
    const byte = b[at + i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) return [value, i + 1];
  }
  return null;
}

export function rarProblem(b: Buffer, crc32: Crc32): string | null {
  const head = b.subarray(0, 8).toString('latin1');
  if (head === 'Rar!\x1a\x07\x01\x00') {
    // RAR 5: CRC32 of the header, then its size (vint), then the header; the first is the main archive header (type 1).
    const size = vint(b, 12);
    if (!size) return 'RAR 5 header size unreadable';
    const [headerSize, sizeLength] = size;
    const end = 12 + sizeLength + headerSize;
    if (end > b.length) return 'RAR 5 header past the end';
    if (crc32(b.subarray(12, end)) !== b.readUInt32LE(8)) return 'RAR 5 header CRC wrong';
    const type = vint(b, 12 + sizeLength);
    return type && type[0] === 1 ? null : 'RAR 5 archive without its main header';
  }
  if (head.startsWith('Rar!\x1a\x07\x00')) {
    // RAR 4: the main header after the 7-byte marker: CRC16 (the low half of a CRC32), type 0x73, flags, size.
    const at = 7;
    if (at + 7 > b.length || b[at + 2] !== 0x73) return 'RAR 4 archive without its main header';
    const size = b.readUInt16LE(at + 5);
    if (size < 7 || at + size > b.length) return 'RAR 4 main header size wrong';
    return (crc32(b.subarray(at + 2, at + size)) & 0xffff) === b.readUInt16LE(at) ? null : 'RAR 4 main header CRC wrong';
  }
  return 'no RAR signature';
}

const SEVEN_ZIP = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);

export function sevenZipProblem(b: Buffer, crc32: Crc32): string | null {
  if (b.length < 32 || !b.subarray(0, 6).equals(SEVEN_ZIP)) return 'no 7z signature';
  if (b[6] !== 0) return '7z major version unknown';
  if (crc32(b.subarray(12, 32)) !== b.readUInt32LE(8)) return '7z start header CRC wrong';
  const offset = Number(b.readBigUInt64LE(12));
  const size = Number(b.readBigUInt64LE(20));
  if (32 + offset + size !== b.length) return '7z next header not at the end of the file';
  if (crc32(b.subarray(32 + offset, 32 + offset + size)) !== b.readUInt32LE(28)) return '7z next header CRC wrong';
  return null;
}

export const CONTAINER_SIGNATURES = {
  rar: Buffer.from('Rar!\x1a\x07', 'latin1'),
  sevenZip: SEVEN_ZIP,
  cfb: CFB_SIGNATURE,
} as const;
