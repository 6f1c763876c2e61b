/** Request and response shapes of the sign-in, session and shell calls (spec doc 1, section 3 and 7). */

export interface LogOnRequest {
  loginName: string;
  password: string;
  captcha: string;
  /** Key of the captcha image, read from the X-Captcha-Key header of getValidateCode. */
  captchaKey: string;
}

export interface LogOnResponse {
  token: string;
  /** Per-session HMAC key for authEncryptKey (64 hex characters, 256 bits). */
  signKey: string;
  loginName: string;
  name: string;
  isAdmin: boolean;
  /** true for an initial or reset password, or when periodic expiry is on and due. */
  passwordExpired: boolean;
}

export interface UpdatePasswordRequest {
  oldPassword: string;
  newPassword: string;
}

export interface ResourceItem {
  href: string;
  titleName: string;
  /** Button permissions granted on that page, e.g. ['add', 'edit', 'delete']. */
  resourceList: string[];
}

export interface MenuNode {
  id: number;
  href: string;
  titleName: string;
  icon: string | null;
  children: MenuNode[];
}

export interface AuthInfo {
  loginName: string;
  name: string;
  isAdmin: boolean;
  /** Session year, null until a ledger set is chosen. */
  year: number | null;
  ztId: number | null;
  ztName: string | null;
  /** The user's level (role) name in the session ledger set. */
  userLevel: string | null;
  /** Accounting system of the ledger set: 3 marks the new financial institution mode (union 2021 system). */
  financialInstitution: number | null;
  accountingSystem: AccountingSystem | null;
  fileUploadContentLength: number;
  fileUploadAllContentLength: number;
  userZtData: { name: string; isOpenLocalizationPrint: boolean } | null;
  voucherTemplate: string | null;
  whetherOpenMonthEndCarryover: boolean;
  resources: { usercenter: ResourceItem[]; financial: ResourceItem[] };
  keyCode: string | null;
  whetherOpenSecretKey: boolean;
  isDeptLocalizationPrint: boolean;
  isZJ: boolean;
  isStreetAccounting: boolean;
  isCheckCertificateSign: boolean;
  platMenuList: MenuNode[];
  financialList: { financialValue: number; name: string }[];
}

export type { ServerConfig } from './schemas/system.js';

/** The accounting system a ledger set keeps its books in. */
export type AccountingSystem = 'union-grassroots' | 'union-county' | 'government';

export interface ZtElectItem {
  id: number;
  name: string;
  code: string;
  upperId: number | null;
  /** Years the user may open in this ledger set, newest first. */
  years: number[];
  accountingSystem: AccountingSystem;
  level: number;
}

export interface SetUserZtLevelRequest {
  ztId: number;
  year: number;
}

export interface PageRoute {
  path: string;
  name: string;
  title: string;
  resourceList: string[];
}

export interface FinancialMenuResponse {
  platMenuList: MenuNode[];
  resources: ResourceItem[];
}

/** Ledger-set entity (spec ztInfo). */
export interface ZtInfo {
  id: number;
  name: string;
  code: string;
  expireTime: string | null;
  level: number;
  enable: boolean;
  isImproveUnit: boolean;
  isAssetCheck: boolean;
  upperId: number | null;
  accountingSystem: AccountingSystem;
  children?: ZtInfo[];
}
