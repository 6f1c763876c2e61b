/**
 * The OpenAPI document the server generates from its routes: a valid OpenAPI 3.1 document whose
 * schemas are valid JSON Schema; every registered API route in it with what it declares; and the
 * prose other programs need — the envelope, the sign-in flow, the signing headers with the README's
 * worked example (computed, and checked against the README), the error catalogue of
 * src/shared/error-codes.ts.
 */
import fs from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_KEY_HEADER, isApiPath, Paths } from '../../shared/api/paths.js';
import { ErrorCodes } from '../../shared/error-codes.js';
import { canonicalString, sign } from '../../shared/signature.js';
import { ApiClient } from '../test-support/api-client.js';
import { danglingRefs } from '../test-support/openapi-refs.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { DOCS_ASSET_ROUTES } from './api-docs.js';
import { SIGNING_EXAMPLE, signingExampleCall } from './openapi-description.js';
import { OPENAPI_VERSION } from './openapi.js';
import type { RegisteredRoute } from './route-list.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Json[];
  parameters?: { in: string; name: string; schema?: Json }[];
  requestBody?: { content: Record<string, { schema?: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Json }> }>;
  'x-access'?: string;
}
interface Document {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const asJson = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** Every property path a schema names (a.b, list[].c, through anyOf / oneOf / allOf branches). */
function propertyPaths(schema: unknown, prefix = ''): string[] {
  const s = asJson(schema);
  const out: string[] = [];
  for (const [name, child] of Object.entries(asJson(s.properties)))
    out.push(`${prefix}${name}`, ...propertyPaths(child, `${prefix}${name}.`));
  if (s.items) out.push(...propertyPaths(s.items, `${prefix}[].`));
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const branch of (s[key] as unknown[] | undefined) ?? []) out.push(...propertyPaths(branch, prefix));
  return [...new Set(out)];
}

/** Every schema object of the document: components, parameters, bodies and answers. */
function documentSchemas(doc: Document): [string, Json][] {
  const found: [string, Json][] = Object.entries(doc.components.schemas).map(([name, s]) => [`components ${name}`, s]);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const at = `${method} ${path}`;
      for (const p of op.parameters ?? []) if (p.schema) found.push([`${at} ${p.in} ${p.name}`, p.schema]);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        if (media.schema) found.push([`${at} body ${type}`, media.schema]);
      for (const [status, answer] of Object.entries(op.responses))
        for (const [type, media] of Object.entries(answer.content ?? {}))
          if (media.schema) found.push([`${at} ${status} ${type}`, media.schema]);
    }
  }
  return found;
}

