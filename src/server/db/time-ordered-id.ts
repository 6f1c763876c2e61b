/**
 * UUID version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest random.
 * Rows keyed by it are inserted at the right-hand end of their primary-key index instead of at a
 * random place, so a commit of many vouchers touches (and writes to the WAL) a few index pages
 * rather than one per row. Ids made in the same millisecond are in random order among themselves;
 * nothing reads meaning into an id's order.
 *
 * Built on randomUUID, whose random bits come from a pool filled in bulk (one randomFillSync per
 * id would cost ten times as much): its version digit becomes 7, its variant bits stay as they are.
 */
import { randomUUID } from 'node:crypto';

export function timeOrderedId(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
