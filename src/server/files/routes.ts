/**
 * Attachment calls (base /files, spec "POST /api/fileRelation"): upload (multipart, field `file`,
 * optional field `voucherId`), list, download, attach and delete. Reading needs a ledger set;
 * writing needs the voucher editor's add or edit button (the rights are declared per route). An upload is all-or-nothing: when one
 * file is refused, the files stored before it are removed and no row is written.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FileRelation, VoucherFilesResponse } from '../../shared/api/files.js';
import { FileSchemas } from '../../shared/api/schemas/files.js';
import { UPLOAD_MAX_BYTES } from '../../shared/constants.js';
import { okEnvelope } from '../../shared/envelope.js';
import {
  CONTENT_TYPES,
  extensionOf,
  FileMessages,
  isUploadExtension,
  UPLOAD_MAX_FILES,
} from '../../shared/files/upload-rules.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page, Readers } from '../auth/pages.js';
import { holdsAnyPage, requireAnyButton, type PageButton } from '../auth/permissions.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { AppError, refuse } from '../http/app-error.js';
import { contentDisposition } from './content-disposition.js';
import { FileStore, type StoredFile } from './file-store.js';
import { deleteFileRow, filesByIds, filesOfVoucher, insertFile } from './repository.js';
import { assertWritable, attachToVoucher, fileOf, toFileRelation, voucherOf } from './service.js';
import { noVouchers, type VoucherLink, type VoucherState } from './voucher-link.js';
import { sweepAttachments, SWEEP_INTERVAL_MS } from './sweep.js';
import { VoucherRights } from '../vouchers/rights.js';

/**
 * Reading a voucher's files: wherever the voucher is read; an adjustment voucher of the transition's zero period on
 * the worksheet page. The route admits either; the voucher named decides (readRight, writeRight).
 */
const READ = onLedger(Right.pages(...Readers.voucher, Page.transition));
/** Changing them is part of entering or changing the voucher: the editor's add or edit, or the worksheet's 调账凭证. */
const ZERO_WRITE: readonly PageButton[] = [[Page.transition, 'reconciliationvoucher']];
const WRITE = onLedger(Right.buttons(VoucherRights.save, ZERO_WRITE));

function voucherIdParam(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' && typeof value !== 'number') refuse('BadRequest', '凭证id无效');
  const text = String(value);
  if (!/^[\w-]{1,64}$/.test(text)) refuse('BadRequest', '凭证id无效');
  return text;
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

const drain = (stream: NodeJS.ReadableStream) => pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));

