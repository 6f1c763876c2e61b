/**
 * The field-kind registry: each kind owns its parsing (user or pasted text to a cell value),
 * checking (a value that arrived over the wire), formatting and comparison, so columns never
 * bring their own parsers and client and server read cells the same way.
 *
 * Invariants: empty text parses to null (required-ness is validate.ts's business); a value that
 * `parse` returns always passes `check`; money values are integer fen within the field's cap.
 */
import { formatFen, MONEY_MESSAGES, parseAmount } from '../money.js';
import { MONEY_CAP_FEN, type CellValue, type FieldDef, type FieldKind, FIELD_KINDS } from './definition.js';

/** What a kind needs to know about its field; any FieldDef<R> is one. */
export type FieldInfo = Pick<FieldDef, 'header' | 'capFen' | 'options' | 'blankZero'>;

export type ParseCellResult = { ok: true; value: CellValue } | { ok: false; message: string };

export interface KindHandler {
  /** Text typed or pasted by a user; empty text is null. */
  readonly parse: (text: string, field: FieldInfo) => ParseCellResult;
  /** A value from a row (for example a request body): null when it is valid for the kind. */
  readonly check: (value: unknown, field: FieldInfo) => string | null;
  /** Display and clipboard text; '' for empty. */
  readonly format: (value: unknown, field: FieldInfo) => string;
  /** Sort order; empty values first. */
  readonly compare: (a: unknown, b: unknown) => number;
  /** Excel number format for exported cells of this kind. */
  readonly excelNumFmt?: string;
}

export const KIND_MESSAGES = {
  digitsOnly: '只能输入数字',
  tooLarge: '数字过大',
  date: '日期格式不正确,应为yyyy-MM-dd',
  direction: '方向只能是借或贷',
  check: '只能输入是或否',
  subject: '科目代码只能是数字',
  text: '内容格式不正确',
  select: (header: string) => `请选择有效的${header}`,
} as const;

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

const ok = (value: CellValue): ParseCellResult => ({ ok: true, value });
const fail = (message: string): ParseCellResult => ({ ok: false, message });

/** Parses only non-empty trimmed text; empty text is null for every kind. */
function nonEmpty(parse: (text: string, field: FieldInfo) => ParseCellResult): KindHandler['parse'] {
  return (text, field) => {
    const trimmed = text.trim();
    return trimmed === '' ? ok(null) : parse(trimmed, field);
  };
}

// Made on the first sort: a zh-CN collator loads its ICU data (about 10 ms), which a grid's first
// paint does not need.
let collator: Intl.Collator | null = null;
const collate = (a: string, b: string) => (collator ??= new Intl.Collator('zh-CN', { numeric: true })).compare(a, b);

function compareWith<T>(read: (v: unknown) => T | null, cmp: (a: T, b: T) => number): (a: unknown, b: unknown) => number {
  return (a, b) => {
    const x = isEmptyValue(a) ? null : read(a);
    const y = isEmptyValue(b) ? null : read(b);
    if (x === null || y === null) return x === null ? (y === null ? 0 : -1) : 1;
    return cmp(x, y);
  };
}

const compareNumbers = compareWith(
  (v) => (typeof v === 'number' ? v : Number(v)),
  (a, b) => a - b,
);
const compareText = compareWith(String, collate);
const compareCodes = compareWith(String, (a, b) => (a < b ? -1 : a > b ? 1 : 0));

function textOf(value: unknown): string {
  return isEmptyValue(value) ? '' : String(value);
}

function isValidDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd, also read from yyyy/M/d, yyyy.M.d and yyyyMMdd as pasted from spreadsheets. */
function parseDate(text: string): ParseCellResult {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return fail(KIND_MESSAGES.date);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isValidDate(year, month, day) ? ok(`${m[1]}-${pad2(month)}-${pad2(day)}`) : fail(KIND_MESSAGES.date);
}

// Maps, not object literals: a typed '__proto__' or 'constructor' must not find Object's own.
const DIRECTION_TEXT: ReadonlyMap<string, 1 | 2> = new Map([
  ['1', 1],
  ['2', 2],
  ['借', 1],
  ['贷', 2],
]);
const CHECK_TEXT: ReadonlyMap<string, boolean> = new Map([
  ['1', true],
  ['0', false],
  ['是', true],
  ['否', false],
  ['true', true],
  ['false', false],
  ['√', true],
  ['×', false],
]);

function findOption(field: FieldInfo, raw: unknown) {
  return field.options?.find((o) => o.value === raw || String(o.value) === String(raw) || o.label === raw);
}

