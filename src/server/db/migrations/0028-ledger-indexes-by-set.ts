/**
 * Every index of a ledger table leads with zt_id (db/ledger-tables.ts): a sharded table's index
 * lives on each shard, and a statement routed to one set's shard names the set first. The trail
 * was indexed by user alone (migration 0022, for "has this user worked on vouchers anywhere");
 * that question is now asked set by set (users/worked-on-vouchers.ts), so the index leads with
 * the set.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('voucher_audit_user_idx').execute();
  await db.schema.createIndex('voucher_audit_zt_user_idx').on('voucher_audit').columns(['zt_id', 'user_id']).execute();
}
