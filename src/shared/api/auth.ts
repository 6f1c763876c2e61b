/** Request and response shapes of the sign-in, session and shell calls (spec doc 1, section 3 and 7), declared in ./schemas. */
export type {
  AuthInfo,
  LogOnRequest,
  LogOnResponse,
  SetUserZtLevelRequest,
  SetUserZtLevelResponse,
  UpdatePasswordRequest,
} from './schemas/auth.js';
export type { FinancialMenuResponse, MenuNode, PageRoute, ResourceItem } from './schemas/menu.js';
export type { ServerConfig } from './schemas/system.js';
export type { AccountingSystem, ZtElectItem, ZtInfo } from './schemas/zt.js';
