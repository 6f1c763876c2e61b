/**
 * Which records of who-did-what an administrator reads (issue 18 §4). The super administrator
 * reads every record. Anyone else reads, of the operation log, the changes that concern a set of
 * its subtree and the changes it made itself; of the access records, the choices of a set of its
 * subtree, every attempt and session of a user who holds a grant in its subtree, and its own.
 * A sign-in names no set, so a failed sign-in under a login name nobody has is the super
 * administrator's alone.
 */
import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { requireManagedSets, subtreeOf, type ManagedScope } from '../admin/scope.js';
import type { FastifyRequest } from 'fastify';

/** The sets a `ztId` filter names (the set and its subtree), after checking the scope holds it. */
export async function filterSets(db: Db, request: FastifyRequest, ztId: number | undefined): Promise<number[] | null> {
  if (ztId === undefined) return null;
  await requireManagedSets(db, request, [ztId]);
  const sets = await db.kysely.selectFrom('zt_info').select(['id', 'upper_id']).execute();
  return [...subtreeOf(ztId, sets)];
}

export function optLogScope(scope: ManagedScope, userId: number) {
  return (eb: ExpressionBuilder<Database, 'admin_log'>): Expression<SqlBool> => {
    if (scope.all) return eb.lit(true);
    const own = eb('admin_log.user_id', '=', userId);
    return scope.ids.size ? eb.or([eb('admin_log.zt_id', 'in', [...scope.ids]), own]) : own;
  };
}

export function accessScope(scope: ManagedScope, userId: number) {
  return (eb: ExpressionBuilder<Database, 'access_record'>): Expression<SqlBool> => {
    if (scope.all) return eb.lit(true);
    const own = eb('access_record.user_id', '=', userId);
    if (!scope.ids.size) return own;
    const ids = [...scope.ids];
    return eb.or([
      eb('access_record.zt_id', 'in', ids),
      eb(
        'access_record.user_id',
        'in',
        eb.selectFrom('user_zt_level').select('user_zt_level.user_id').where('user_zt_level.zt_id', 'in', ids),
      ),
      own,
    ]);
  };
}
