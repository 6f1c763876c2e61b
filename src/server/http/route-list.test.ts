import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('registered routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('lists every module base and method once, with its config', () => {
    const keys = server.routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('POST /api/auth/logOn');
    expect(keys).toContain('POST /account/api/certificate');
    expect(keys).toContain('GET /userCenter/api/ztInfo/elect');
    expect(keys).toContain('GET /usercenter/api/ztInfo/elect');
    expect(keys.some((k) => k.startsWith('HEAD '))).toBe(false);
    const logOn = server.routes.find((r) => r.url === '/api/auth/logOn');
    expect(logOn?.config).toMatchObject({ access: 'public' });
  });
});
