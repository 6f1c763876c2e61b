/**
 * Every call declares its parameters and its answer: path parameters where its path has them, the
 * query of a GET or DELETE, the body of a POST or PUT (a file upload declares that it consumes
 * multipart/form-data), and the envelope of its 200 answer. What is declared is what Fastify
 * validates, what the client's types come from and what the OpenAPI document says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../../shared/api/paths.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { DOCS_ASSET_ROUTES } from './api-docs.js';
import { compileSerializer } from './lazy-compile.js';
import type { RegisteredRoute } from './route-list.js';
import { compileValidator } from './schema-validation.js';

/** The parts a route reads and does not declare. */
function undeclared(route: RegisteredRoute): string[] {
  const schema = (route.schema ?? {}) as {
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    consumes?: readonly string[];
    response?: Record<string, unknown>;
  };
  const missing: string[] = [];
  if (route.url.includes(':') && !schema.params) missing.push('params');
  if ((route.method === 'GET' || route.method === 'DELETE') && !schema.querystring) missing.push('querystring');
  if ((route.method === 'POST' || route.method === 'PUT') && !schema.body && !schema.consumes?.includes('multipart/form-data')) {
    missing.push('body');
  }
  if (!schema.response?.['200']) missing.push('response 200');
  return missing;
}

describe('declared schemas on every route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('every API route declares each part it reads and its answer', () => {
    // The documentation's own files (the page, its script, styles and images) are loaded by a
    // browser, not called: exempt one by one, each with its reason (http/api-docs.ts).
    const api = server.routes.filter((r) => isApiPath(r.url) && !DOCS_ASSET_ROUTES.has(`${r.method} ${r.url}`));
    expect(api.length).toBeGreaterThan(100);
    const gaps = api.map((r) => ({ route: `${r.method} ${r.url}`, missing: undeclared(r) })).filter((g) => g.missing.length > 0);
    expect(gaps).toEqual([]);
  });

  it('every declared schema compiles: they compile on first use, so a broken one would otherwise wait for its first call', () => {
    const broken: string[] = [];
    let compiled = 0;
    for (const route of server.routes) {
      const schema = (route.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
      const parts = ['params', 'querystring', 'body', 'headers'].filter((part) => schema[part] !== undefined);
      for (const part of parts) {
        try {
          compileValidator(part, schema[part]);
          compiled += 1;
        } catch (error) {
          broken.push(`${route.method} ${route.url} ${part}: ${String(error)}`);
        }
      }
      for (const [status, answer] of Object.entries(schema.response ?? {})) {
        try {
          compileSerializer(answer);
          compiled += 1;
        } catch (error) {
          broken.push(`${route.method} ${route.url} ${status}: ${String(error)}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(compiled).toBeGreaterThan(400);
  });
});
