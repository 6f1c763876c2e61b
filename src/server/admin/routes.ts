/** Menu and permission-route calls of the shell. */
import type { FinancialMenuResponse } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { MenuSchemas } from '../../shared/api/schemas/menu.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { authOf } from '../auth/guard.js';
import { grantsFor, pageRoutes } from './menus.js';

export function menuRoutes(app: App, db: Db): void {
  app.get(Paths.getFinancialMenuList, { schema: MenuSchemas.financialMenuList, config: { right: 'none' } }, async (request) => {
    const { user, zt } = authOf(request);
    const grants = await grantsFor(db, user, zt);
    const data: FinancialMenuResponse = { platMenuList: grants.menus, resources: grants.resources };
    return okEnvelope(data);
  });

  app.get(Paths.getPageRouteData, { schema: MenuSchemas.pageRouteData, config: { right: 'none' } }, async (request) => {
    const { user, zt } = authOf(request);
    return okEnvelope(pageRoutes((await grantsFor(db, user, zt)).resources));
  });
}
