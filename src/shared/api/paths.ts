/**
 * Paths of the calls, as the spec writes them, with their module base. Client and server both
 * import these, so a path cannot be spelled two ways.
 */
export const MODULE_BASES = [
  '',
  '/account',
  '/userCenter',
  '/usercenter',
  '/bill',
  '/files',
  '/fixedassets',
  '/budget',
  '/final',
] as const;
export type ModuleBase = (typeof MODULE_BASES)[number];

/** True for any API path under any module base: what the server answers with JSON, never the app page. */
export function isApiPath(pathname: string): boolean {
  return /^\/(?:(?:account|userCenter|usercenter|bill|files|fixedassets|budget|final)\/)?api(?:\/|$)/.test(pathname);
}

export const Paths = {
  // auth (root)
  getValidateCode: '/api/auth/getValidateCode',
  logOn: '/api/auth/logOn',
  logOut: '/api/auth/logOut',
  getInfo: '/api/auth/getInfo',
  setUserZtLevel: '/api/auth/setUserZtLevel',
  determineThePasswordHasExpired: '/api/auth/determineThePasswordHasExpired',
  getPageRouteData: '/api/auth/getPageRouteData',
  /** Spec: "Financial-state check: no payload"; path not shown, ours. */
  financialState: '/api/auth/financialState',
  updatePassword: '/api/user/updatePassword',
  getFinancialMenuList: '/api/menu/getFinancialMenuList',
  config: '/api/config',
  // user center
  ztElect: '/userCenter/api/ztInfo/elect',
  ztInfoTree: '/userCenter/api/ztInfo/getZtInfoTree',
  ztInfo: '/userCenter/api/ztInfo', // GET /{id}
  // accounting
  subjectList: '/account/api/subject',
  sysInfo: '/account/api/certificate/sysInfo',
} as const;

/** Header carrying the captcha key of getValidateCode, sent back as captchaKey at logOn. */
export const CAPTCHA_KEY_HEADER = 'x-captcha-key';
/** Header carrying the request id, on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
