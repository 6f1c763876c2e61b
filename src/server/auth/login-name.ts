/**
 * One account, one spelling: what a user types in the login-name box is normalised before the
 * account is looked up and before failures are counted, so padding or another width of the same
 * letters neither misses the account nor escapes its lock.
 *   - NFKC: full-width letters and digits (ａｄｍｉｎ, typed with a Chinese IME) and the
 *     ideographic space become their ASCII forms;
 *   - invisible format characters (zero-width space and joiners, U+200B-U+200F, U+FEFF...) go;
 *   - surrounding white space goes.
 * Login names stay case-sensitive for the lookup (no two accounts become one), but failures are
 * counted per case-folded name, so 'ADMIN' cannot be used to try more passwords on 'admin'.
 */
export function normaliseLoginName(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim();
}

/** The key failed sign-ins of a login name are counted under. */
export function throttleKeyOf(typed: string): string {
  return normaliseLoginName(typed).toLowerCase();
}
