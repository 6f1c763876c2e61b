/**
 * Carry-forward templates (template type 4): the head gains the voucher summary, the template's
 * amount type (转出金额) and, for an edited built-in, the id of the built-in it replaces (that
 * built-in is then no longer offered, so the two never both carry the same balances). Rows live
 * in their own table: carry-out subject and items, amount type, carry-in subject and items.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema
    .alterTable('voucher_template')
    .addColumn('summary', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('voucher_template')
    .addColumn('carry_over_amount_type', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('voucher_template').addColumn('replaces_built_in', 'varchar(80)').execute();

  await db.schema
    .createTable('carry_forward_line')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('template_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(32)', (c) => c.notNull())
    /** JSON [{ typeNo, infoNo }]. */
    .addColumn('auxis', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('carry_over_amount_type', 'integer', (c) => c.notNull())
    .addColumn('into_subject_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('into_auxis', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('carry_forward_line_pk', ['zt_id', 'template_id', 'line_no'])
    .addForeignKeyConstraint('carry_forward_line_fk', ['zt_id', 'template_id'], 'voucher_template', ['zt_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
}
