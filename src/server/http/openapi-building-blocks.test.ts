/**
 * Every building block of src/shared/api/schemas/common.ts, as the areas' routes will declare them
 * (amounts with x-yuan, directions, nullable fields, pages, maps, trees, downloads, uploads, path
 * parameters), still makes a valid OpenAPI 3.1 document with each part where a program looks for
 * it: the routes that declare them arrive area by area, and the document must stay valid as they do.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  DateText,
  Direction,
  Envelope,
  FileAnswer,
  Id,
  Month,
  NoParams,
  Nullable,
  Paged,
  SubjectCode,
  Year,
  YearMonth,
  YuanIn,
  YuanOut,
  ZtId,
} from '../../shared/api/schemas/common.js';
import { danglingRefs } from '../test-support/openapi-refs.js';
import { registerOpenApi } from './openapi.js';
import { installValidation } from './schema-validation.js';

const Line = Type.Object({
  subjectCode: SubjectCode(),
  debitAmount: Nullable(YuanOut()),
  direction: Direction(),
  note: Type.Optional(Nullable(Type.String())),
});

/** A tree (the ledger sets', the menus'): a recursive schema. */
const Node = Type.Cyclic({ Node: Type.Object({ id: Type.Integer(), children: Type.Array(Type.Ref('Node')) }) }, 'Node');

async function sampleDocument() {
  const app = Fastify();
  installValidation(app);
  await registerOpenApi(app);
  const config = { access: 'zt' as const, right: 'none' as const };
  app.get(
    '/account/api/sample',
    {
      config,
      schema: {
        querystring: Type.Object({
          year: Year(),
          month: Type.Optional(Month()),
          period: YearMonth(),
          on: Type.Optional(DateText()),
        }),
        response: { 200: Envelope(Paged(Line)) },
      },
    },
    () => Promise.resolve(null),
  );
  app.post(
    '/account/api/sample',
    {
      config,
      schema: {
        body: Type.Object({
          ztId: ZtId(),
          id: Type.Optional(Id()),
          lines: Type.Array(Type.Object({ amount: YuanIn(), direction: Direction() })),
        }),
        response: { 200: Envelope(Type.Record(Type.String(), YuanOut())) },
      },
    },
    () => Promise.resolve(null),
  );
  app.get(
    '/userCenter/api/sample/:id',
    { config, schema: { params: Type.Object({ id: Id() }), querystring: NoParams, response: { 200: Envelope(Type.Null()) } } },
    () => Promise.resolve(null),
  );
  app.get(
    '/userCenter/api/sample/tree',
    { config, schema: { querystring: NoParams, response: { 200: Envelope(Type.Array(Node)) } } },
    () => Promise.resolve(null),
  );
  app.get(
    '/account/api/sample/export',
    { config, schema: { querystring: NoParams, response: { 200: FileAnswer('application/pdf', 'the table as printed') } } },
    () => Promise.resolve(null),
  );
  app.post(
    '/files/api/sample',
    { config, schema: { consumes: ['multipart/form-data'], response: { 200: Envelope(Type.Array(Line)) } } },
    () => Promise.resolve(null),
  );
  await app.ready();
  const doc = app.swagger() as unknown as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: object } }>>;
  };
  await app.close();
  return doc;
}

describe('the building blocks in the OpenAPI document', () => {
  it('make a valid OpenAPI 3.1 document', async () => {
    const doc = await sampleDocument();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(danglingRefs(doc)).toEqual([]);
  });

  it('keep each part where a program looks for it: query and path parameters, the JSON body, an upload, a download', async () => {
    const { paths } = await sampleDocument();
    const names = (at: string, method: string, where: string) =>
      (paths[at]?.[method]?.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
    expect(names('/account/api/sample', 'get', 'query')).toEqual(['year', 'month', 'period', 'on']);
    expect(names('/userCenter/api/sample/{id}', 'get', 'path')).toEqual(['id']);
    expect(JSON.stringify(paths['/account/api/sample']?.post?.requestBody)).toContain('"x-yuan":true');
    expect(Object.keys(paths['/files/api/sample']?.post?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(JSON.stringify(paths['/account/api/sample/export']?.get)).toContain('"application/pdf"');
  });
});
