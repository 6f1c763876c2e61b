/**
 * Vouchers: categories per ledger set, vouchers with their lines and auxiliary items, the
 * numbering counters, closed periods, common summaries and the audit trail. Every table leads
 * with zt_id; vouchers carry a text id allocated by the server (no global sequence). The default
 * categories are added to every existing ledger set; sets created later get them from
 * seedCertificateTypes() (the demo seed) or, failing that, on first use (ensureCertificateTypes).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { DEFAULT_CERTIFICATE_TYPES } from '../../vouchers/certificate-type-defaults.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const money = 'bigint' as const;

  await db.schema
    .createTable('certificate_type')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('entry', 'varchar(8)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('certificate_type_pk', ['zt_id', 'value'])
    .execute();

  await db.schema
    .createTable('voucher')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('certificate_type', 'integer', (c) => c.notNull())
    .addColumn('pz_no', 'integer', (c) => c.notNull())
    .addColumn('pz_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('number_of_document', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('financial_officer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('bookkeeper', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('cashier', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('prepared_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('reviewer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_book', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_cashier_signed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('debit_total', money, (c) => c.notNull())
    .addColumn('credit_total', money, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_pk', ['zt_id', 'id'])
    .addForeignKeyConstraint('voucher_type_fk', ['zt_id', 'certificate_type'], 'certificate_type', ['zt_id', 'value'])
    .execute();
  // The last line of defence of the numbering: one number per period and category.
  await db.schema
    .createIndex('voucher_number_uq')
    .on('voucher')
    .columns(['zt_id', 'year', 'month', 'certificate_type', 'pz_no'])
    .unique()
    .execute();

  await db.schema
    .createTable('voucher_line')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('voucher_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    // Period copied from the voucher so balances read lines without a join.
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('debit_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('credit_amount', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('voucher_line_pk', ['zt_id', 'voucher_id', 'line_no'])
    .addForeignKeyConstraint('voucher_line_voucher_fk', ['zt_id', 'voucher_id'], 'voucher', ['zt_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('voucher_line_subject_ix')
    .on('voucher_line')
    .columns(['zt_id', 'year', 'subject_code', 'month'])
    .execute();

  await db.schema
    .createTable('voucher_line_auxi')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('voucher_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('type_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('info_no', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_line_auxi_pk', ['zt_id', 'voucher_id', 'line_no', 'type_no'])
    .addForeignKeyConstraint(
      'voucher_line_auxi_line_fk',
      ['zt_id', 'voucher_id', 'line_no'],
      'voucher_line',
      ['zt_id', 'voucher_id', 'line_no'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  // One row per period and category, locked by every numbering write (see vouchers/numbering.ts).
  await db.schema
    .createTable('voucher_counter')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('certificate_type', 'integer', (c) => c.notNull())
    .addColumn('last_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('voucher_counter_pk', ['zt_id', 'year', 'month', 'certificate_type'])
    .execute();

  // Written by the period close; a voucher of a closed month cannot be written.
  await db.schema
    .createTable('period_close')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('closed_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_by', id, (c) => c.notNull())
    .addPrimaryKeyConstraint('period_close_pk', ['zt_id', 'year', 'month'])
    .execute();

  await db.schema
    .createTable('voucher_summary')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_summary_pk', ['zt_id', 'id'])
    .execute();

  await db.schema
    .createTable('voucher_audit')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('voucher_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addPrimaryKeyConstraint('voucher_audit_pk', ['zt_id', 'voucher_id', 'seq'])
    .execute();

  for (const t of DEFAULT_CERTIFICATE_TYPES) {
    await sql`insert into certificate_type (zt_id, value, name, entry, sort)
      select id, ${sql.lit(t.value)}, ${t.name}, ${t.entry}, ${sql.lit(t.sort)} from zt_info`.execute(db);
  }
}
