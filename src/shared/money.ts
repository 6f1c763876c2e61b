/**
 * Money: the one place user text becomes integer fen and fen becomes text.
 *
 * What must stay true:
 * - Logic and storage hold integer fen (safe integers only, `assertSafeFen`).
 * - Input is parsed as a string, never through floating point: digits, one decimal point, an
 *   optional leading minus, at most two decimals (extra decimals are rejected, never rounded
 *   away), ',' thousands separators tolerated when they group by three; the cap applies to the
 *   absolute value.
 * - Half-up means half away from zero (Java's RoundingMode.HALF_UP, which the spec's 'half-up at
 *   the third digit' follows), computed on the decimal digits, so 1.005 yuan is 101 fen.
 * - `allocateByRatios` gives every line but the last its half-up share and the last line the
 *   remainder, so the lines always sum exactly to the total (spec funds-entry rule).
 */
import { MONEY_CAP_FEN } from './grid/definition.js';

export { MONEY_CAP_FEN };

export type ParseAmountResult = { ok: true; fen: number } | { ok: false; message: string };

export const MONEY_MESSAGES = {
  format: '金额格式不正确',
  decimals: '金额最多两位小数',
  cap: (capFen: number) => `金额不能超过${formatFen(capFen)}`,
} as const;

/** Full-width digits and signs an IME may produce, mapped to ASCII. */
function toHalfWidth(text: string): string {
  return text.replace(/[\uFF10-\uFF19\uFF0C\uFF0E\uFF0D]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

const AMOUNT = /^(-)?(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d*))?$/;

/** Parses an amount typed or pasted by a user into fen, applying the cap to the absolute value. */
export function parseAmount(text: string, capFen: number = MONEY_CAP_FEN): ParseAmountResult {
  const trimmed = toHalfWidth(text.trim());
  const match = AMOUNT.exec(trimmed);
  if (!match) return { ok: false, message: MONEY_MESSAGES.format };
  const [, minus, intPart = '', decPart] = match;
  if (intPart === '' && (decPart === undefined || decPart === '')) return { ok: false, message: MONEY_MESSAGES.format };
  if (decPart !== undefined && decPart.length > 2) return { ok: false, message: MONEY_MESSAGES.decimals };
  const digits = (intPart.replaceAll(',', '') + (decPart ?? '').padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  // More digits than the cap can hold: reject before Number() loses precision.
  if (digits.length > 16) return { ok: false, message: MONEY_MESSAGES.cap(capFen) };
  const abs = Number(digits);
  if (abs > capFen) return { ok: false, message: MONEY_MESSAGES.cap(capFen) };
  return { ok: true, fen: minus && abs !== 0 ? -abs : abs };
}

/** Throws unless `fen` is a safe integer (the guard in front of arithmetic and storage). */
export function assertSafeFen(fen: unknown): asserts fen is number {
  if (typeof fen !== 'number' || !Number.isSafeInteger(fen)) {
    throw new RangeError(`金额必须是安全整数(分): ${String(fen)}`);
  }
}

/** Formats fen as yuan with two decimals: '1,234.50' (spec format 0,0.00), or '1234.50' without thousands. */
export function formatFen(fen: number, options: { thousands?: boolean } = {}): string {
  assertSafeFen(fen);
  const abs = Math.abs(fen);
  let yuan = String(Math.trunc(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  if (options.thousands ?? true) yuan = yuan.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${fen < 0 ? '-' : ''}${yuan}.${cents}`;
}

/** Fen as a plain yuan string with two decimals and no separators: -1234.5 yuan is '-1234.50'. */
export function fenToYuanString(fen: number): string {
  return formatFen(fen, { thousands: false });
}

/** A finite decimal as exact digits: value = (negative ? -1 : 1) * digits / 10^scale. */
export interface Decimal {
  readonly negative: boolean;
  readonly digits: bigint;
  readonly scale: number;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Reads a number (through its shortest round-trip string, which is the decimal the user meant)
 * or a plain decimal string (no separators) into exact digits; null when it is not one.
 */
export function toDecimal(value: number | string): Decimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, intPart = '', fracPart = '', exp = '0'] = match;
  if (intPart === '' && fracPart === '') return null;
  let scale = fracPart.length - Number(exp);
  let digits = BigInt(intPart + fracPart);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: sign === '-' && digits !== 0n, digits, scale };
}

/** Rounds a decimal half away from zero to `places` decimals; returns the scaled integer. */
export function roundDecimal(d: Decimal, places: number): bigint {
  const drop = d.scale - places;
  let q: bigint;
  if (drop <= 0) {
    q = d.digits * 10n ** BigInt(-drop);
  } else {
    const div = 10n ** BigInt(drop);
    q = d.digits / div;
    if ((d.digits % div) * 2n >= div) q += 1n;
  }
  return d.negative ? -q : q;
}

/** Yuan (a number or a decimal string) rounded half-up to integer fen. */
export function roundHalfUpToFen(yuan: number | string): number {
  const d = toDecimal(yuan);
  if (!d) throw new RangeError(`不是有效的金额: ${String(yuan)}`);
  const fen = Number(roundDecimal(d, 2));
  assertSafeFen(fen);
  return fen;
}

/**
 * Splits `totalFen` by `ratios` (fractions or percentages; they are taken relative to their sum):
 * every line but the last gets its share rounded half-up to the fen, the last takes the
 * remainder, so the result always sums exactly to the total. Ratios are read as the decimals they
 * print as, so 33.3% of 1.00 yuan is exactly 33.3 fen before rounding.
 */
export function allocateByRatios(totalFen: number, ratios: readonly number[]): number[] {
  assertSafeFen(totalFen);
  if (ratios.length === 0) throw new RangeError('比例不能为空');
  const decimals = ratios.map((r) => {
    const d = r >= 0 ? toDecimal(r) : null;
    if (!d) throw new RangeError(`比例必须是非负数: ${String(r)}`);
    return d;
  });
  const scale = Math.max(...decimals.map((d) => d.scale));
  const scaled = decimals.map((d) => d.digits * 10n ** BigInt(scale - d.scale));
  const sum = scaled.reduce((a, b) => a + b, 0n);
  if (sum === 0n) throw new RangeError('比例之和不能为0');
  const total = BigInt(totalFen);
  const negative = total < 0n;
  const absTotal = negative ? -total : total;
  const lines: number[] = [];
  let allocated = 0n;
  scaled.forEach((r, i) => {
    if (i === scaled.length - 1) return;
    const product = absTotal * r;
    let share = product / sum;
    if ((product % sum) * 2n >= sum) share += 1n;
    allocated += share;
    lines.push(Number(negative ? -share : share));
  });
  const last = absTotal - allocated;
  lines.push(Number(negative ? -last : last));
  return lines;
}
