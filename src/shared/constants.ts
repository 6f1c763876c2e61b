/** Business constants and limits of the spec (doc 1 section 9, doc 2 section 9). */
export const REQUEST_TIMEOUT_MS = 36e5;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MESSAGE_BOX = { width: '400px', top: '28vh', autoCloseMs: 3000, closeDelayMs: 200 } as const;
export const PAGE_SIZES = [20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const UPLOAD_MAX_BYTES = 52_428_800;
export const DATE_FORMAT = 'yyyy-MM-dd';
export const FINANCIAL_INSTITUTION_NEW = 3;
/** The government system's institution (政府会计制度); the union system is the new mode, 3. */
export const FINANCIAL_INSTITUTION_GOVERNMENT = 2;
/** A set's financialInstitution (auth info) by its accounting system. */
export function financialInstitutionOf(system: string): number {
  return system === 'government' ? FINANCIAL_INSTITUTION_GOVERNMENT : FINANCIAL_INSTITUTION_NEW;
}
export const BALANCE_DIRECTION = { debit: 1, credit: 2 } as const;
export type BalanceDirection = 1 | 2;
export const HOME_PATH = '/home';
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
