/**
 * Who did what (issue 18 §4): the operation log (操作日志) and the access records (访问记录),
 * each a paged, filtered list and its workbook. Reads need the page, exports its export button;
 * every list is cut to the reader's scope (log-scope.ts), and a set named in a filter must be in
 * it (4005).
 */
import type { FastifyRequest } from 'fastify';
import { Paths } from '../../shared/api/paths.js';
import { LogSchemas } from '../../shared/api/schemas/logs.js';
import { ACTION_AREAS, actionText } from '../../shared/logs/action-names.js';
import { okEnvelope } from '../../shared/envelope.js';
import {
  accessAddressGrid,
  accessDetailGrid,
  toAccessAddressRow,
  toAccessDetailRow,
} from '../../../grids/user-center/access-record.js';
import { optLogGrid, toOptLogRow } from '../../../grids/user-center/opt-log.js';
import type { ExportFilter } from '../../../grids/workbook/heading.js';
import { requestScope } from '../admin/scope.js';
import { authOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { ACCESS_KINDS } from './access-record.js';
import { accessAddresses, accessDetails, countAccess, countAddresses, type AccessFilter } from './access-list.js';
import { logHeading, periodOf, sendLogWorkbook } from './log-export.js';
import { filterSets } from './log-scope.js';
import { listOptLog, optLogRows, type OptLogFilter } from './opt-log.js';
import type { OptLogExportQuery } from '../../shared/api/schemas/logs.js';

/** The path under the user-center base the routes are registered in. */
const local = (path: string) => path.slice('/userCenter'.length);

const RESULT_TEXT = { all: '全部', success: '成功', failure: '失败' } as const;

export function logRoutes(app: App, db: Db): void {
  const q = db.kysely;
  const reader = async (request: FastifyRequest) => ({ scope: await requestScope(db, request), userId: authOf(request).user.id });
  const optFilter = async (request: FastifyRequest, query: OptLogExportQuery): Promise<OptLogFilter> => ({
    ...query,
    ztIds: await filterSets(db, request, query.ztId),
  });

  app.get(
    local(Paths.getSystemOptLogList),
    { schema: LogSchemas.optLogList, config: { right: Right.pages(Page.logCenter) } },
    async (request) => {
      const { pageIndex = 1, pageSize = 20, ...query } = request.query;
      const { scope, userId } = await reader(request);
      return okEnvelope(await listOptLog(q, scope, userId, await optFilter(request, query), pageIndex, pageSize));
    },
  );

  app.get(
    local(Paths.optLogExport),
    { schema: LogSchemas.optLogExport, config: { right: Right.buttons([[Page.logCenter, 'export']]) } },
    async (request, reply) => {
      const { scope, userId } = await reader(request);
      const f = await optFilter(request, request.query);
      const filters: ExportFilter[] = [];
      if (f.loginName?.trim()) filters.push({ label: '登录名', value: f.loginName.trim() });
      const action = f.action?.trim();
      if (action) filters.push({ label: '操作', value: ACTION_AREAS[action] ?? actionText(action) });
      if (f.ztId !== undefined) {
        const zt = await q.selectFrom('zt_info').select('name').where('id', '=', f.ztId).executeTakeFirst();
        filters.push({ label: '账套', value: `${zt?.name ?? f.ztId}及下级` });
      }
      if (f.summary?.trim()) filters.push({ label: '摘要包含', value: f.summary.trim() });
      const heading = logHeading(request, optLogGrid.export.title, periodOf(f.beginDate, f.endDate), filters);
      return sendLogWorkbook(reply, optLogGrid, heading, async (offset, limit) =>
        (await optLogRows(q, scope, userId, f, offset, limit)).map(toOptLogRow),
      );
    },
  );

  app.get(
    local(Paths.requestIP),
    { schema: LogSchemas.accessAddresses, config: { right: Right.pages(Page.accessRecord) } },
    async (request) => {
      const { pageIndex = 1, pageSize = 20, ...f } = request.query;
      const { scope, userId } = await reader(request);
      return okEnvelope({
        currentPageItems: await accessAddresses(q, scope, userId, f, (pageIndex - 1) * pageSize, pageSize),
        totalItemCount: await countAddresses(q, scope, userId, f),
      });
    },
  );

  app.get(
    local(Paths.requestIPDetails),
    { schema: LogSchemas.accessDetails, config: { right: Right.pages(Page.accessRecord) } },
    async (request) => {
      const { pageIndex = 1, pageSize = 20, ...f } = request.query;
      const { scope, userId } = await reader(request);
      return okEnvelope({
        currentPageItems: await accessDetails(q, scope, userId, f, (pageIndex - 1) * pageSize, pageSize),
        totalItemCount: await countAccess(q, scope, userId, f),
      });
    },
  );

  app.get(
    local(Paths.requestIPExport),
    { schema: LogSchemas.accessExport, config: { right: Right.buttons([[Page.accessRecord, 'export']]) } },
    async (request, reply) => {
      const { view = 'details', ...f } = request.query;
      const { scope, userId } = await reader(request);
      const filters = accessFilters(f);
      const period = periodOf(f.beginDate, f.endDate);
      if (view === 'addresses') {
        const heading = logHeading(request, accessAddressGrid.export.title, period, filters);
        return sendLogWorkbook(reply, accessAddressGrid, heading, async (offset, limit) =>
          (await accessAddresses(q, scope, userId, f, offset, limit)).map(toAccessAddressRow),
        );
      }
      const heading = logHeading(request, accessDetailGrid.export.title, period, filters);
      return sendLogWorkbook(reply, accessDetailGrid, heading, async (offset, limit) =>
        (await accessDetails(q, scope, userId, f, offset, limit)).map(toAccessDetailRow),
      );
    },
  );
}

function accessFilters(f: AccessFilter): ExportFilter[] {
  const filters: ExportFilter[] = [];
  if (f.loginName?.trim()) filters.push({ label: '登录名包含', value: f.loginName.trim() });
  if (f.address?.trim()) filters.push({ label: '来源地址', value: f.address.trim() });
  if (f.kind) filters.push({ label: '类别', value: ACCESS_KINDS[f.kind] });
  if (f.result && f.result !== 'all') filters.push({ label: '结果', value: RESULT_TEXT[f.result] });
  return filters;
}
