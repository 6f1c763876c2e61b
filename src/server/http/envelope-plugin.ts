/**
 * Makes every answer an envelope: routes return their data and it is wrapped; thrown AppErrors
 * become success:false with their code; Fastify's own validation and parse errors, and every
 * other client error a plugin raises (a 4xx status: bad JSON, too deep, too large, a broken
 * multipart body), become HTTP 400 with 4000 and a Chinese message; anything unexpected is
 * logged with the request id and answered 500 without internals.
 * Unknown API paths answer 404 with the envelope; other unknown GETs get the app page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { failEnvelope } from '../../shared/envelope.js';
import { ErrorCodes } from '../../shared/error-codes.js';
import { isApiPath, REQUEST_ID_HEADER } from '../../shared/api/paths.js';
import { AppError } from './app-error.js';
import { installJsonBody } from './json-body.js';
import { sendAppPage } from './app-page.js';

/** Chinese messages for the client errors Fastify and its plugins raise, by their code. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度与Content-Length不符',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以multipart/form-data上传文件',
  FST_PROTO_VIOLATION: '请求参数有误: 字段名不允许',
};

/**
 * The multipart parser (@fastify/busboy, under @fastify/multipart) refuses a broken upload — no
 * boundary, a body cut short — with a plain Error and no status, thrown out of request.parts() in
 * whichever route reads the upload. These are its messages (its source has no others for input).
 */
const MULTIPART_BROKEN =
  /^(?:Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

function clientErrorMessage(error: FastifyError): string {
  if (MULTIPART_BROKEN.test(error.message)) return '上传内容不是完整的multipart/form-data';
  if (error.statusCode === 413) return '请求内容过大';
  return CLIENT_ERROR_MESSAGES[error.code] ?? `${ErrorCodes.BadRequest.message}: ${error.message}`;
}

export function installEnvelope(app: FastifyInstance, clientDir: string): void {
  installJsonBody(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // The contract sends one value per query parameter (a list comma-joined); a repeated key would
    // reach the handlers as an array where they read a string.
    if (isApiPath(request.url.split('?')[0] ?? '')) {
      const repeated = Object.entries(request.query as Record<string, unknown>).find(([, v]) => Array.isArray(v));
      if (repeated) throw new AppError('BadRequest', `参数${repeated[0]}重复`);
    }
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A refusal is not the call's declared answer (its data is null or the list of messages): it
    // is written as it is, not through the route's response schema.
    reply.serializer((payload: unknown) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      if (error.http >= 500) request.log.error({ err: error }, 'refused');
      return reply.status(error.http).send(failEnvelope(error.code, error.message, error.data));
    }
    const status = error.statusCode ?? 500;
    if (error.validation || (status >= 400 && status < 500) || MULTIPART_BROKEN.test(error.message)) {
      return reply.status(400).send(failEnvelope(ErrorCodes.BadRequest.code, clientErrorMessage(error)));
    }
    request.log.error({ err: error }, 'unexpected error');
    const info = ErrorCodes.ServerError;
    return reply.status(500).send(failEnvelope(info.code, info.message));
  });

  const indexFile = path.join(clientDir, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (isApiPath(pathname) || request.method !== 'GET') {
      const info = ErrorCodes.NotFoundPath;
      return reply.status(404).send(failEnvelope(info.code, info.message));
    }
    if (!fs.existsSync(indexFile)) {
      return reply.status(503).type('text/plain; charset=utf-8').send('前端尚未构建：请先运行 npm run build');
    }
    return sendAppPage(reply, indexFile);
  });
}
