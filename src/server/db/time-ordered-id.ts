/**
 * UUID version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest random.
 * Rows keyed by it are inserted at the right-hand end of their primary-key index instead of at a
 * random place, so a commit of many vouchers touches (and writes to the WAL) a few index pages
 * rather than one per row. Ids made in the same millisecond are in random order among themselves;
 * nothing reads meaning into an id's order.
 */
import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function timeOrderedId(now = Date.now()): string {
  const b = randomFillSync(new Uint8Array(16));
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = 0x70 | ((b[6] ?? 0) & 0x0f);
  b[8] = 0x80 | ((b[8] ?? 0) & 0x3f);
  const h = Array.from(b, (x) => HEX[x] ?? '00');
  return `${h.slice(0, 4).join('')}-${h.slice(4, 6).join('')}-${h.slice(6, 8).join('')}-${h.slice(8, 10).join('')}-${h.slice(10).join('')}`;
}
