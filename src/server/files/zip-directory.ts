/**
 * Reads a zip archive's central directory from its bytes, without inflating anything: the entry
 * names, methods and sizes (compressed and, as the directory declares them, uncompressed) and
 * where each entry's data starts. It finds the end record the way unzip tools do (searched
 * backwards in the last 64 KB + 22 bytes, Zip64 included), so it also finds an archive appended
 * to another file or hidden in one: `prefix` is the number of bytes before the archive (0 for a
 * plain zip) and `trailing` the bytes after its end record. A directory is only believed when
 * every entry's local header is where the directory says, under the same name; anything else
 * answers null.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; others are refused by whoever inflates. */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  /** As the directory declares it: a bomb may lie, so an inflater checks it again. */
  uncompressedSize: number;
  /** Offset in the given bytes of the entry's compressed data. */
  dataOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Bytes before the archive (a zip appended to another file, or a self-extractor). */
  prefix: number;
  /** Bytes after the end record and its comment. */
  trailing: number;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

const u64 = (b: Buffer, at: number): number => Number(b.readBigUInt64LE(at));

function findEndRecord(b: Buffer): number {
  for (let i = b.length - EOCD_MIN; i >= Math.max(0, b.length - EOCD_MIN - MAX_COMMENT); i--) {
    if (b[i] === 0x50 && b.readUInt32LE(i) === EOCD) return i;
  }
  return -1;
}

interface End {
  count: number;
  dirSize: number;
  dirOffset: number;
  /** Where the directory ends in the bytes: the Zip64 end record, or the end record. */
  dirEnd: number;
}

function readEnd(b: Buffer, at: number): End | null {
  const count = b.readUInt16LE(at + 10);
  const dirSize = b.readUInt32LE(at + 12);
  const dirOffset = b.readUInt32LE(at + 16);
  if (count !== U16_MAX && dirSize !== U32_MAX && dirOffset !== U32_MAX) return { count, dirSize, dirOffset, dirEnd: at };
  const locator = at - 20;
  if (locator < 0 || b.readUInt32LE(locator) !== EOCD64_LOCATOR) return null;
  // The Zip64 end record sits just before its locator when nothing is prepended; found by size.
  const end64 = locator - 56;
  if (end64 < 0 || b.readUInt32LE(end64) !== EOCD64) return null;
  return { count: u64(b, end64 + 32), dirSize: u64(b, end64 + 40), dirOffset: u64(b, end64 + 48), dirEnd: end64 };
}

/** Sizes and offset from the Zip64 extra field, for the fields the directory marked 0xFFFFFFFF. */
function zip64Values(extra: Buffer, wanted: number): number[] | null {
  for (let p = 0; p + 4 <= extra.length;) {
    const id = extra.readUInt16LE(p);
    const size = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      if (size < wanted * 8 || p + 4 + size > extra.length) return null;
      return Array.from({ length: wanted }, (_, i) => u64(extra, p + 4 + i * 8));
    }
    p += 4 + size;
  }
  return null;
}

export function readZipDirectory(b: Buffer): ZipDirectory | null {
  if (b.length < EOCD_MIN) return null;
  const at = findEndRecord(b);
  if (at < 0) return null;
  const end = readEnd(b, at);
  if (!end) return null;
  const dirStart = end.dirEnd - end.dirSize;
  if (dirStart < 0) return null;
  const prefix = dirStart - end.dirOffset;
  if (prefix < 0) return null;
  const commentLength = b.readUInt16LE(at + 20);
  const trailing = b.length - (at + EOCD_MIN + commentLength);
  const entries: ZipEntry[] = [];
  let p = dirStart;
  for (let n = 0; n < end.count; n++) {
    if (p + 46 > end.dirEnd || b.readUInt32LE(p) !== CENTRAL) return null;
    const flags = b.readUInt16LE(p + 8);
    const method = b.readUInt16LE(p + 10);
    const crc32 = b.readUInt32LE(p + 16);
    let compressedSize = b.readUInt32LE(p + 20);
    let uncompressedSize = b.readUInt32LE(p + 24);
    const nameLength = b.readUInt16LE(p + 28);
    const extraLength = b.readUInt16LE(p + 30);
    const commentLen = b.readUInt16LE(p + 32);
    let localOffset = b.readUInt32LE(p + 42);
    if (p + 46 + nameLength + extraLength > end.dirEnd) return null;
    const nameBytes = b.subarray(p + 46, p + 46 + nameLength);
    const marked = [uncompressedSize, compressedSize, localOffset].filter((v) => v === U32_MAX).length;
    if (marked > 0) {
      const values = zip64Values(b.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), marked);
      if (!values) return null;
      // The extra field holds, in this order, only the values the directory marked.
      if (uncompressedSize === U32_MAX) uncompressedSize = values.shift() ?? 0;
      if (compressedSize === U32_MAX) compressedSize = values.shift() ?? 0;
      if (localOffset === U32_MAX) localOffset = values.shift() ?? 0;
    }
    const local = prefix + localOffset;
    if (local + 30 > dirStart || b.readUInt32LE(local) !== LOCAL) return null;
    const localNameLength = b.readUInt16LE(local + 26);
    const localExtraLength = b.readUInt16LE(local + 28);
    if (!b.subarray(local + 30, local + 30 + localNameLength).equals(nameBytes)) return null;
    const dataOffset = local + 30 + localNameLength + localExtraLength;
    if (dataOffset + compressedSize > dirStart) return null;
    entries.push({ name: nameBytes.toString('utf8'), method, flags, crc32, compressedSize, uncompressedSize, dataOffset });
    p += 46 + nameLength + extraLength + commentLen;
  }
  return { entries, prefix, trailing };
}