const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const routeKey = (r: Pick<RegisteredRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

describe('the OpenAPI document', () => {
  let server: TestServer;
  let doc: Document;
  let api: RegisteredRoute[];
  const operation = (r: RegisteredRoute): Operation | undefined => doc.paths[docPath(r.url)]?.[r.method.toLowerCase()];

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const admin = new ApiClient(server.url);
    await admin.logOn(server.db, 'admin', 'Admin@123');
    const answer = await admin.download(Paths.apiDocsJson);
    expect(answer.status).toBe(200);
    doc = JSON.parse(Buffer.from(answer.bytes).toString('utf8')) as Document;
    api = server.routes.filter((r) => isApiPath(r.url) && !DOCS_ASSET_ROUTES.has(routeKey(r)));
  });
  afterAll(() => server.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe(OPENAPI_VERSION);
    const result = await new Validator().validate(doc as unknown as Json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(danglingRefs(doc)).toEqual([]);
  });

  it('holds only valid JSON Schema (2020-12, our x- keywords as extensions)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const invalid = documentSchemas(doc)
      .filter(([, schema]) => !ajv.validateSchema(schema))
      .map(([where]) => `${where}: ${ajv.errorsText()}`);
    expect(invalid).toEqual([]);
  });

  it('has every registered API route, by path ({id} for :id) and method, each with a unique operationId and its area', () => {
    expect(api.length).toBeGreaterThan(90);
    expect(api.filter((r) => !operation(r)).map(routeKey)).toEqual([]);
    const ids = api.map((r) => operation(r)?.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(api.filter((r) => (operation(r)?.tags ?? []).length !== 1).map(routeKey)).toEqual([]);
    // The documentation's own files are not calls, and are not in it.
    for (const key of DOCS_ASSET_ROUTES.keys()) expect(server.routes.map(routeKey)).toContain(key);
    expect(Object.keys(doc.paths).filter((p) => p.includes('/static'))).toEqual([]);
  });

  it('has, for every route that declares them, its parameters, its body and its 200 answer', () => {
    const missing: string[] = [];
    for (const route of api) {
      const schema = asJson(route.schema);
      const op = operation(route);
      if (!op) continue;
      const key = routeKey(route);
      for (const [part, where] of [
        ['querystring', 'query'],
        ['params', 'path'],
      ] as const) {
        for (const name of Object.keys(asJson(asJson(schema[part]).properties))) {
          if (!op.parameters?.some((p) => p.in === where && p.name === name)) missing.push(`${key}: ${where} ${name}`);
        }
      }
      if (schema.body) {
        const body = op.requestBody?.content['application/json']?.schema;
        if (!body) missing.push(`${key}: body`);
        for (const name of propertyPaths(schema.body))
          if (!propertyPaths(body).includes(name)) missing.push(`${key}: body ${name}`);
      }
      for (const type of (schema.consumes as string[] | undefined) ?? [])
        if (!op.requestBody?.content[type]) missing.push(`${key}: body ${type}`);
      const declared = asJson(asJson(schema.response)['200']);
      if (Object.keys(declared).length === 0) continue;
      const answer = op.responses['200'];
      if (!answer?.content) {
        missing.push(`${key}: 200`);
        continue;
      }
      const declaredContent = asJson(declared.content);
      if (Object.keys(declaredContent).length > 0) {
        for (const type of Object.keys(declaredContent)) if (!answer.content[type]) missing.push(`${key}: 200 ${type}`);
      } else {
        const documented = propertyPaths(answer.content['application/json']?.schema);
        for (const name of propertyPaths(declared)) if (!documented.includes(name)) missing.push(`${key}: 200 ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says who may call: public calls unsigned, the others with the four signing headers', () => {
    for (const name of ['token', 'timestamp', 'nonce', 'authEncryptKey']) {
      expect(doc.components.securitySchemes[name]).toMatchObject({ type: 'apiKey', in: 'header', name });
    }
    const signed = (op: Operation | undefined) => op?.security === undefined || op.security.some((s) => 'authEncryptKey' in s);
    for (const route of api) {
      const op = operation(route);
      expect(op?.['x-access'], routeKey(route)).toBe(route.config?.access ?? 'session');
      if (route.config?.access === 'public') expect(op?.security, routeKey(route)).toEqual([]);
      else expect(signed(op), routeKey(route)).toBe(true);
    }
    expect(operation(api.find((r) => r.url === Paths.logOn) ?? expect.fail('no logOn'))?.security).toEqual([]);
  });

  it('describes the envelope and its refusals, the conventions and the sign-in flow', () => {
    const text = doc.info.description;
    for (const field of ['success', 'message', 'data', 'errorCode', 'errorMsg']) expect(text).toContain(`"${field}"`);
    expect(text).toMatch(/business refusal answers HTTP 200/);
    expect(text).toMatch(/HTTP 400 with errorCode 4000/);
    expect(text).toMatch(/HTTP 400 with errorCode 4003\*\*: `data` is the list/);
    expect(text).toMatch(/yuan with at most two decimals/);
    expect(text).toMatch(/`1` 借 \(debit\), `2` 贷 \(credit\)/);
    expect(text).toMatch(/a period `yyyy-MM`, a date `yyyy-MM-dd`/);
    const flow = [Paths.getValidateCode, CAPTCHA_KEY_HEADER, Paths.logOn, 'signKey', Paths.ztElect, Paths.setUserZtLevel];
    const at = flow.map((step) => text.indexOf(step));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(doc.components.schemas.Refusal).toBeDefined();
  });

  it("holds the README's worked example of a signature, as src/shared/signature.ts computes it", () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const example =
      /Worked example: `signKey` = `([0-9a-f]{64})`,\s*`(GET|POST|DELETE) ([^`]+)`,\s*`timestamp: (\d+)`,\s*`nonce: ([^`]+)`/.exec(
        readme,
      );
    const readmeSignature = /and `authEncryptKey` = `([0-9a-f]{64})`/.exec(readme)?.[1];
    expect(example).not.toBeNull();
    const [, signKey = '', method = '', url = '', timestamp = '', nonce = ''] = example ?? [];
    expect({ signKey, method, url, timestamp, nonce }).toEqual({ ...SIGNING_EXAMPLE });

    const query = new URL(url, 'http://localhost');
    const call = { method, path: query.pathname, params: Object.fromEntries(query.searchParams), timestamp, nonce };
    const signature = sign(signKey, call);
    expect(signature).toBe(readmeSignature);
    expect(canonicalString(signingExampleCall())).toBe(canonicalString(call));
    const text = doc.info.description;
    expect(text).toContain(`\`\`\`\n${canonicalString(call)}\n\`\`\``);
    expect(text).toContain(`\`authEncryptKey\` = \`${signature}\``);
    expect(text).toContain(`-hmac ${signKey}`);
  });

  it('lists every error code of the catalogue with its meaning and what to do', () => {
    const rows = doc.info.description.split('\n').filter((line) => /^\| \d+ \|/.test(line));
    const codes = Object.values(ErrorCodes);
    expect(rows).toHaveLength(codes.length);
    for (const info of codes) {
      const row = rows.find((r) => r.startsWith(`| ${info.code} |`)) ?? expect.fail(`no row for ${info.code}`);
      const cells = row.split(' | ');
      expect(cells[2]).toBe(String(info.http));
      expect(row).toContain(info.meaning);
      expect((cells[4] ?? '').replace(/ \|$/, '').length).toBeGreaterThan(20);
    }
    const listed = (doc.components.schemas.ErrorCode?.oneOf as { enum?: number[]; const?: number }[]).map(
      (b) => b.const ?? b.enum?.[0],
    );
    expect(listed.sort()).toEqual(codes.map((c) => c.code).sort());
  });
});
