/**
 * The one guard every Excel import passes before a workbook is parsed: the archive's central
 * directory is read without inflating anything and refused past the limits (entries, total
 * uncompressed size, compression ratio); then each entry is inflated off the main thread
 * (zlib's thread pool) with its output capped at the size the directory declared, and its
 * length and CRC must match, so a directory that lies is caught at the cap, not after 500 MB.
 * What comes out is exactly the bytes that were checked: the reader parses those, never the
 * upload itself (whose local headers could hide other entries).
 */
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { readZipDirectory, type ZipEntry } from '../files/zip-directory.js';
import { refuse } from '../http/app-error.js';
import { WorkbookMessages, type WorkbookLimits } from './workbook-limits.js';

const inflate = promisify(inflateRaw);

const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x0001;

/** Refuses the workbook past the limits from its directory alone, before inflating anything. */
export function checkDirectory(entries: readonly ZipEntry[], limits: WorkbookLimits): void {
  if (entries.length > limits.maxEntries) refuse('BusinessRule', WorkbookMessages.tooManyEntries(limits.maxEntries));
  let total = 0;
  for (const e of entries) {
    if (e.flags & ENCRYPTED) refuse('BusinessRule', WorkbookMessages.encrypted);
    if (e.method !== STORED && e.method !== DEFLATED) refuse('BusinessRule', WorkbookMessages.notXlsx);
    total += e.uncompressedSize;
    if (total > limits.maxTotalBytes) refuse('BusinessRule', WorkbookMessages.tooLarge(limits.maxTotalBytes));
    if (e.uncompressedSize > limits.ratioFloorBytes && e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize)) {
      refuse('BusinessRule', WorkbookMessages.ratio(e.name, limits.maxRatio));
    }
  }
}

async function inflateEntry(bytes: Buffer, e: ZipEntry): Promise<Buffer> {
  const data = bytes.subarray(e.dataOffset, e.dataOffset + e.compressedSize);
  let out: Buffer;
  if (e.method === STORED) out = data;
  else {
    try {
      // One byte more than declared: inflating stops there, and the length check below refuses it.
      out = await inflate(data, { maxOutputLength: Math.max(1, e.uncompressedSize + 1) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') refuse('BusinessRule', WorkbookMessages.lies(e.name));
      refuse('BusinessRule', WorkbookMessages.notXlsx);
    }
  }
  if (out.length !== e.uncompressedSize) refuse('BusinessRule', WorkbookMessages.lies(e.name));
  if (crc32(out) >>> 0 !== e.crc32) refuse('BusinessRule', WorkbookMessages.notXlsx);
  return out;
}

/** The workbook's entries, inflated and checked, by name; refuses (4011) what passes a limit or is no zip. */
export async function guardWorkbook(bytes: Buffer, limits: WorkbookLimits): Promise<Map<string, Buffer>> {
  const directory = readZipDirectory(bytes);
  if (!directory || directory.prefix !== 0) refuse('BusinessRule', WorkbookMessages.notXlsx);
  checkDirectory(directory.entries, limits);
  const out = new Map<string, Buffer>();
  for (const e of directory.entries) {
    if (e.name.endsWith('/')) continue;
    out.set(e.name, await inflateEntry(bytes, e));
  }
  return out;
}
