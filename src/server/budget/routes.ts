/**
 * The budget module's calls (base /budget, the spec's module prefix; issue 21). Each part of the
 * module registers its own calls here.
 */
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { budgetPlanRoutes } from './plan-routes.js';
import { budgetReportRoutes } from './report-routes.js';
import { budgetSetupRoutes } from './setup-routes.js';
import { budgetVoucherRoutes } from './voucher-routes.js';

export function budgetRoutes(app: App, db: Db): void {
  budgetSetupRoutes(app, db);
  budgetPlanRoutes(app, db);
  budgetVoucherRoutes(app, db);
  budgetReportRoutes(app, db);
}
