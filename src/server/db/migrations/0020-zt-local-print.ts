/**
 * The ledger set's local-printing flag (issue 18 §1, the spec's saveLocalizationPrint): whether
 * the set's vouchers are printed on the user's own printer settings rather than the server's PDF
 * defaults. Kept with the set and shown in 账套管理; 0 for every set made before.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('zt_info')
    .addColumn('save_localization_print', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
