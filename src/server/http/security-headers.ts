/**
 * What the browser is told about every answer (issue 14, browser-side defences): the headers
 * below through @fastify/helmet, the two Content-Security-Policies as fixed strings of our own.
 *
 * The app page: a Content-Security-Policy that lets scripts, styles, fonts, workers and
 * connections come from the app's own origin only. No inline script at all. Styles: the grid
 * (AG Grid's theming API) and the report page write their CSS into <style> elements at run time,
 * so style-src also takes a nonce made afresh for every page answer: Vite writes a placeholder
 * nonce into the built page (vite.config.ts html.cspNonce), the server puts the answer's nonce in
 * its place (app-page.ts), and the client hands it to the grid and its own <style> elements
 * (client/shell/csp-nonce.ts). No 'unsafe-inline' for styles either, so injected markup can
 * neither run script nor restyle the page; inline style *attributes* stay forbidden (the client
 * and the grid set styles through the CSSOM, which CSP does not restrict). Images also from data:
 * (the icon, the grid's icons) and blob: (captcha, attachment previews), frames from blob: (the
 * PDF handed to the print dialog). frame-ancestors 'none' and X-Frame-Options DENY: no other page
 * may frame the review and close buttons.
 *
 * Every API answer (JSON, error, file download): Cache-Control no-store, so neither a shared
 * browser nor a proxy keeps ledger data, and a policy that sandboxes it and loads nothing, so a
 * file or an answer opened as a page can never run script in the app's origin. The one exception
 * is the API documentation's page, which gets a policy of its own (docsPagePolicy).
 *
 * And everywhere: nosniff, Referrer-Policy no-referrer, and HSTS (with upgrade-insecure-requests)
 * only when HSTS=on says the deployment is reached over TLS alone.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../../shared/api/paths.js';
import type { ServerConfig } from '../config.js';

/** The policy of every API answer: nothing loads, nothing runs, nothing frames it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The policy of the API documentation's page (Swagger UI, http/api-docs.ts), the one API path that
 * answers a page to run: its script, styles and the document from its own origin (the initializer
 * is a file, so no inline script), images also from data: (its logo), nothing framed, no form sent.
 */
export function docsPagePolicy(hsts: boolean): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'none'"],
    ['base-uri', "'none'"],
    ['script-src', "'self'"],
    ['script-src-attr', "'none'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['form-action', "'none'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
    ...(hsts ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

const nonces = new WeakMap<ServerResponse, string>();

/** The style nonce of one answer (made on first use, the same for its header and its page). */
export function styleNonceOf(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(response, nonce);
  }
  return nonce;
}

/** The app's policy, without the nonce: style-src comes last, so a nonce is appended to it. */
export function appPolicy(hsts: boolean): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['base-uri', "'self'"],
    ['script-src', "'self'"],
    ['script-src-attr', "'none'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['worker-src', "'self'"],
    ['connect-src', "'self'"],
    ['frame-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(hsts ? [['upgrade-insecure-requests'] as [string]] : []),
    ['style-src', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end < 0 ? url : url.slice(0, end);
}

export async function installSecurityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 'hsts'>): Promise<void> {
  await app.register(fastifyHelmet, {
    // Set below: helmet would build its policy middleware anew on every request (about ten
    // microseconds of a signed call's budget); the two policies here are fixed strings.
    contentSecurityPolicy: false,
    strictTransportSecurity: config.hsts ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });

  const page = appPolicy(config.hsts);
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(pathOf(request.url))) {
      void reply.header('cache-control', 'no-store').header('content-security-policy', API_CSP);
    } else {
      const nonce = nonces.get(reply.raw);
      void reply.header('content-security-policy', nonce ? `${page} 'nonce-${nonce}'` : page);
    }
    return payload;
  });
}
