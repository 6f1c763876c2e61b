/**
 * Ledger-set templates (issue 18 §1, tempSave / tempPageList / tempInfo / tempElect / tempDelete):
 * what a configured set adds to the standard chart of its system — chart extensions, auxiliary
 * types and items, voucher templates, carry-forward templates — kept as JSON under a unique name,
 * applied to new sets of the same accounting system. It belongs to no set (no zt_id): deleting or
 * restoring the set it was taken from leaves it as it is.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('zt_template');
  await (
    dialect === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
  )
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('accounting_system', 'varchar(32)', (c) => c.notNull())
    .addColumn('memo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('source_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('source_year', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
