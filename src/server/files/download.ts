/**
 * A file as the answer of a download or print call: its type, its name, no caching (ledger
 * figures are private and change with every voucher). A streamed workbook is written while it is
 * sent; a failure midway is logged and breaks the download rather than the server.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a file as a download (or inline, for a preview). */
export function sendFile(
  reply: FastifyReply,
  type: string,
  fileName: string,
  body: Buffer | PassThrough,
  disposition: 'attachment' | 'inline' = 'attachment',
): FastifyReply {
  return reply
    .type(type)
    .header('content-disposition', contentDisposition(fileName, disposition))
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** Sends a workbook built in memory. */
export function sendWorkbook(reply: FastifyReply, fileName: string, body: Buffer): FastifyReply {
  return sendFile(reply, XLSX_MIME, fileName, body);
}

/** Streams the workbook `write` writes into the answer as it is written. */
export function sendStreamedWorkbook(
  reply: FastifyReply,
  fileName: string,
  write: (stream: Writable) => Promise<void>,
): FastifyReply {
  const stream = new PassThrough();
  write(stream).catch((error: unknown) => {
    reply.log.error(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return sendFile(reply, XLSX_MIME, fileName, stream);
}
