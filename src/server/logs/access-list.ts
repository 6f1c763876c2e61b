/** The access records' lists (访问记录): per address (requestIP) and every record (getDetailsList), scoped. */
import type { Kysely } from 'kysely';
import type { AccessAddressItem, AccessDetailItem, AccessExportQuery } from '../../shared/api/schemas/logs.js';
import { chinaDayStart, chinaTimeText } from '../../shared/logs/action-names.js';
import type { ManagedScope } from '../admin/scope.js';
import { likeContains } from '../db/like.js';
import type { Database } from '../db/schema.js';
import { ACCESS_KINDS, accessReasonText } from './access-record.js';
import { accessScope } from './log-scope.js';

export type AccessFilter = Omit<AccessExportQuery, 'view'>;

const DAY_MS = 86_400_000;

function filtered(q: Kysely<Database>, scope: ManagedScope, userId: number, f: AccessFilter) {
  const loginName = f.loginName?.trim();
  const address = f.address?.trim();
  return q
    .selectFrom('access_record')
    .where(accessScope(scope, userId))
    .$if(f.beginDate !== undefined, (s) => s.where('access_record.at', '>=', chinaDayStart(f.beginDate ?? '')))
    .$if(f.endDate !== undefined, (s) => s.where('access_record.at', '<', chinaDayStart(f.endDate ?? '') + DAY_MS))
    .$if(!!loginName, (s) => s.where(likeContains('access_record.login_name', loginName ?? '')))
    .$if(!!address, (s) => s.where('access_record.address', '=', address ?? ''))
    .$if(f.kind !== undefined, (s) => s.where('access_record.kind', '=', f.kind ?? ''))
    .$if(f.result === 'success', (s) => s.where('access_record.success', '=', 1))
    .$if(f.result === 'failure', (s) => s.where('access_record.success', '=', 0));
}

export async function countAccess(q: Kysely<Database>, scope: ManagedScope, userId: number, f: AccessFilter): Promise<number> {
  const row = await filtered(q, scope, userId, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function accessDetails(
  q: Kysely<Database>,
  scope: ManagedScope,
  userId: number,
  f: AccessFilter,
  offset: number,
  limit: number,
): Promise<AccessDetailItem[]> {
  const rows = await filtered(q, scope, userId, f)
    .leftJoin('app_user as u', 'u.id', 'access_record.user_id')
    .leftJoin('zt_info as z', 'z.id', 'access_record.zt_id')
    .selectAll('access_record')
    .select(['u.name as user_name', 'z.name as zt_name'])
    .orderBy('access_record.at', 'desc')
    .orderBy('access_record.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: Number(r.at),
    atText: chinaTimeText(Number(r.at)),
    kind: r.kind,
    kindText: (ACCESS_KINDS as Record<string, string>)[r.kind] ?? r.kind,
    loginName: r.login_name,
    userId: r.user_id === null ? null : Number(r.user_id),
    userName: r.user_name ?? '',
    address: r.address,
    ztId: r.zt_id === null ? null : Number(r.zt_id),
    ztName: r.zt_name ?? '',
    success: !!r.success,
    reason: r.reason,
    reasonText: accessReasonText(r.reason),
    userAgent: r.user_agent,
  }));
}

/** Sign-in attempts per address (the kind filter does not apply: the summary counts sign-ins), most recent first. */
function byAddress(q: Kysely<Database>, scope: ManagedScope, userId: number, f: AccessFilter) {
  return filtered(q, scope, userId, { ...f, kind: 'login', result: 'all' }).groupBy('access_record.address');
}

export async function countAddresses(q: Kysely<Database>, scope: ManagedScope, userId: number, f: AccessFilter): Promise<number> {
  const row = await q
    .selectFrom(byAddress(q, scope, userId, f).select('access_record.address').as('a'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function accessAddresses(
  q: Kysely<Database>,
  scope: ManagedScope,
  userId: number,
  f: AccessFilter,
  offset: number,
  limit: number,
): Promise<AccessAddressItem[]> {
  const rows = await byAddress(q, scope, userId, f)
    .select((eb) => [
      'access_record.address',
      eb.fn.countAll<number | string>().as('logins'),
      eb.fn.sum<number | string>('access_record.success').as('successes'),
      eb.fn.count<number | string>('access_record.login_name').distinct().as('users'),
      eb.fn.max<number | string>('access_record.at').as('last_at'),
    ])
    .orderBy('last_at', 'desc')
    .orderBy('access_record.address')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => {
    const logins = Number(r.logins);
    const successes = Number(r.successes ?? 0);
    return {
      address: r.address,
      logins,
      successes,
      failures: logins - successes,
      users: Number(r.users),
      lastAt: Number(r.last_at),
      lastAtText: chinaTimeText(Number(r.last_at)),
    };
  });
}
