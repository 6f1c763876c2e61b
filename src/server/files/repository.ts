/** Attachment rows (file_relation). Every query names the ledger set; callers pass the session's. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, FileRelationRow } from '../db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

export function insertFile(db: Q, row: Omit<FileRelationRow, 'file_source'> & { file_source?: string }): Promise<unknown> {
  return db.insertInto('file_relation').values(row).execute();
}

export function findFile(db: Q, ztId: number, fileId: string): Promise<FileRelationRow | undefined> {
  return db.selectFrom('file_relation').selectAll().where('zt_id', '=', ztId).where('file_id', '=', fileId).executeTakeFirst();
}

/**
 * Whether another set has a file with this id, to refuse it with 4005 rather than 4015: the one
 * attachment statement that looks beyond the set, asked only on that refusal (sql-capture.ts
 * names it among the cross-set statements by design).
 */
export async function fileInAnotherSet(db: Q, ztId: number, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('file_relation')
    .select('zt_id')
    .where('file_id', '=', fileId)
    .where('zt_id', '!=', ztId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function filesOfVoucher(db: Q, ztId: number, voucherId: string): Promise<FileRelationRow[]> {
  return db
    .selectFrom('file_relation')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('voucher_id', '=', voucherId)
    .orderBy('created_at')
    .orderBy('file_id')
    .execute();
}

export function filesByIds(db: Q, ztId: number, fileIds: readonly string[]): Promise<FileRelationRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('file_relation')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('file_id', 'in', fileIds)
    .orderBy('created_at')
    .orderBy('file_id')
    .execute();
}

export async function countOfVoucher(db: Q, ztId: number, voucherId: string): Promise<number> {
  const row = await db
    .selectFrom('file_relation')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('zt_id', '=', ztId)
    .where('voucher_id', '=', voucherId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function attachFiles(db: Q, ztId: number, voucherId: string, fileIds: readonly string[]): Promise<unknown> {
  if (fileIds.length === 0) return Promise.resolve();
  return db
    .updateTable('file_relation')
    .set({ voucher_id: voucherId })
    .where('zt_id', '=', ztId)
    .where('file_id', 'in', fileIds)
    .execute();
}

export function deleteFileRow(db: Q, ztId: number, fileId: string): Promise<unknown> {
  return db.deleteFrom('file_relation').where('zt_id', '=', ztId).where('file_id', '=', fileId).execute();
}
