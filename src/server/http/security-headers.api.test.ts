/**
 * The browser-side defences on every kind of answer: the app page (its policy and the nonce it
 * hands the client), an API answer, error answers, and downloads; HSTS only when configured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRelation } from '../../shared/api/files.js';
import { Paths } from '../../shared/api/paths.js';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { SAMPLES } from '../files/sample-files.js';
import { API_CSP } from './security-headers.js';

/** A client build as Vite writes it: the placeholder nonce on its tags and in its meta element. */
function fakeClientBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>工会财务云</title><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
      `<script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {}');
  return dir;
}

/** The defences every answer carries. */
function expectEverywhere(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('strict-transport-security')).toBeNull();
}

/** What every API answer carries besides: never stored, never a page that runs anything. */
function expectApiAnswer(headers: Headers): void {
  expectEverywhere(headers);
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('content-security-policy')).toBe(API_CSP);
}

// The page and static files do not touch the database: SQLite only.
describe('security headers of the app page', () => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fakeClientBuild();
    server = await startTestServer('sqlite', { clientDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('gives the app page a strict policy whose style nonce is the one written into the page, fresh on every answer', async () => {
    const nonces: string[] = [];
    for (const url of ['/', '/accounting-management/voucher-management/voucherAdd', '/index.html']) {
      const page = await fetch(new URL(url, server.url));
      expect(page.status).toBe(200);
      expectEverywhere(page.headers);
      const csp = page.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['script-src-attr']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['worker-src']).toEqual(["'self'"]);
      expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('upgrade-insecure-requests');
      const [self, nonceSource, ...rest] = directives['style-src'] ?? [];
      expect(self).toBe("'self'");
      expect(rest).toEqual([]);
      const nonce = /^'nonce-([A-Za-z0-9+/=]{16,})'$/.exec(nonceSource ?? '')?.[1] ?? '';
      expect(nonce).not.toBe('');
      const html = await page.text();
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // Static files get the defences too, and may be cached (their names carry their hash).
    const asset = await fetch(new URL('/assets/app.js', server.url));
    await asset.text();
    expectEverywhere(asset.headers);
    expect(asset.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe.each(TEST_DIALECTS)('security headers of API answers (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('marks API answers, refusals and errors no-store and sandboxed', async () => {
    const config = await fetch(new URL(Paths.config, server.url));
    expect(config.status).toBe(200);
    await config.text();
    expectApiAnswer(config.headers);

    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市第一机械厂工会');
    const subjects = await kuaiji.get(Paths.subjectList);
    expect(subjects.body.success).toBe(true);
    expectApiAnswer(subjects.headers);

    const refused = await fetch(new URL(Paths.getInfo, server.url));
    expect(((await refused.json()) as { errorCode: number }).errorCode).toBe(4004);
    expectApiAnswer(refused.headers);

    const unknown = await fetch(new URL('/account/api/no-such-call', server.url));
    expect(unknown.status).toBe(404);
    await unknown.text();
    expectApiAnswer(unknown.headers);

    const malformed = await fetch(new URL(Paths.logOn, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"loginName":',
    });
    expect(malformed.status).toBe(400);
    await malformed.text();
    expectApiAnswer(malformed.headers);
  });
});

describe.each(TEST_DIALECTS)('security headers of downloads (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('sends attachments as downloads that cannot run as the app, with the file name', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市第一机械厂工会');
    const uploaded = await kuaiji.upload<FileRelation[]>(Paths.fileRelation, { name: '发票.png', content: SAMPLES.png });
    expect(uploaded.body.success).toBe(true);
    const file = uploaded.body.data[0];
    if (!file) throw new Error('no file');
    const download = await kuaiji.download(Paths.fileDownload, { fileId: file.fileId });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(download.headers.get('content-disposition')).toContain(encodeURIComponent('发票.png'));
    expectApiAnswer(download.headers);
    // Not the last answer of the server: when a streamed file is, closing the server sometimes
    // waits for ever on a connection Node counts and never frees (the code before this change too).
    expect((await kuaiji.get(Paths.getInfo)).body.success).toBe(true);
  });
});

describe('security headers behind TLS (HSTS=on)', () => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fakeClientBuild();
    server = await startTestServer('sqlite', { clientDir, hsts: true });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('adds Strict-Transport-Security everywhere and asks the page to upgrade insecure requests', async () => {
    const page = await fetch(new URL('/', server.url));
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    const api = await fetch(new URL(Paths.config, server.url));
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(api.headers.get('cache-control')).toBe('no-store');
  });
});
