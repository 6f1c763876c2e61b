/**
 * The app page (index.html of the built client) for every client route: the build's placeholder
 * nonce replaced by this answer's style nonce, which the answer's Content-Security-Policy names
 * (security-headers.ts). Read on each page load (they are rare, and a rebuilt client is served
 * at once); never served as a static file, which would carry the placeholder.
 */
import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp.js';
import { styleNonceOf } from './security-headers.js';

export async function sendAppPage(reply: FastifyReply, indexFile: string): Promise<FastifyReply> {
  const html = await fs.promises.readFile(indexFile, 'utf8');
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonceOf(reply.raw)));
}

/** Static files the client build holds, except the page itself (served by sendAppPage). */
export function isStaticFile(pathname: string): boolean {
  return pathname !== '/index.html';
}