/**
 * What parseAmount(formatFen(fen)) would say of a safe integer, without the text round trip
 * (a 10,000-row grid checks 60,000 amounts when it opens): any safe integer formats to digits
 * the parser takes, so only the cap can refuse it. kinds.test.ts checks both agree.
 */
export function checkFen(fen: number, capFen: number): string | null {
  return Math.abs(fen) > capFen ? MONEY_MESSAGES.cap(capFen) : null;
}

export const KINDS: Readonly<Record<FieldKind, KindHandler>> = {
  text: {
    parse: nonEmpty((t) => ok(t)),
    check: (v) => (typeof v === 'string' ? null : KIND_MESSAGES.text),
    format: textOf,
    compare: compareText,
  },
  money: {
    parse: nonEmpty((t, f) => {
      const r = parseAmount(t, f.capFen ?? MONEY_CAP_FEN);
      return r.ok ? ok(r.fen) : fail(r.message);
    }),
    check: (v, f) =>
      typeof v === 'number' && Number.isSafeInteger(v) ? checkFen(v, f.capFen ?? MONEY_CAP_FEN) : '金额格式不正确',
    format: (v, f) =>
      typeof v === 'number' && Number.isSafeInteger(v) ? (v === 0 && f.blankZero ? '' : formatFen(v)) : textOf(v),
    compare: compareNumbers,
    excelNumFmt: '#,##0.00',
  },
  integer: {
    parse: nonEmpty((t) => {
      if (!/^\d+$/.test(t)) return fail(KIND_MESSAGES.digitsOnly);
      const n = Number(t);
      return Number.isSafeInteger(n) ? ok(n) : fail(KIND_MESSAGES.tooLarge);
    }),
    check: (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? null : KIND_MESSAGES.digitsOnly),
    format: textOf,
    compare: compareNumbers,
    excelNumFmt: '0',
  },
  date: {
    parse: nonEmpty(parseDate),
    check: (v) => {
      if (typeof v !== 'string') return KIND_MESSAGES.date;
      const r = parseDate(v);
      return r.ok && r.value === v ? null : KIND_MESSAGES.date;
    },
    format: textOf,
    compare: compareCodes,
  },
  subject: {
    parse: nonEmpty((t) => (/^\d+$/.test(t) ? ok(t) : fail(KIND_MESSAGES.subject))),
    check: (v) => (typeof v === 'string' && /^\d+$/.test(v) ? null : KIND_MESSAGES.subject),
    format: textOf,
    compare: compareCodes,
  },
  auxiliary: {
    parse: nonEmpty((t) => ok(t)),
    check: (v) => (typeof v === 'string' ? null : KIND_MESSAGES.text),
    format: textOf,
    compare: compareText,
  },
  select: {
    parse: nonEmpty((t, f) => {
      const option = findOption(f, t);
      return option ? ok(option.value) : fail(KIND_MESSAGES.select(f.header));
    }),
    check: (v, f) => (f.options?.some((o) => o.value === v) ? null : KIND_MESSAGES.select(f.header)),
    format: (v, f) => (isEmptyValue(v) ? '' : (findOption(f, v)?.label ?? String(v))),
    compare: compareText,
  },
  direction: {
    parse: nonEmpty((t) => {
      const d = DIRECTION_TEXT.get(t);
      return d === undefined ? fail(KIND_MESSAGES.direction) : ok(d);
    }),
    check: (v) => (v === 1 || v === 2 ? null : KIND_MESSAGES.direction),
    format: (v) => (v === 1 ? '借' : v === 2 ? '贷' : textOf(v)),
    compare: compareNumbers,
  },
  check: {
    parse: nonEmpty((t) => {
      const b = CHECK_TEXT.get(t.toLowerCase());
      return b === undefined ? fail(KIND_MESSAGES.check) : ok(b);
    }),
    check: (v) => (typeof v === 'boolean' ? null : KIND_MESSAGES.check),
    format: (v) => (v === true ? '是' : v === false ? '否' : textOf(v)),
    compare: compareWith(
      (v) => (v === true ? 1 : 0),
      (a, b) => a - b,
    ),
  },
};

export function kindOf(kind: FieldKind): KindHandler {
  return KINDS[kind];
}

/** Every kind of the closed set has a handler (the conformance test walks this). */
export const REGISTERED_KINDS: readonly FieldKind[] = FIELD_KINDS.filter((k) => k in KINDS);

/** Parses a cell's text with its field's kind. */
export function parseCell(field: FieldInfo & { kind: FieldKind }, text: string): ParseCellResult {
  return kindOf(field.kind).parse(text, field);
}

/** Formats a cell's value with its field's kind. */
export function formatCell(field: FieldInfo & { kind: FieldKind }, value: unknown): string {
  return kindOf(field.kind).format(value, field);
}
