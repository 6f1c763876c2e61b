/**
 * What a captured signed call is worth: nothing on another method or path, and nothing a second
 * time, not even after the server restarts on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { Envelope } from '../../shared/envelope.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { queryParams } from '../../shared/signature.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const SET = '示范市实验中学工会';

describe.each(TEST_DIALECTS)('signed calls (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** A signed request as an eavesdropper would capture it: URL and headers, not sent yet. */
  function capture(client: ApiClient, method: string, path: string, params: Record<string, unknown>) {
    const query = queryParams(params);
    const url = new URL(path, server.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return { url, headers: client.headers(method, url, query) };
  }

  async function send(method: string, url: URL, headers: Record<string, string>): Promise<Envelope<unknown>> {
    const target = new URL(url.pathname + url.search, server.url);
    return (await (await fetch(target, { method, headers })).json()) as Envelope<unknown>;
  }

  it('refuses a GET signature on a DELETE with the same parameters, and on another path', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
    const created = await kuaiji.post(Paths.subjectList, { code: '13502', codeName: '预借差旅费', parentCode: '135' });
    expect(created.body.success).toBe(true);

    const get = capture(kuaiji, 'GET', Paths.subjectList, { code: '13502' });
    const asDelete = await send('DELETE', get.url, get.headers);
    expect(asDelete).toMatchObject({ success: false, errorCode: ErrorCode.SignatureInvalid });
    const elsewhere = new URL(get.url);
    elsewhere.pathname = Paths.ztElect;
    expect(await send('GET', elsewhere, get.headers)).toMatchObject({ success: false, errorCode: ErrorCode.SignatureInvalid });
    // The subject is still there, and the captured GET itself is good for what it was signed for.
    const list = (await send('GET', get.url, get.headers)) as Envelope<SubjectItem[]>;
    expect(list.success).toBe(true);
    expect(list.data.some((s) => s.code === '13502')).toBe(true);

    // A DELETE signed as a DELETE goes through.
    expect((await kuaiji.delete(Paths.subjectList, { code: '13502' })).body.success).toBe(true);
  });

  it('refuses a call replayed after the server restarted on the same database', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    const call = capture(kuaiji, 'GET', Paths.getInfo, {});
    expect((await send('GET', call.url, call.headers)).success).toBe(true);
    expect(await send('GET', call.url, call.headers)).toMatchObject({ errorCode: ErrorCode.ReplayRefused });

    await server.restart();
    // The session outlives the restart (it is in the database), and so does the used nonce.
    expect(await send('GET', call.url, call.headers)).toMatchObject({ success: false, errorCode: ErrorCode.ReplayRefused });
    const fresh = capture(kuaiji, 'GET', Paths.getInfo, {});
    expect((await send('GET', fresh.url, fresh.headers)).success).toBe(true);
  });

  it('refuses a replay after a restart once the session is known again (its nonce then recorded with the cache stamps)', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    const call = capture(kuaiji, 'GET', Paths.getInfo, {});
    expect((await send('GET', call.url, call.headers)).success).toBe(true);
    await server.restart();
    // Two fresh calls first: the new process reads the session and keeps it; the replay then comes
    // from a session it knows, whose nonces are recorded by the statement that reads the stamps.
    for (let i = 0; i < 2; i++) {
      const fresh = capture(kuaiji, 'GET', Paths.getInfo, {});
      expect((await send('GET', fresh.url, fresh.headers)).success).toBe(true);
    }
    expect(await send('GET', call.url, call.headers)).toMatchObject({ success: false, errorCode: ErrorCode.ReplayRefused });
    // A copy sent elsewhere uses up nothing: the call itself stays good where it was signed for.
    const later = capture(kuaiji, 'GET', Paths.getInfo, {});
    const elsewhere = new URL(later.url);
    elsewhere.pathname = Paths.ztElect;
    expect(await send('GET', elsewhere, later.headers)).toMatchObject({ success: false, errorCode: ErrorCode.SignatureInvalid });
    expect((await send('GET', later.url, later.headers)).success).toBe(true);
  });

  it('accepts one of several simultaneous copies of a call', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    const call = capture(kuaiji, 'GET', Paths.getInfo, {});
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('GET', call.url, call.headers)));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.errorCode === ErrorCode.ReplayRefused)).toHaveLength(9);
  });
});
