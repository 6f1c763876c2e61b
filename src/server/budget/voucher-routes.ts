/**
 * The voucher editor's budget call (lane "voucher" of issue 21): a project's indicator tree for
 * the two-table voucher's indicator picker. Read by the voucher editor's page; the project must be
 * a budget detail of the session's set (else 4015).
 */
import { BudgetVoucherSchemas } from '../../shared/api/schemas/budget-voucher.js';
import { okEnvelope } from '../../shared/envelope.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { indicatorTree, readIndicators } from './voucher-indicators.js';

export function budgetVoucherRoutes(app: App, db: Db): void {
  app.get(
    '/api/budgettarget/voucherIndicators',
    { schema: BudgetVoucherSchemas.indicators, ...onLedger(Right.pages(Page.voucherAdd)) },
    async (request) => {
      const ztId = ztOf(request).id;
      const { budgetId } = request.query;
      const project = await db.kysely
        .selectFrom('budget_project')
        .select('id')
        .where('zt_id', '=', ztId)
        .where('id', '=', budgetId)
        .executeTakeFirst();
      if (!project) refuse('NotFound', '预算项目不存在');
      return okEnvelope(indicatorTree(await readIndicators(db.kysely, ztId, [budgetId])));
    },
  );
}
