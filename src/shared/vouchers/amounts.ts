/**
 * Voucher amounts on the wire: yuan with at most two decimals (a number such as 1234.5 or a string
 * such as '1234.50'), converted to integer fen in exactly this one place on each side.
 *
 * What must stay true:
 * - A number is read through its shortest round-trip string (the decimal the user meant), then
 *   parsed like typed text by parseAmount, so 0.1 + 0.2 (0.30000000000000004) is refused rather
 *   than rounded, and extra decimals are never rounded away.
 * - The cap is MONEY_CAP_FEN (99999999999.99 yuan) on the absolute value.
 * - fenToYuan gives the number whose shortest string is the exact two-decimal yuan amount.
 */
import { MONEY_CAP_FEN, MONEY_MESSAGES, assertSafeFen, fenToYuanString, parseAmount } from '../money.js';
import type { YuanAmount } from '../api/vouchers.js';

export type YuanToFenResult = { ok: true; fen: number } | { ok: false; message: string };

/** Yuan as it travels (number or string) to integer fen; refuses more than two decimals and the cap. */
export function yuanToFen(yuan: YuanAmount): YuanToFenResult {
  if (typeof yuan === 'number') {
    if (!Number.isFinite(yuan)) return { ok: false, message: MONEY_MESSAGES.format };
    const text = String(yuan);
    // Exponent notation: tiny fractions (1e-7) have too many decimals, huge numbers exceed the cap.
    if (/e/i.test(text)) {
      return { ok: false, message: Math.abs(yuan) >= 1 ? MONEY_MESSAGES.cap(MONEY_CAP_FEN) : MONEY_MESSAGES.decimals };
    }
    return parseAmount(text, MONEY_CAP_FEN);
  }
  if (typeof yuan !== 'string') return { ok: false, message: MONEY_MESSAGES.format };
  return parseAmount(yuan, MONEY_CAP_FEN);
}

/** An optional amount of a line (null, undefined, '' and 0 mean none) to fen or null. */
export function optionalYuanToFen(yuan: YuanAmount | null | undefined): YuanToFenResult | { ok: true; fen: null } {
  if (yuan === null || yuan === undefined) return { ok: true, fen: null };
  if (typeof yuan === 'string' && yuan.trim() === '') return { ok: true, fen: null };
  const result = yuanToFen(yuan);
  if (result.ok && result.fen === 0) return { ok: true, fen: null };
  return result;
}

/** Integer fen to yuan as a number (1234.5 for 123450 fen), exact through its decimal string. */
export function fenToYuan(fen: number): number {
  assertSafeFen(fen);
  return Number(fenToYuanString(fen));
}
