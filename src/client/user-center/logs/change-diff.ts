/**
 * A change's record before and after, field by field, for the operation log's detail: nested
 * objects are walked to their leaves (a.b, list.0), each field shown once with its value on each
 * side and whether it changed. Fields only on one side are changes (added or removed). Times kept
 * as epoch milliseconds are shown as China's time.
 */
import { chinaTimeText } from '../../../shared/logs/action-names.js';
export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

function leaves(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.set(prefix, Array.isArray(value) ? '[]' : '{}');
    for (const [key, inner] of entries) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out.set(prefix || '（值）', value === undefined ? '' : isTime(prefix, value) ? chinaTimeText(value) : JSON.stringify(value));
}

/** A time field (password_changed_at, createdAt) holding epoch milliseconds reads as a time. */
function isTime(field: string, value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 1e11 && /(_at|At)$/.test(field);
}

function parse(json: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (json === null) return out;
  try {
    leaves(JSON.parse(json) as unknown, '', out);
  } catch {
    out.set('（值）', json);
  }
  return out;
}

/** The fields of both records in the order they first appear (before's first), changed ones marked. */
export function changeDiff(before: string | null, after: string | null): DiffRow[] {
  const b = parse(before);
  const a = parse(after);
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  return fields.map((field) => {
    const was = b.get(field);
    const now = a.get(field);
    return { field, before: was ?? '', after: now ?? '', changed: was !== now };
  });
}
