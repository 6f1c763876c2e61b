/**
 * Voucher templates of a ledger set (the user's own; built-ins are data in templates/ and never
 * stored) and their lines. Every table leads with zt_id; ids are allocated by the server.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  await db.schema
    .createTable('voucher_template')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('policy_basis', 'varchar(500)', (c) => c.notNull())
    .addColumn('memo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('template_type', 'integer', (c) => c.notNull())
    .addColumn('template_sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_month', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_template_pk', ['zt_id', 'id'])
    .execute();
  await db.schema.createIndex('voucher_template_name_uq').on('voucher_template').columns(['zt_id', 'name']).unique().execute();

  await db.schema
    .createTable('voucher_template_line')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('template_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(32)')
    .addColumn('debit_amount', 'bigint')
    .addColumn('credit_amount', 'bigint')
    /** JSON [{ typeNo, infoNo }]. */
    .addColumn('auxis', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('voucher_template_line_pk', ['zt_id', 'template_id', 'line_no'])
    .addForeignKeyConstraint('voucher_template_line_fk', ['zt_id', 'template_id'], 'voucher_template', ['zt_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
}
