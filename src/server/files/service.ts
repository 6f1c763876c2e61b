/**
 * Attachment rules over the store and the rows: a file or voucher of another ledger set is
 * refused (4005); a reviewed or booked voucher's attachments are fixed (4011) and a closed
 * period's cannot change (4014); attaching raises the voucher's attached-document count to at
 * least its number of files, in the same transaction as the rows.
 */
import type { Kysely } from 'kysely';
import type { FileRelation } from '../../shared/api/files.js';
import { Paths } from '../../shared/api/paths.js';
import { FileMessages } from '../../shared/files/upload-rules.js';
import type { Database, FileRelationRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { attachFiles, countOfVoucher, fileInAnotherSet, findFile } from './repository.js';
import type { VoucherLink, VoucherState } from './voucher-link.js';

export function toFileRelation(row: FileRelationRow, voucher: VoucherState | null): FileRelation {
  return {
    fileId: row.file_id,
    name: row.name,
    contentType: row.content_type,
    fileSuffix: row.file_suffix,
    fileSource: row.file_source,
    isContractFile: false,
    url: `${Paths.fileDownload}?fileId=${row.file_id}`,
    size: row.size,
    voucherId: row.voucher_id,
    canRemove: voucher ? !voucher.locked && !voucher.closed : true,
    createdAt: row.created_at,
  };
}

/** The session's voucher, or a refusal: another set's (4005), none (4015). */
export async function voucherOf(db: Kysely<Database>, link: VoucherLink, ztId: number, voucherId: string): Promise<VoucherState> {
  const voucher = await link.find(db, ztId, voucherId);
  if (voucher) return voucher;
  if (await link.inAnotherSet(db, ztId, voucherId)) refuse('Forbidden');
  refuse('NotFound', FileMessages.voucherNotFound);
}

export function assertWritable(voucher: VoucherState): void {
  if (voucher.closed) refuse('PeriodClosed', FileMessages.periodClosed);
  if (voucher.locked) refuse('BusinessRule', FileMessages.locked);
}

/** The session's file, or a refusal: another set's (4005), none (4015). */
export async function fileOf(db: Kysely<Database>, ztId: number, fileId: string): Promise<FileRelationRow> {
  const row = await findFile(db, ztId, fileId);
  if (row) return row;
  if (await fileInAnotherSet(db, ztId, fileId)) refuse('Forbidden');
  refuse('NotFound', FileMessages.notFound);
}

/**
 * Attaches the session's files to a writable voucher of the set and raises its count; answers
 * the count. Call inside the caller's transaction (the voucher save can call it too).
 */
export async function attachToVoucher(
  trx: Kysely<Database>,
  link: VoucherLink,
  ztId: number,
  voucher: VoucherState,
  fileIds: readonly string[],
): Promise<number> {
  assertWritable(voucher);
  for (const fileId of fileIds) {
    const row = await fileOf(trx, ztId, fileId);
    if (row.voucher_id !== null && row.voucher_id !== voucher.id) refuse('BusinessRule', `${row.name} 已附在其他凭证上`);
  }
  await attachFiles(trx, ztId, voucher.id, fileIds);
  return link.raiseDocumentCount(trx, voucher, await countOfVoucher(trx, ztId, voucher.id));
}
