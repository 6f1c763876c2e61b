/**
 * Walks an image's structure from its first byte to its end marker, so that a file is an image
 * because it is built as one, not because it starts like one. Each function answers what is
 * wrong (a short English reason for logs and tests) or null. What follows the end marker is
 * answered as `end`, for the caller to judge (phones append data after a JPEG's end).
 */

export type Walk = { problem: string } | { end: number };

/** JPEG: SOI, then marker segments; after SOS the entropy-coded data up to the next marker; EOI. */
export function walkJpeg(b: Buffer): Walk {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return { problem: 'no JPEG start of image' };
  let p = 2;
  while (p < b.length) {
    if (b[p] !== 0xff) return { problem: `no JPEG marker at ${p}` };
    while (b[p] === 0xff) p++;
    const marker = b[p++];
    if (marker === undefined) break;
    if (marker === 0xd9) return { end: p };
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0x00 || marker === 0xd8) return { problem: `JPEG marker ${marker} out of place` };
    if (p + 2 > b.length) break;
    const length = b.readUInt16BE(p);
    if (length < 2) return { problem: 'JPEG segment length below 2' };
    p += length;
    if (marker === 0xda) {
      // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker inside it.
      for (;;) {
        p = b.indexOf(0xff, p);
        if (p < 0) return { problem: 'JPEG scan without an end' };
        const next = b[p + 1];
        if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) p += 2;
        else if (next === 0xff) p += 1;
        else break;
      }
    }
  }
  return { problem: 'JPEG without end of image' };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: the signature, IHDR first, chunks whose types are letters and whose CRCs hold, IEND. */
export function walkPng(b: Buffer, crc32: (data: Buffer) => number): Walk {
  if (!b.subarray(0, 8).equals(PNG_SIGNATURE)) return { problem: 'no PNG signature' };
  let p = 8;
  let first = true;
  while (p + 12 <= b.length) {
    const length = b.readUInt32BE(p);
    const type = b.subarray(p + 4, p + 8);
    if (!/^[A-Za-z]{4}$/.test(type.toString('latin1'))) return { problem: 'PNG chunk type not letters' };
    if (p + 12 + length > b.length) return { problem: 'PNG chunk past the end' };
    if (first && (type.toString('latin1') !== 'IHDR' || length !== 13)) return { problem: 'PNG without IHDR first' };
    if (crc32(b.subarray(p + 4, p + 8 + length)) !== b.readUInt32BE(p + 8 + length)) return { problem: 'PNG chunk CRC wrong' };
    first = false;
    p += 12 + length;
    if (type.toString('latin1') === 'IEND') return { end: p };
  }
  return { problem: 'PNG without IEND' };
}

function skipSubBlocks(b: Buffer, p: number): number {
  while (p < b.length) {
    const size = b[p]!;
    p += 1 + size;
    if (size === 0) return p;
  }
  return -1;
}

/** GIF: header, screen descriptor and colour table, then extension and image blocks up to the trailer. */
export function walkGif(b: Buffer): Walk {
  const header = b.subarray(0, 6).toString('latin1');
  if (header !== 'GIF87a' && header !== 'GIF89a') return { problem: 'no GIF header' };
  // A width spelling "/*" opens a script comment: the classic GIF/JavaScript polyglot.
  if (b[6] === 0x2f && b[7] === 0x2a) return { problem: 'GIF screen width reads as a script comment' };
  if (b.length < 13) return { problem: 'GIF truncated' };
  let p = 13;
  const packed = b[10]!;
  if (packed & 0x80) p += 3 * 2 ** ((packed & 0x07) + 1);
  while (p < b.length) {
    const block = b[p];
    if (block === 0x3b) return { end: p + 1 };
    if (block === 0x21) {
      p = skipSubBlocks(b, p + 2);
    } else if (block === 0x2c) {
      if (p + 10 > b.length) return { problem: 'GIF image descriptor truncated' };
      const local = b[p + 9]!;
      p += 10;
      if (local & 0x80) p += 3 * 2 ** ((local & 0x07) + 1);
      p = skipSubBlocks(b, p + 1);
    } else return { problem: `GIF block ${String(block)} unknown` };
    if (p < 0) return { problem: 'GIF sub-blocks past the end' };
  }
  return { problem: 'GIF without trailer' };
}
