/**
 * Attachments: one row per stored file (the bytes are under DATA_DIR/files/<zt_id>/<file_id>).
 * voucher_id names the voucher the file is attached to (null until the voucher is saved); it is
 * text so that it matches the voucher id as the API spells it.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  await db.schema
    .createTable('file_relation')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_suffix', 'varchar(8)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_source', 'varchar(16)', (c) => c.notNull().defaultTo('voucher'))
    .addColumn('voucher_id', 'varchar(64)')
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_relation_pk', ['zt_id', 'file_id'])
    .execute();
  await db.schema.createIndex('file_relation_voucher_idx').on('file_relation').columns(['zt_id', 'voucher_id']).execute();
}
