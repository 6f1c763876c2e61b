/**
 * An amount in Chinese financial capitals (人民币大写), as written on vouchers and cheques.
 *
 * Conventions (the People's Bank of China rules for filling in bills):
 * - digits 零壹贰叁肆伍陆柒捌玖, units 拾佰仟 inside a four-digit section, sections 万 and 亿
 *   (10^12 is 壹万亿); 拾 always carries its digit (10 is 壹拾元整);
 * - one 零 for any run of zeros between non-zero digits, including a zero run that starts a
 *   section after a non-zero higher section (100010001 is 壹亿零壹万零壹元), none at the end;
 * - 整 after 元 or 角 when there is no 分; with 分 there is no 整; zero 角 between 元 and 分 is
 *   written 零 (1.05 is 壹元零伍分); an amount under one yuan starts at its first non-zero unit
 *   (0.05 is 伍分); zero is 零元整; a negative amount is prefixed 负;
 * - |amount| >= 10^15 yuan answers 超出最大处理数字 (spec).
 *
 * Works on integer fen as bigint so that amounts near the limit stay exact.
 */
import { roundDecimal, toDecimal } from '../src/shared/money.js';

export const CAPITALS_TOO_LARGE = '超出最大处理数字';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const SECTION_UNITS = ['', '拾', '佰', '仟'] as const;
const LIMIT_FEN = 10n ** 17n;

function digit(n: bigint | number): string {
  return DIGITS[Number(n)] ?? '';
}

/** 1..9999 within a section; zeros between digits become one 零, trailing zeros vanish. */
function section(n: number): string {
  let out = '';
  let pendingZero = false;
  for (let pos = 3; pos >= 0; pos--) {
    const d = Math.floor(n / 10 ** pos) % 10;
    if (d === 0) {
      if (out !== '') pendingZero = true;
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += digit(d) + (SECTION_UNITS[pos] ?? '');
  }
  return out;
}

/** A positive integer of yuan below 10^15. */
function integerPart(n: bigint): string {
  if (n >= 100_000_000n) {
    const high = n / 100_000_000n;
    const low = n % 100_000_000n;
    if (low === 0n) return `${integerPart(high)}亿`;
    return `${integerPart(high)}亿${low < 10_000_000n ? '零' : ''}${integerPart(low)}`;
  }
  const value = Number(n);
  if (value >= 10_000) {
    const high = Math.floor(value / 10_000);
    const low = value % 10_000;
    if (low === 0) return `${section(high)}万`;
    return `${section(high)}万${low < 1000 ? '零' : ''}${section(low)}`;
  }
  return section(value);
}

/** Integer fen to Chinese capitals. */
export function amountToChineseCapitals(fen: number | bigint): string {
  if (typeof fen === 'number' && !Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数(分): ${fen}`);
  const signed = BigInt(fen);
  const negative = signed < 0n;
  const abs = negative ? -signed : signed;
  if (abs >= LIMIT_FEN) return CAPITALS_TOO_LARGE;
  if (abs === 0n) return '零元整';
  const yuan = abs / 100n;
  const jiao = (abs / 10n) % 10n;
  const fenDigit = abs % 10n;
  let out = yuan > 0n ? `${integerPart(yuan)}元` : '';
  if (jiao > 0n) out += `${digit(jiao)}角`;
  else if (fenDigit > 0n && yuan > 0n) out += '零';
  out += fenDigit > 0n ? `${digit(fenDigit)}分` : '整';
  return (negative ? '负' : '') + out;
}

/**
 * An amount in yuan (a number or a decimal string) to capitals, rounded half-up to the fen
 * first; null when it is not a number.
 */
export function yuanToChineseCapitals(yuan: number | string): string | null {
  const d = toDecimal(yuan);
  if (!d) return null;
  return amountToChineseCapitals(roundDecimal(d, 2));
}
