/**
 * Funds accounting between union levels (issue 20, 经费核算).
 *
 * - funds_unit: a unit whose union funds reach this set. kind 'org' is a funding organisation of
 *   a 县级以上 set (isZJ: code, type 1 remit upward or 2 union funds, tax id, people, address);
 *   kind 'lower' is a unit of the funds accounting dialog: a ledger set of the tree
 *   (lower_zt_id) or a unit outside the product keyed by hand (hand 1, its code and name typed).
 *   The code is also the unit's item of the 经费单位 (JFDW) auxiliary type, hence 20 characters.
 * - funds_ratio: the unit's ratios, kept per period: a row applies from (from_year, from_month)
 *   until the next row of the unit, so last year's vouchers keep last year's split. Ratios are
 *   integers in parts per million of the whole (60% = 600000), never floats; subjects are codes
 *   of the set's chart (null: the set's default subject for that share, funds_setting).
 * - funds_setting: the set's default subject for each share.
 * - funds_receipt: a row of the funds-entry grid (one receipt: unit, amount in fen, counterpart
 *   subject, payment date, period), its shares in fen once its voucher is generated, and that
 *   voucher's id.
 *
 * Every primary key and index leads with zt_id: these are ledger tables (db/ledger-tables.ts).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const ratio = 'integer' as const;
  const money = 'bigint' as const;

  await db.schema
    .createTable('funds_unit')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('lower_zt_id', id)
    .addColumn('hand', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('same_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('funding_type', 'integer')
    .addColumn('tax_id', 'varchar(30)')
    .addColumn('ceo', 'varchar(50)')
    .addColumn('cfo', 'varchar(50)')
    .addColumn('phone', 'varchar(30)')
    .addColumn('zip', 'varchar(10)')
    .addColumn('address', 'varchar(200)')
    .addColumn('number_of_units', 'integer')
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('funds_unit_pk', ['zt_id', 'id'])
    .execute();
  await db.schema.createIndex('funds_unit_code_idx').on('funds_unit').columns(['zt_id', 'code']).unique().execute();

  await db.schema
    .createTable('funds_ratio')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('unit_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('from_year', 'integer', (c) => c.notNull())
    .addColumn('from_month', 'integer', (c) => c.notNull())
    // The part of the unit's funds that reaches this set: 100% for a same-level unit, the lower
    // unit's upper-remittance ratio (lowerLevelUpperSolutionRatio, or an org's sjrate) otherwise.
    .addColumn('base_ppm', ratio, (c) => c.notNull())
    .addColumn('retained_ppm', ratio, (c) => c.notNull().defaultTo(0))
    .addColumn('superior_one_ppm', ratio, (c) => c.notNull().defaultTo(0))
    .addColumn('superior_two_ppm', ratio, (c) => c.notNull().defaultTo(0))
    .addColumn('lower_ppm', ratio, (c) => c.notNull().defaultTo(0))
    .addColumn('preparatory_ppm', ratio, (c) => c.notNull().defaultTo(0))
    .addColumn('small_business_ppm', ratio, (c) => c.notNull().defaultTo(0))
    .addColumn('collection_fee_ppm', ratio, (c) => c.notNull().defaultTo(0))
    // The lower unit's own retention (proportionLowerLevel / lcrate): shown, not split here.
    .addColumn('lower_retention_ppm', ratio)
    .addColumn('retained_subject', 'varchar(40)')
    .addColumn('superior_one_subject', 'varchar(40)')
    .addColumn('superior_two_subject', 'varchar(40)')
    .addColumn('lower_subject', 'varchar(40)')
    .addColumn('preparatory_subject', 'varchar(40)')
    .addColumn('small_business_subject', 'varchar(40)')
    .addColumn('collection_fee_subject', 'varchar(40)')
    .addColumn('payable_of_the_year_amount', money)
    .addColumn('annual_the_year_amount', money)
    .addPrimaryKeyConstraint('funds_ratio_pk', ['zt_id', 'unit_id', 'from_year', 'from_month'])
    .execute();

  await db.schema
    .createTable('funds_setting')
    .addColumn('zt_id', id, (c) => c.primaryKey())
    .addColumn('retained_subject', 'varchar(40)')
    .addColumn('superior_subject', 'varchar(40)')
    .addColumn('lower_subject', 'varchar(40)')
    .addColumn('preparatory_subject', 'varchar(40)')
    .addColumn('small_business_subject', 'varchar(40)')
    .addColumn('collection_fee_subject', 'varchar(40)')
    .execute();

  await db.schema
    .createTable('funds_receipt')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('unit_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('bank_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)')
    .addColumn('retained_amount', money)
    .addColumn('superior_one_amount', money)
    .addColumn('superior_two_amount', money)
    .addColumn('lower_amount', money)
    .addColumn('preparatory_amount', money)
    .addColumn('small_business_amount', money)
    .addColumn('collection_fee_amount', money)
    .addColumn('voucher_id', 'varchar(40)')
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('created_at', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('funds_receipt_pk', ['zt_id', 'id'])
    .execute();
  await db.schema
    .createIndex('funds_receipt_period_idx')
    .on('funds_receipt')
    .columns(['zt_id', 'year', 'month', 'row_no'])
    .execute();
  await db.schema.createIndex('funds_receipt_unit_idx').on('funds_receipt').columns(['zt_id', 'unit_id', 'year']).execute();
  await db.schema.createIndex('funds_receipt_voucher_idx').on('funds_receipt').columns(['zt_id', 'voucher_id']).execute();
}
