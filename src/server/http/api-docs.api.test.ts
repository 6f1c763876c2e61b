/**
 * The API documentation is for administrators: a program reads it with a signed call, a browser
 * opens it with the short-lived cookie a signed call sets (bound to that session). Anonymous
 * callers and other users are refused; the cookie opens the documentation and nothing else, cannot
 * renew itself, cannot be made by the client or stretched, and stops with the session or when its
 * user is no administrator any more. The page runs under a policy of its own; every other answer
 * keeps the API's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { ApiDocsSession } from '../../shared/api/schemas/docs.js';
import type { Envelope } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { hashToken } from '../auth/sessions.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { DOCS_COOKIE, DOCS_COOKIE_LIFETIME_MS, docsCookieValue } from './docs-cookie.js';
import { API_CSP, docsPagePolicy } from './security-headers.js';

const refused = (code: number) => ({ success: false, errorCode: code });

describe.each(TEST_DIALECTS)('the API documentation (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;

  /** A request as a browser tab sends it: no signature, the cookie if any; the answer read whole. */
  async function browse(path: string, cookie?: string): Promise<{ status: number; headers: Headers; text: string }> {
    const response = await fetch(new URL(path, server.url), { headers: cookie ? { cookie } : {}, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  const envelopeOf = (answer: { text: string }) => JSON.parse(answer.text) as Envelope<unknown>;

  /** The cookie the signed session call sets, as the browser sends it back. */
  async function openDocs(client: ApiClient): Promise<{ cookie: string; setCookie: string; answer: Envelope<ApiDocsSession> }> {
    const answer = await client.post<ApiDocsSession>(Paths.apiDocsSession);
    const setCookie = answer.headers.get('set-cookie') ?? '';
    return { cookie: setCookie.split(';')[0] ?? '', setCookie, answer: answer.body };
  }

  async function sessionOf(client: ApiClient) {
    return server.db.kysely
      .selectFrom('session')
      .selectAll()
      .where('token_hash', '=', hashToken(client.token))
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = new ApiClient(server.url);
    await admin.logOn(server.db, 'admin', 'Admin@123');
  });
  afterAll(() => server.close());

  it('refuses anonymous callers: the page, its files, the document and the session call', async () => {
    for (const path of [Paths.apiDocs, Paths.apiDocsJson, `${Paths.apiDocs}/static/swagger-ui.css`, `${Paths.apiDocs}/yaml`]) {
      const answer = await browse(path);
      expect(envelopeOf(answer), path).toMatchObject(refused(ErrorCode.TokenInvalid));
      expect(answer.headers.get('content-security-policy')).toBe(API_CSP);
    }
    const unsigned = await fetch(new URL(Paths.apiDocsSession, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.headers.get('set-cookie')).toBeNull();
    expect(await unsigned.json()).toMatchObject(refused(ErrorCode.TokenInvalid));
  });

  it('refuses a user who is no administrator, signed or with a cookie made for their session', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    expect((await kuaiji.get(Paths.apiDocsJson)).body).toMatchObject(refused(ErrorCode.Forbidden));
    const asked = await openDocs(kuaiji);
    expect(asked.answer).toMatchObject(refused(ErrorCode.Forbidden));
    expect(asked.setCookie).toBe('');
    const theirs = `${DOCS_COOKIE}=${docsCookieValue(await sessionOf(kuaiji), Date.now() + 60_000)}`;
    expect(envelopeOf(await browse(Paths.apiDocs, theirs))).toMatchObject(refused(ErrorCode.Forbidden));
  });

  it('gives an administrator the document through a signed call', async () => {
    const answer = await admin.download(Paths.apiDocsJson);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(API_CSP);
    expect(JSON.parse(Buffer.from(answer.bytes).toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
  });

  it('opens the page, every file it loads and the document to an administrator with the cookie, the page under its own policy', async () => {
    const { cookie, setCookie, answer } = await openDocs(admin);
    expect(answer).toMatchObject({ success: true, data: { url: Paths.apiDocs } });
    expect(answer.data.expiresAt - Date.now()).toBeGreaterThan(DOCS_COOKIE_LIFETIME_MS - 60_000);
    const attributes = setCookie.split(';').map((a) => a.trim());
    expect(attributes).toEqual(
      expect.arrayContaining([
        'HttpOnly',
        'SameSite=Strict',
        `Path=${Paths.apiDocs}`,
        `Max-Age=${DOCS_COOKIE_LIFETIME_MS / 1000}`,
      ]),
    );
    expect(attributes).not.toContain('Secure'); // plain http here; set over https

    const page = await browse(Paths.apiDocs, cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(docsPagePolicy(false));
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = page.text;
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // every script a file: no inline script to allow
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const loaded = await browse(file, cookie);
      expect(loaded.status, file).toBe(200);
      expect(loaded.headers.get('content-type'), file).not.toMatch(/json/);
      expect(envelopeOf(await browse(file)), `${file} without the cookie`).toMatchObject(refused(ErrorCode.TokenInvalid));
    }
    const json = await browse(Paths.apiDocsJson, cookie);
    expect(json.headers.get('content-security-policy')).toBe(API_CSP);
    expect(JSON.parse(json.text)).toMatchObject({ openapi: '3.1.0', info: { title: '工会财务云 API' } });
    expect((await browse(`${Paths.apiDocs}/yaml`, cookie)).status).toBe(200);

    const policy = docsPagePolicy(false);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(docsPagePolicy(true)).toContain('upgrade-insecure-requests');
    // Every other answer keeps the API's policy.
    expect((await fetch(new URL(Paths.config, server.url))).headers.get('content-security-policy')).toBe(API_CSP);
  });

  it('opens the documentation and nothing else with the cookie: no other call, no new cookie', async () => {
    const { cookie } = await openDocs(admin);
    expect(envelopeOf(await browse(Paths.getInfo, cookie))).toMatchObject(refused(ErrorCode.TokenInvalid));
    const renew = await fetch(new URL(Paths.apiDocsSession, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect(renew.headers.get('set-cookie')).toBeNull();
    expect(await renew.json()).toMatchObject(refused(ErrorCode.TokenInvalid));
  });

  it('refuses a cookie the server did not make for this session, or past its time', async () => {
    const session = await sessionOf(admin);
    const now = Date.now();
    const good = docsCookieValue(session, now + 60_000);
    expect((await browse(Paths.apiDocs, `${DOCS_COOKIE}=${good}`)).status).toBe(200);
    const [hash = '', expires = '', seal = ''] = good.split('.');
    const forged = [
      `${hash}.${Number(expires) + 3_600_000}.${seal}`, // its time stretched
      `${hash}.${expires}.${seal.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`, // its seal changed
      docsCookieValue({ token_hash: hash, sign_key: 'f'.repeat(64) }, now + 60_000), // sealed with another key
      docsCookieValue(session, now - 1), // past its time
      docsCookieValue(session, now + DOCS_COOKIE_LIFETIME_MS + 60_000), // sealed, but longer than a cookie lives
      `${'0'.repeat(64)}.${expires}.${seal}`, // no such session
    ];
    for (const value of forged) {
      expect(envelopeOf(await browse(Paths.apiDocs, `${DOCS_COOKIE}=${value}`)), value).toMatchObject(
        refused(ErrorCode.TokenInvalid),
      );
    }
  });

  it('stops opening the documentation when its user is no administrator any more, and after logout', async () => {
    const { cookie } = await openDocs(admin);
    const setAdmin = (on: boolean) =>
      server.db.kysely
        .updateTable('app_user')
        .set({ is_admin: on ? 1 : 0 })
        .where('login_name', '=', 'admin')
        .execute();
    await setAdmin(false);
    try {
      expect(envelopeOf(await browse(Paths.apiDocs, cookie))).toMatchObject(refused(ErrorCode.Forbidden));
      expect(envelopeOf(await browse(Paths.apiDocsJson, cookie))).toMatchObject(refused(ErrorCode.Forbidden));
    } finally {
      await setAdmin(true);
    }
    expect((await browse(Paths.apiDocs, cookie)).status).toBe(200);

    expect((await admin.post(Paths.logOut)).body.success).toBe(true);
    for (const path of [Paths.apiDocs, Paths.apiDocsJson, `${Paths.apiDocs}/static/swagger-ui.css`]) {
      expect(envelopeOf(await browse(path, cookie)), path).toMatchObject(refused(ErrorCode.TokenInvalid));
    }
  });
});

// Behind a TLS proxy (TRUST_PROXY names it) the cookie travels over HTTPS only.
describe('the documentation cookie behind a TLS proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { trustProxy: { hops: 1 } });
  });
  afterAll(() => server.close());

  it('is Secure when the request came over HTTPS', async () => {
    const admin = new ApiClient(server.url);
    await admin.logOn(server.db, 'admin', 'Admin@123');
    const url = new URL(Paths.apiDocsSession, server.url);
    const setCookie = async (proto: string) => {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': proto, ...admin.headers('POST', url, {}) },
        body: '{}',
      });
      expect(((await answer.json()) as Envelope<unknown>).success).toBe(true);
      return (answer.headers.get('set-cookie') ?? '').split(';').map((a) => a.trim());
    };
    expect(await setCookie('https')).toContain('Secure');
    expect(await setCookie('http')).not.toContain('Secure');
  });
});
