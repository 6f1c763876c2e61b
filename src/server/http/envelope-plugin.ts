/**
 * Makes every answer an envelope: routes return their data and it is wrapped; thrown AppErrors
 * become success:false with their code; Fastify's own validation and parse errors become 4000;
 * anything unexpected is logged with the request id and answered 500 without internals.
 * Unknown API paths answer 404 with the envelope; other unknown GETs get the app page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { failEnvelope } from '../../shared/envelope.js';
import { ErrorCodes } from '../../shared/error-codes.js';
import { isApiPath, REQUEST_ID_HEADER } from '../../shared/api/paths.js';
import { AppError } from './app-error.js';
import { sendAppPage } from './app-page.js';

export function installEnvelope(app: FastifyInstance, clientDir: string): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.http >= 500) request.log.error({ err: error }, 'refused');
      return reply.status(error.http).send(failEnvelope(error.code, error.message, error.data));
    }
    if (
      error.validation ||
      error.statusCode === 400 ||
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.statusCode === 415
    ) {
      const info = ErrorCodes.BadRequest;
      return reply.status(400).send(failEnvelope(info.code, `${info.message}: ${error.message}`));
    }
    if (error.statusCode === 413) {
      return reply.status(400).send(failEnvelope(ErrorCodes.BadRequest.code, '请求内容过大'));
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
