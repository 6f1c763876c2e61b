/**
 * The API documentation, served to a signed-in administrator: the OpenAPI document as JSON at
 * /api/docs/json (and YAML) and a browsable page (Swagger UI) at /api/docs.
 *
 * A program reads the document with a signed call, as any other. A browser cannot sign the page it
 * opens, so the administrator's client first calls the signed POST /api/docs/session, which sets a
 * short-lived cookie bound to the session (docs-cookie.ts), then opens /api/docs in a new tab. Every
 * route under /api/docs — the page, its script, styles and images, the document — takes either
 * credential and is for administrators (access admin; the guard checks the session, signed or by
 * cookie, on every request), except the session call itself, which must be signed: a cookie cannot
 * renew itself.
 *
 * The page runs under a policy of its own (its files from its own origin, nothing inline); every
 * other answer under /api/docs keeps the API's. Calls cannot be tried from the page (they must be
 * signed), so the page offers none.
 */
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Paths } from '../../shared/api/paths.js';
import { ApiDocsSchemas } from '../../shared/api/schemas/docs.js';
import { okEnvelope } from '../../shared/envelope.js';
import { authOf } from '../auth/guard.js';
import type { ServerConfig } from '../config.js';
import { docsCookieSession, setDocsCookie } from './docs-cookie.js';
import { docsPagePolicy } from './security-headers.js';

/**
 * The documentation's own files — the page, its script, styles and images — which a browser loads and
 * a program does not call: they declare no parameters or answer and are not in the document. Named
 * one by one, with why (the route-schemas and document tests exempt exactly these).
 */
export const DOCS_ASSET_ROUTES: ReadonlyMap<string, string> = new Map([
  [`GET ${Paths.apiDocs}`, 'the Swagger UI page (HTML)'],
  [`GET ${Paths.apiDocs}/static/index.html`, "swagger-ui's redirect to the page"],
  [`GET ${Paths.apiDocs}/static/swagger-initializer.js`, 'the page script that loads the document'],
  [`GET ${Paths.apiDocs}/static/*`, "Swagger UI's bundle, styles and icons"],
]);

/** The document's own routes, as swagger-ui registers them, with the schemas they are declared with here. */
const DECLARED: Readonly<Record<string, RouteOptions['schema']>> = {
  [Paths.apiDocsJson]: ApiDocsSchemas.json,
  [`${Paths.apiDocs}/yaml`]: ApiDocsSchemas.yaml,
};

export async function registerApiDocs(app: FastifyInstance, config: Pick<ServerConfig, 'hsts'>): Promise<void> {
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      if (route.url === Paths.apiDocsSession) return;
      route.config = { ...route.config, access: 'admin', right: 'none', cookieSession: docsCookieSession };
      const declared = DECLARED[route.url];
      if (declared) route.schema = declared;
    });

    const policy = docsPagePolicy(config.hsts);
    docs.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
        void reply.header('content-security-policy', policy);
      return payload;
    });

    docs.post(
      Paths.apiDocsSession,
      { schema: ApiDocsSchemas.session, config: { access: 'admin', right: 'none' } },
      (request, reply) => {
        const expiresAt = setDocsCookie(reply, request, authOf(request).session, Date.now());
        return Promise.resolve(okEnvelope({ url: Paths.apiDocs, expiresAt }));
      },
    );

    await docs.register(fastifySwaggerUi, {
      routePrefix: Paths.apiDocs,
      uiConfig: {
        // Without the standalone top bar: its logo is an SVG with an inline <style> (refused by the
        // page's policy), and its address box would load other documents.
        layout: 'BaseLayout',
        deepLinking: true,
        docExpansion: 'none',
        filter: true,
        supportedSubmitMethods: [],
        defaultModelsExpandDepth: 0,
      },
      theme: { title: '工会财务云 API文档' },
    });
  });
}
