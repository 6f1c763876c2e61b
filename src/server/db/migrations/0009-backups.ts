/**
 * Cloud backups of a ledger set (spec types 40-46, at most 20 kept): one row per backup file
 * under DATA_DIR/backups/<zt_id>/<id>.sqlite, with the file's size and SHA-256 (checked before
 * any restore) and the outcome of the last check. The id is text allocated by the server (no
 * global sequence); the list reads a set's backups by time.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  await db.schema
    .createTable('backup')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('row_count', 'bigint', (c) => c.notNull())
    .addColumn('attachment_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** null until checked; then 1 passed, 0 failed. */
    .addColumn('verified_ok', 'integer')
    .addColumn('verified_at', 'bigint')
    .addPrimaryKeyConstraint('backup_pk', ['zt_id', 'id'])
    .execute();
  await db.schema.createIndex('backup_created_ix').on('backup').columns(['zt_id', 'created_at']).execute();
}
