/**
 * The transition module's calls (issue 22; base /account, as the spec's subject and certificate calls). Each
 * part of the module registers its own calls here.
 */
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { transitionExportRoutes } from './export-routes.js';
import { reconcileRoutes } from './reconcile-routes.js';
import { worksheetRoutes } from './worksheet-routes.js';
import { zeroVoucherRoutes } from './zero-voucher-routes.js';

export function transitionRoutes(app: App, db: Db): void {
  worksheetRoutes(app, db);
  zeroVoucherRoutes(app, db);
  transitionExportRoutes(app, db);
  reconcileRoutes(app, db);
}
