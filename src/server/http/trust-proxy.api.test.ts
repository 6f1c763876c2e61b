/**
 * Who the client is, by TRUST_PROXY: the address kept with the session after a sign-in that
 * carries a forged X-Forwarded-For (the hop-count form is covered with the sign-in lock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogOnResponse } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import type { Envelope } from '../../shared/envelope.js';
import { hashToken } from '../auth/sessions.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

async function addressAfterLogin(server: TestServer, forwardedFor: string): Promise<string> {
  const response = await fetch(new URL(Paths.logOn, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ loginName: 'kuaiji', password: 'Kuaiji@123', captcha: '', captchaKey: '' }),
  });
  const body = (await response.json()) as Envelope<LogOnResponse>;
  if (!body.success) throw new Error(`login failed: ${body.errorMsg}`);
  const row = await server.db.kysely
    .selectFrom('session')
    .select('address')
    .where('token_hash', '=', hashToken(body.data.token))
    .executeTakeFirstOrThrow();
  return row.address;
}

describe.each(TEST_DIALECTS)('client address behind proxies (%s)', (dialect) => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    direct = await startTestServer(dialect, { captcha: false });
    proxied = await startTestServer(dialect, { captcha: false, trustProxy: { proxies: ['127.0.0.1', '10.0.0.0/8'] } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await addressAfterLogin(direct, '203.0.113.1')).toBe('127.0.0.1');
  });

  it('takes the first address from the right that is not a trusted proxy, never a forged one to its left', async () => {
    expect(await addressAfterLogin(proxied, '6.6.6.6, 203.0.113.20')).toBe('203.0.113.20');
    expect(await addressAfterLogin(proxied, '6.6.6.6, 203.0.113.21, 10.2.3.4')).toBe('203.0.113.21');
  });
});
