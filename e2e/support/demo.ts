/**
 * The demo data the server seeds on a fresh data directory: FACTORY has books in 2026 (openings,
 * the first quarter's vouchers, January closed: src/server/seed/demo-factory.ts); CITY and SCHOOL
 * are empty, their subjects not initialised.
 */
export const CITY = '示范市总工会';
export const FACTORY = '示范市第一机械厂工会';
export const SCHOOL = '示范市实验中学工会';

export const ACCOUNTS = {
  admin: { loginName: 'admin', password: 'Admin@123' },
  kuaiji: { loginName: 'kuaiji', password: 'Kuaiji@123' },
  shenhe: { loginName: 'shenhe', password: 'Shenhe@123' },
  chuna: { loginName: 'chuna', password: 'Chuna@123' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

export const SCREENS_DIR = 'test-results/screens';

/** Login notice and page title of the second e2e server (LIMIT_INFO, APP_TITLE). */
export const LIMIT_NOTICE = '系统将于今晚 22:00 停机维护，请提前保存数据。';
export const LIMIT_TITLE = '示范市工会财务';
