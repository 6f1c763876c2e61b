/**
 * Malformed requests answer HTTP 400 with 4000 and a Chinese message, before any handler or the
 * signature check sees them, never a 500: a body nested too deep, a JSON body that is not JSON,
 * a repeated query parameter, a request line or header over Node's limit, an upload whose multipart
 * body is broken, and updateTemplateSort with a list of nulls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { JsonBodyMessages, MAX_JSON_DEPTH } from './json-body.js';

const nested = (depth: number) => `{"tempInfo":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe.each(TEST_DIALECTS)('malformed requests (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市第一机械厂工会');
  });
  afterAll(() => server.close());

  const envelope = (text: string) => JSON.parse(text) as { success: boolean; errorCode: number; errorMsg: string };

  it('a body nested 20,000 arrays deep is refused with 400 and 4000, signed or not', async () => {
    const text = nested(20_000);
    // The signature the client would send cannot even be computed (JSON.stringify overflows), so any will do.
    const signed = await kuaiji.raw('POST', Paths.updateTemplateSort, { text, contentType: 'application/json' });
    expect(signed.status).toBe(400);
    expect(envelope(signed.text)).toMatchObject({
      success: false,
      errorCode: ErrorCode.BadRequest,
      errorMsg: JsonBodyMessages.tooDeep,
    });
    const anonymous = await fetch(new URL(Paths.logOn, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"loginName":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    });
    expect(anonymous.status).toBe(400);
    expect(envelope(await anonymous.text()).errorMsg).toBe(JsonBodyMessages.tooDeep);
  });

  it(`nesting up to ${MAX_JSON_DEPTH} levels reaches the route, and brackets inside strings do not count`, async () => {
    const atLimit = await kuaiji.raw('POST', Paths.updateTemplateSort, {
      text: nested(MAX_JSON_DEPTH),
      contentType: 'application/json',
      signed: JSON.parse(nested(MAX_JSON_DEPTH)) as Record<string, unknown>,
    });
    expect(envelope(atLimit.text).errorMsg).not.toBe(JsonBodyMessages.tooDeep);
    expect(atLimit.status).toBe(400);
    const inString = { tempInfo: [], note: '['.repeat(1000) };
    const answer = await kuaiji.raw('POST', Paths.updateTemplateSort, {
      text: JSON.stringify(inString),
      contentType: 'application/json',
      signed: inString,
    });
    expect(envelope(answer.text)).toMatchObject({ success: true });
  });

  it('updateTemplateSort with [null] or a list of junk answers 400 and changes nothing', async () => {
    for (const tempInfo of [
      [null],
      [1],
      ['x'],
      [[]],
      [{ id: null }],
      [{ id: { a: 1 } }],
      [{ id: 'x', templateSort: 2 ** 40 }],
      'x',
    ]) {
      const answer = await kuaiji.post(Paths.updateTemplateSort, { tempInfo });
      expect(answer.status, JSON.stringify(tempInfo)).toBe(400);
      expect(answer.body.errorCode).toBe(ErrorCode.BadRequest);
    }
  });

  it('a voucher or carry-forward template whose details hold null or junk answers 400', async () => {
    const bodies = [
      { name: '模板', policyBasis: '依据', template: 1, details: [null] },
      { name: '模板', policyBasis: '依据', template: 1, details: [{ subjectCode: '101', auxis: 'x' }] },
      { name: '模板', policyBasis: '依据', template: 1, details: [{ subjectCode: '101', auxis: [null] }] },
      { name: '结转', template: 4, isMonth: true, details: [null] },
      { name: '结转', template: 4, isMonth: true, details: [7] },
    ];
    for (const body of bodies) {
      const answer = await kuaiji.post(Paths.template, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errorCode).toBe(ErrorCode.BadRequest);
    }
  });

  it('a body that is not JSON, or empty, answers 400 with 4000 and a Chinese message', async () => {
    for (const text of ['{"a":', '', 'nope']) {
      const answer = await kuaiji.raw('POST', Paths.updateTemplateSort, { text, contentType: 'application/json' });
      expect(answer.status).toBe(400);
      expect(envelope(answer.text).errorCode).toBe(ErrorCode.BadRequest);
      expect(envelope(answer.text).errorMsg).toMatch(/请求内容/);
    }
  });

  it('an upload whose multipart body is broken (no boundary, cut short) answers 400 with 4000, on every upload', async () => {
    for (const path of [Paths.fileRelation, Paths.openingImport]) {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
        const answer = await kuaiji.raw('POST', path, { text: 'junk', contentType });
        expect(answer.status, `${path} ${contentType}`).toBe(400);
        expect(envelope(answer.text)).toMatchObject({
          errorCode: ErrorCode.BadRequest,
          errorMsg: '上传内容不是完整的multipart/form-data',
        });
      }
    }
  });

  it('a query parameter sent twice answers 400 with 4000', async () => {
    const answer = await kuaiji.raw('GET', Paths.certificate, {
      query: [
        ['year', '2026'],
        ['year', '2025'],
      ],
    });
    expect(answer.status).toBe(400);
    expect(envelope(answer.text)).toMatchObject({ errorCode: ErrorCode.BadRequest, errorMsg: '参数year重复' });
  });

  it('a request address past the header limit answers 400 with the envelope', async () => {
    const answer = await kuaiji.raw('GET', Paths.certificate, { query: [['summary', '长'.repeat(20_000)]] });
    expect(answer.status).toBe(400);
    expect(envelope(answer.text)).toMatchObject({ success: false, errorCode: ErrorCode.BadRequest });
  });
});
