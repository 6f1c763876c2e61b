import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  Direction,
  Envelope,
  FileAnswer,
  Month,
  Nullable,
  NoParams,
  Year,
  YearMonth,
  YuanIn,
  YuanOut,
} from '../../shared/api/schemas/common.js';
import { okEnvelope, type Envelope as EnvelopeOf } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import { installEnvelope } from './envelope-plugin.js';
import { installValidation, schemaErrorFormatter } from './schema-validation.js';

/** The validation pipeline of the app (its ajv options, keywords, formatter and envelope) on a few declared routes. */
describe('declared schemas: validation and what a refused call is told', () => {
  const app = Fastify({ schemaErrorFormatter }).withTypeProvider<TypeBoxTypeProvider>();
  const Line = Type.Object({ summary: Type.String({ maxLength: 5 }), debitAmount: YuanIn() });
  const body = Type.Object({
    year: Year(),
    month: Month(),
    direction: Direction(),
    note: Type.Optional(Nullable(Type.String({ maxLength: 3 }))),
    lines: Type.Array(Line, { minItems: 1 }),
  });
  beforeAll(async () => {
    installValidation(app);
    installEnvelope(app, '/nowhere');
    app.post(
      '/api/post',
      { schema: { body, response: { 200: Envelope(Type.Object({ fen: Type.Array(Type.Integer()) })) } } },
      (request) => {
        const fen = request.body.lines.map((l) => {
          const parsed = yuanToFen(l.debitAmount);
          if (!parsed.ok) throw new Error('the schema let an amount through that does not convert');
          return parsed.fen;
        });
        return Promise.resolve(okEnvelope({ fen }));
      },
    );
    app.get(
      '/api/get',
      {
        schema: {
          querystring: Type.Object({ year: Year(), period: Type.Optional(YearMonth()) }),
          response: { 200: Envelope(Type.Object({ year: Type.Integer() })) },
        },
      },
      (request) => Promise.resolve(okEnvelope({ year: request.query.year })),
    );
    app.get(
      '/api/ratio',
      {
        schema: {
          querystring: Type.Object({
            ratio: Type.Number(),
            id: Type.Optional(Type.Integer({ maximum: 9, 'x-message': '编号无效' })),
          }),
          response: { 200: Envelope(Type.Object({ ratio: Type.Number() })) },
        },
      },
      (request) => Promise.resolve(okEnvelope({ ratio: request.query.ratio })),
    );
    app.get('/api/amount', { schema: { querystring: NoParams, response: { 200: Envelope(YuanOut()) } } }, () =>
      Promise.resolve(okEnvelope(fenToYuan(123_456_789_012))),
    );
    app.get(
      '/api/refuse',
      { schema: { querystring: NoParams, response: { 200: Envelope(Type.Object({ n: Type.Integer() })) } } },
      () => {
        throw Object.assign(new Error('x'), { statusCode: 400 });
      },
    );
    app.get(
      '/api/file',
      { schema: { querystring: NoParams, response: { 200: FileAnswer('application/pdf', 'a PDF') } } },
      async (_request, reply) => reply.type('application/pdf').send(Buffer.from('%PDF-1.4 bytes')),
    );
    app.post(
      '/api/optional',
      {
        schema: {
          body: Type.Object({ reason: Type.Optional(Type.String()) }),
          response: { 200: Envelope(Type.Object({ got: Type.String() })) },
        },
      },
      (request) => Promise.resolve(okEnvelope({ got: JSON.stringify(request.body) })),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const post = async (payload: unknown) => {
    const answer = await app.inject({ method: 'POST', url: '/api/post', payload: payload as Record<string, unknown> });
    return { status: answer.statusCode, body: answer.json<EnvelopeOf<{ fen: number[] } | null>>() };
  };
  const good = { year: 2026, month: 3, direction: 1, lines: [{ summary: '会费', debitAmount: '12.30' }] };

  it('takes a valid call, coercing a query string to its declared type', async () => {
    expect((await post(good)).body).toMatchObject({ success: true, data: { fen: [1230] } });
    const got = await app.inject({ method: 'GET', url: '/api/get?year=2026&period=2026-03' });
    expect(got.json()).toMatchObject({ success: true, data: { year: 2026 } });
  });

  it('takes null where a field is nullable', async () => {
    expect((await post({ ...good, note: null })).body.success).toBe(true);
    expect((await post({ ...good, note: '备注' })).body.success).toBe(true);
  });

  it.each([
    [{ ...good, note: '很长的备注' }, '参数note：不能超过3个字符'],
    [{ ...good, year: 26 }, '参数year：年份须为四位数字'],
    [{ ...good, year: 'abcd' }, '参数year：年份须为四位数字'],
    [{ ...good, month: 13 }, '参数month：月份须在1到12之间'],
    [{ ...good, direction: 3 }, '参数direction：方向须为1（借）或2（贷）'],
    [{ ...good, lines: [{ summary: '会费', debitAmount: '12.345' }] }, '参数lines[0].debitAmount：金额最多两位小数'],
    [{ ...good, lines: [{ summary: '会费', debitAmount: 0.1 + 0.2 }] }, '参数lines[0].debitAmount：金额最多两位小数'],
    [{ ...good, lines: [{ summary: '会费', debitAmount: '1,0' }] }, '参数lines[0].debitAmount：'],
    // Not coerced to a number first: a blank is no 0, hex is no amount.
    [{ ...good, lines: [{ summary: '会费', debitAmount: ' ' }] }, '参数lines[0].debitAmount：金额格式不正确'],
    [{ ...good, lines: [{ summary: '会费', debitAmount: '0x10' }] }, '参数lines[0].debitAmount：金额格式不正确'],
    [{ ...good, lines: [{ summary: '会费会费会费', debitAmount: 1 }] }, '参数lines[0].summary：不能超过5个字符'],
    [{ ...good, lines: [] }, '参数lines：至少要有1项'],
    [{ year: 2026, month: 3, direction: 1 }, '缺少参数lines'],
    [{ ...good, lines: [{ debitAmount: 1 }] }, '缺少参数lines[0].summary'],
  ])('refuses %j with 400, 4000 and the field and rule in Chinese', async (payload, message) => {
    const { status, body } = await post(payload);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, errorCode: ErrorCode.BadRequest, data: null });
    expect(body.errorMsg).toContain(message);
  });

  it.each([
    [{ ...good, month: true }, '参数month：月份须在1到12之间'],
    [{ ...good, month: [3] }, '参数month：月份须在1到12之间'],
    [{ ...good, year: '2026' }, '参数year：年份须为四位数字'],
    [{ ...good, direction: null }, '参数direction：方向须为1（借）或2（贷）'],
  ])('takes a JSON body as sent, without coercing %j', async (payload, message) => {
    const { status, body } = await post(payload);
    expect(status).toBe(400);
    expect(body.errorMsg).toContain(message);
  });

  it.each([
    ['ratio=Infinity', '参数ratio：须为有限的数字'],
    ['ratio=-Infinity', '参数ratio：须为有限的数字'],
    // Ajv coerces the text 'Infinity' and then skips the limits of a number that is not finite.
    ['ratio=1&id=Infinity', '参数id：编号无效'],
    ['ratio=1&id=10', '参数id：编号无效'],
  ])('refuses a number that is not finite in %s, whatever limits its field has', async (query, message) => {
    const answer = await app.inject({ method: 'GET', url: `/api/ratio?${query}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<EnvelopeOf<null>>().errorMsg).toBe(`请求参数有误: ${message}`);
    expect((await app.inject({ method: 'GET', url: '/api/ratio?ratio=0.5&id=9' })).json()).toMatchObject({
      data: { ratio: 0.5 },
    });
  });

  it('takes a POST without a body as an empty one', async () => {
    const got = await app.inject({ method: 'POST', url: '/api/optional' });
    expect(got.json()).toMatchObject({ success: true, data: { got: '{}' } });
  });

  it('refuses a query parameter of the wrong form', async () => {
    const got = await app.inject({ method: 'GET', url: '/api/get?year=2026&period=2026-13' });
    expect(got.statusCode).toBe(400);
    expect(got.json<EnvelopeOf>().errorMsg).toContain('参数period：期间须为yyyy-MM');
  });

  it('writes a refusal as it is, not through the route’s response schema', async () => {
    const got = await app.inject({ method: 'GET', url: '/api/refuse' });
    expect(got.statusCode).toBe(400);
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(got.json()).toMatchObject({ success: false, errorCode: ErrorCode.BadRequest, data: null });
  });

  it('answers an amount as the exact two-decimal yuan of its fen', async () => {
    const got = await app.inject({ method: 'GET', url: '/api/amount' });
    expect(got.body).toContain('"data":1234567890.12');
  });

  it('sends a declared download as its bytes', async () => {
    const got = await app.inject({ method: 'GET', url: '/api/file' });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.body).toBe('%PDF-1.4 bytes');
  });

  it('lets through exactly the amounts the server converts (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: -10_000_000_000_00, max: 10_000_000_000_00 }).map((fen) => (fen / 100).toFixed(2)),
          fc.double({ min: -1e12, max: 1e12, noNaN: true }),
          fc.string({ maxLength: 12 }),
        ),
        async (amount) => {
          const { status } = await post({ ...good, lines: [{ summary: '会费', debitAmount: amount }] });
          expect(status).toBe(yuanToFen(amount).ok ? 200 : 400);
        },
      ),
      { numRuns: 300 },
    );
  });
});
