/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (a header or address over
 * the size limit, a broken request line) with the envelope, HTTP 400 and 4000, as every other
 * malformed request; Fastify's default answers such a request with a JSON of its own shape.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { failEnvelope } from '../../shared/envelope.js';
import { ErrorCodes } from '../../shared/error-codes.js';

const MESSAGES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '请求头或请求地址过长',
  ERR_HTTP_REQUEST_TIMEOUT: '请求超时',
};

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(
    failEnvelope(ErrorCodes.BadRequest.code, MESSAGES[error.code ?? ''] ?? ErrorCodes.BadRequest.message),
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