export async function fileRoutes(app: App, db: Db, config: ServerConfig, link: VoucherLink = noVouchers): Promise<void> {
  const store = new FileStore(config.dataDir);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 5, parts: 30 } });

  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () =>
    sweepAttachments(db.kysely, store).catch((error: unknown) => app.log.warn({ err: error }, 'attachment sweep failed'));
  app.addHook('onReady', () => {
    void sweep();
    sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    if (sweeper) clearInterval(sweeper);
    return Promise.resolve();
  });

  /** The right the voucher's kind needs beyond the route's: the year's vouchers or the zero period's. */
  const readRight = async (request: FastifyRequest, voucher: VoucherState | null): Promise<void> => {
    if (!voucher) return;
    const { user, zt } = authOf(request);
    if (!(await holdsAnyPage(db, user, zt, voucher.zero ? [Page.transition] : Readers.voucher)))
      refuse('Forbidden', '没有该页面的权限');
  };
  const writeRight = async (request: FastifyRequest, voucher: VoucherState | null): Promise<void> => {
    if (voucher) await requireAnyButton(db, request, voucher.zero ? ZERO_WRITE : VoucherRights.save);
  };

  const listOf = async (ztId: number, voucherId: string, request?: FastifyRequest): Promise<FileRelation[]> => {
    const voucher = await voucherOf(db.kysely, link, ztId, voucherId);
    if (request) await readRight(request, voucher);
    return (await filesOfVoucher(db.kysely, ztId, voucherId)).map((row) => toFileRelation(row, voucher));
  };

  app.post('/api/fileRelation', { schema: FileSchemas.upload, ...WRITE }, async (request) => {
    if (!request.isMultipart()) refuse('BadRequest', '请以multipart/form-data上传文件');
    const ztId = ztOf(request).id;
    const stored: (StoredFile & { name: string; ext: string })[] = [];
    let voucherId: string | null = null;
    let failure: Error | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'voucherId' && failure === null) {
            try {
              voucherId = voucherIdParam(part.value);
            } catch (error) {
              failure = asError(error);
            }
          }
          continue;
        }
        const ext = extensionOf(part.filename);
        if (failure !== null || part.fieldname !== 'file') await drain(part.file);
        else if (!isUploadExtension(ext)) {
          failure = new AppError('BusinessRule', FileMessages.badType);
          await drain(part.file);
        } else {
          try {
            stored.push({ ...(await store.receive(ztId, part.filename, ext, part.file)), name: part.filename, ext });
          } catch (error) {
            failure = asError(error);
            if (!part.file.readableEnded) await drain(part.file).catch(() => undefined);
          }
        }
      }
      if (failure !== null) throw failure;
      if (stored.length === 0) refuse('BadRequest', FileMessages.noFile);
      const now = Date.now();
      const userId = authOf(request).user.id;
      const rows = await db.kysely.transaction().execute(async (trx) => {
        for (const [index, file] of stored.entries()) {
          await insertFile(trx, {
            zt_id: ztId,
            file_id: file.fileId,
            name: file.name.slice(0, 255),
            file_suffix: file.ext,
            content_type: CONTENT_TYPES[file.ext as keyof typeof CONTENT_TYPES],
            size: file.size,
            sha256: file.sha256,
            voucher_id: null,
            created_by: userId,
            // one upload's files list in the order they were sent: each a millisecond after the last
            created_at: now + index,
          });
        }
        const ids = stored.map((f) => f.fileId);
        if (voucherId === null) return (await filesByIds(trx, ztId, ids)).map((row) => toFileRelation(row, null));
        const voucher = await voucherOf(trx, link, ztId, voucherId);
        await writeRight(request, voucher);
        await attachToVoucher(trx, link, ztId, voucher, ids);
        const fresh = await link.find(trx, ztId, voucherId);
        return (await filesByIds(trx, ztId, ids)).map((row) => toFileRelation(row, fresh));
      });
      return okEnvelope(rows, FileMessages.uploaded);
    } catch (error) {
      await Promise.all(stored.map((f) => store.remove(ztId, f.fileId)));
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') refuse('BusinessRule', FileMessages.tooMany);
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        const part = (error as { part?: { filename?: string } }).part;
        refuse('BusinessRule', FileMessages.tooLarge(part?.filename ?? ''));
      }
      throw error;
    }
  });

  app.get('/api/fileRelation', { schema: FileSchemas.list, ...READ }, async (request) => {
    const ztId = ztOf(request).id;
    const { voucherId, fileIds = '' } = request.query;
    if (voucherId !== undefined) return okEnvelope(await listOf(ztId, voucherId, request));
    const ids = fileIds.split(',').filter((s) => s !== '');
    for (const id of ids) await fileOf(db.kysely, ztId, id);
    const rows = await filesByIds(db.kysely, ztId, ids);
    const out: FileRelation[] = [];
    for (const row of rows) {
      const voucher = row.voucher_id === null ? null : await link.find(db.kysely, ztId, row.voucher_id);
      await readRight(request, voucher);
      out.push(toFileRelation(row, voucher));
    }
    return okEnvelope(out);
  });

  app.get('/api/fileRelation/download', { schema: FileSchemas.download, ...READ }, async (request, reply) => {
    const row = await fileOf(db.kysely, ztOf(request).id, request.query.fileId);
    await readRight(request, row.voucher_id === null ? null : await link.find(db.kysely, row.zt_id, row.voucher_id));
    return reply
      .type(row.content_type)
      .header('content-length', row.size)
      .header('content-disposition', contentDisposition(row.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(store.open(row.zt_id, row.file_id));
  });

  app.post('/api/fileRelation/attach', { schema: FileSchemas.attach, ...WRITE }, async (request) => {
    const ztId = ztOf(request).id;
    const { voucherId, fileIds } = request.body;
    const numberOfDocument = await db.kysely.transaction().execute(async (trx) => {
      const voucher = await voucherOf(trx, link, ztId, voucherId);
      await writeRight(request, voucher);
      return attachToVoucher(trx, link, ztId, voucher, fileIds);
    });
    const data: VoucherFilesResponse = { files: await listOf(ztId, voucherId), numberOfDocument };
    return okEnvelope(data);
  });

  app.delete('/api/fileRelation', { schema: FileSchemas.delete, ...WRITE }, async (request) => {
    const ztId = ztOf(request).id;
    const { fileId } = request.query;
    const voucherId = await db.kysely.transaction().execute(async (trx) => {
      const row = await fileOf(trx, ztId, fileId);
      // A voucher deleted since leaves its files free to delete.
      const voucher = row.voucher_id === null ? null : await link.find(trx, ztId, row.voucher_id);
      await writeRight(request, voucher);
      if (voucher) assertWritable(voucher);
      await deleteFileRow(trx, ztId, fileId);
      return row.voucher_id;
    });
    await store.remove(ztId, fileId);
    const data: VoucherFilesResponse =
      voucherId === null
        ? { files: [], numberOfDocument: null }
        : {
            files: (await filesOfVoucher(db.kysely, ztId, voucherId)).map((row) => toFileRelation(row, null)),
            numberOfDocument: (await link.find(db.kysely, ztId, voucherId))?.numberOfDocument ?? null,
          };
    return okEnvelope(data, FileMessages.deleted);
  });
}
