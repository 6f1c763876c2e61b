/**
 * Chart editing, auxiliary accounting and opening balances: subject enable flag and cumulative
 * amounts, the year's start month, auxiliary types, items, subject-type links and auxiliary
 * openings. The built-in types (and their few seeded items) are added to every existing ledger
 * set; sets created later get them from seedBuiltInAuxiliary().
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { BUILT_IN_AUXI_ITEMS, BUILT_IN_AUXI_TYPES } from '../../../shared/subjects/auxiliary-rules.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const money = 'bigint' as const;

  await db.schema
    .alterTable('subject')
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // SQLite adds one column per ALTER TABLE statement.
  await db.schema
    .alterTable('subject')
    .addColumn('cumule_debit_amount', money, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('subject')
    .addColumn('cumule_credit_amount', money, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('zt_year')
    .addColumn('start_month', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('auxi_type')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('type_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('type_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('built_in_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('auxi_type_pk', ['zt_id', 'type_no'])
    .execute();

  await db.schema
    .createTable('auxi_info')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('type_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('info_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('info_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('parent_no', 'varchar(20)')
    .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('auxi_info_pk', ['zt_id', 'type_no', 'info_no'])
    .addForeignKeyConstraint('auxi_info_type_fk', ['zt_id', 'type_no'], 'auxi_type', ['zt_id', 'type_no'])
    .execute();

  await db.schema
    .createTable('subject_auxi_type')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('type_no', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('subject_auxi_type_pk', ['zt_id', 'year', 'code', 'type_no'])
    .addForeignKeyConstraint('subject_auxi_type_subject_fk', ['zt_id', 'year', 'code'], 'subject', ['zt_id', 'year', 'code'])
    .addForeignKeyConstraint('subject_auxi_type_type_fk', ['zt_id', 'type_no'], 'auxi_type', ['zt_id', 'type_no'])
    .execute();

  await db.schema
    .createTable('auxi_opening')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('auxi_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('init_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('cumule_debit_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('cumule_credit_amount', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('auxi_opening_pk', ['zt_id', 'year', 'code', 'auxi_key'])
    .addForeignKeyConstraint('auxi_opening_subject_fk', ['zt_id', 'year', 'code'], 'subject', ['zt_id', 'year', 'code'])
    .execute();

  for (const [sort, type] of BUILT_IN_AUXI_TYPES.entries()) {
    await sql`insert into auxi_type (zt_id, type_no, type_name, built_in_system, enable, sort)
      select id, ${type.typeNo}, ${type.typeName}, 1, 1, ${sql.lit(sort + 1)} from zt_info`.execute(db);
  }
  for (const item of BUILT_IN_AUXI_ITEMS) {
    await sql`insert into auxi_info (zt_id, type_no, info_no, info_name, parent_no, is_enable)
      select id, ${item.typeNo}, ${item.infoNo}, ${item.infoName}, ${item.parentNo}, 1 from zt_info`.execute(db);
  }
}
