/**
 * Whether a user ever worked on vouchers (made, reviewed, booked, signed one, or closed a month):
 * such a user is never deleted (the books keep who did what). The trail is a ledger table, so it
 * is asked set by set (every statement on a ledger table names one set, db/ledger-tables.ts), in
 * the sets the user could have worked in: a user works in a set only through a session on it, and
 * choosing a set is recorded in the access record in the choice's transaction (auth/routes.ts);
 * the sets granted now, the home set and the sessions' sets cover what was written otherwise (the
 * demo's books, a grant not yet used).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

async function setsUserCouldWorkIn(q: Kysely<Database>, userId: number, homeZtId: number | null): Promise<number[]> {
  const chosen = await q
    .selectFrom('access_record')
    .select('zt_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('kind', '=', 'select')
    .where('reason', '=', 'ok')
    .execute();
  const granted = await q.selectFrom('user_zt_level').select('zt_id').where('user_id', '=', userId).execute();
  const sessions = await q.selectFrom('session').select('zt_id').distinct().where('user_id', '=', userId).execute();
  const sets = new Set<number>([...chosen, ...granted, ...sessions].flatMap((r) => (r.zt_id === null ? [] : [r.zt_id])));
  if (homeZtId !== null) sets.add(homeZtId);
  return [...sets].sort((a, b) => a - b);
}

export async function workedOnVouchers(q: Kysely<Database>, userId: number, homeZtId: number | null): Promise<boolean> {
  for (const ztId of await setsUserCouldWorkIn(q, userId, homeZtId)) {
    const worked =
      (await q
        .selectFrom('voucher_audit')
        .select('zt_id')
        .where('zt_id', '=', ztId)
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst()) ??
      (await q
        .selectFrom('voucher')
        .select('zt_id')
        .where('zt_id', '=', ztId)
        .where('created_by', '=', userId)
        .limit(1)
        .executeTakeFirst()) ??
      (await q
        .selectFrom('period_close')
        .select('zt_id')
        .where('zt_id', '=', ztId)
        .where('closed_by', '=', userId)
        .limit(1)
        .executeTakeFirst());
    if (worked) return true;
  }
  return false;
}
