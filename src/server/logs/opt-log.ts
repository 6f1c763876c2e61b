/** The operation log's list (操作日志): filtered, scoped, newest first, a page or every row in chunks. */
import type { Kysely } from 'kysely';
import type { OptLogExportQuery, OptLogItem } from '../../shared/api/schemas/logs.js';
import { actionText, chinaDayStart, chinaTimeText } from '../../shared/logs/action-names.js';
import type { ManagedScope } from '../admin/scope.js';
import { likeContains, likePrefix } from '../db/like.js';
import type { Database } from '../db/schema.js';
import { optLogScope } from './log-scope.js';

export interface OptLogFilter extends OptLogExportQuery {
  /** The set filter's subtree (null: every set of the scope). */
  ztIds: number[] | null;
}

const DAY_MS = 86_400_000;

function filtered(q: Kysely<Database>, scope: ManagedScope, userId: number, f: OptLogFilter) {
  const loginName = f.loginName?.trim();
  const action = f.action?.trim();
  const summary = f.summary?.trim();
  return q
    .selectFrom('admin_log')
    .where(optLogScope(scope, userId))
    .$if(f.beginDate !== undefined, (s) => s.where('admin_log.at', '>=', chinaDayStart(f.beginDate ?? '')))
    .$if(f.endDate !== undefined, (s) => s.where('admin_log.at', '<', chinaDayStart(f.endDate ?? '') + DAY_MS))
    .$if(!!loginName, (s) => s.where('admin_log.login_name', '=', loginName ?? ''))
    .$if(!!action, (s) =>
      action?.endsWith('.') ? s.where(likePrefix('admin_log.action', action)) : s.where('admin_log.action', '=', action ?? ''),
    )
    .$if(f.ztIds !== null, (s) => s.where('admin_log.zt_id', 'in', f.ztIds ?? []))
    .$if(!!summary, (s) => s.where(likeContains('admin_log.summary', summary ?? '')));
}

export async function listOptLog(
  q: Kysely<Database>,
  scope: ManagedScope,
  userId: number,
  f: OptLogFilter,
  pageIndex: number,
  pageSize: number,
): Promise<{ currentPageItems: OptLogItem[]; totalItemCount: number }> {
  const count = await filtered(q, scope, userId, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await optLogRows(q, scope, userId, f, (pageIndex - 1) * pageSize, pageSize);
  return { currentPageItems: items, totalItemCount: Number(count.n) };
}

export async function optLogRows(
  q: Kysely<Database>,
  scope: ManagedScope,
  userId: number,
  f: OptLogFilter,
  offset: number,
  limit: number,
): Promise<OptLogItem[]> {
  const rows = await filtered(q, scope, userId, f)
    .leftJoin('app_user as u', 'u.id', 'admin_log.user_id')
    .leftJoin('zt_info as z', 'z.id', 'admin_log.zt_id')
    .selectAll('admin_log')
    .select(['u.name as user_name', 'z.name as zt_name'])
    .orderBy('admin_log.at', 'desc')
    .orderBy('admin_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: Number(r.at),
    atText: chinaTimeText(Number(r.at)),
    loginName: r.login_name,
    userName: r.user_name ?? '',
    address: r.address,
    ztId: r.zt_id === null ? null : Number(r.zt_id),
    ztName: r.zt_name ?? '',
    action: r.action,
    actionText: actionText(r.action),
    target: r.target,
    targetId: r.target_id,
    summary: r.summary,
    before: r.before_json,
    after: r.after_json,
  }));
}
