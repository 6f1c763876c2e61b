/**
 * The heading of a server-side export from its request: 编制单位 and 账套 from the session's
 * ledger set (the union keeps its name there), the exporter from the signed-in user, the time
 * now. The route names the title, the period and the filters of the query it answers.
 */
import type { FastifyRequest } from 'fastify';
import type { ExportFilter, ExportHeading } from '../../../grids/workbook/heading.js';
import { authOf, ztOf } from '../auth/guard.js';

export function exportHeadingOf(
  request: FastifyRequest,
  title: string,
  period: string,
  filters: readonly ExportFilter[] = [],
): ExportHeading {
  const zt = ztOf(request);
  return {
    title,
    unit: zt.name,
    ledgerSet: zt.name,
    period,
    filters,
    exportedBy: authOf(request).user.name,
    exportedAt: new Date(),
  };
}
