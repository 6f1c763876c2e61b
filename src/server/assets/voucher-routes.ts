/** Lane placeholder (issue 23): the vouchers lane replaces this with its calls. */
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';

export function assetVoucherRoutes(_app: App, _db: Db): void {}

export function assetVoucherAccountRoutes(_app: App, _db: Db): void {}
