/**
 * 金额线: an amount written one digit per ruled column, as on paper vouchers, under the header
 * 亿 千 百 十 万 千 百 十 元 角 分 (the spec's amount digit header, hundred-million to fen). The
 * editor's cells and the voucher print share these columns so the two read alike.
 */

/** The digit columns from the hundred-million to the fen. */
export const MONEY_LINE_LABELS = ['亿', '千', '百', '十', '万', '千', '百', '十', '元', '角', '分'] as const;

/** Index of the 元 column: the ruled line after it (before 角) is the decimal point. */
export const YUAN_INDEX = MONEY_LINE_LABELS.indexOf('元');

export interface MoneyLineDigits {
  /** One entry per column: a digit, or '' left of the amount's first digit. */
  digits: string[];
  negative: boolean;
}

/**
 * The amount's digits in the columns; null for no amount (a zero or an empty cell shows blank, as
 * on paper) or one too large for the columns (the caller shows it as plain text).
 */
export function moneyLineDigits(fen: unknown): MoneyLineDigits | null {
  if (typeof fen !== 'number' || !Number.isSafeInteger(fen) || fen === 0) return null;
  const text = String(Math.abs(fen)).padStart(3, '0');
  if (text.length > MONEY_LINE_LABELS.length) return null;
  const digits = [...text.padStart(MONEY_LINE_LABELS.length, ' ')].map((d) => (d === ' ' ? '' : d));
  return { digits, negative: fen < 0 };
}
