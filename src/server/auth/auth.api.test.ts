import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { hashToken } from './sessions.js';

describe.each(TEST_DIALECTS)('sign-in and session (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      login: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 50, windowMs: 1500 },
    });
  });
  afterAll(() => server.close());

  it('serves a one-use captcha image with its key', async () => {
    const response = await fetch(new URL(Paths.getValidateCode, server.url));
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    const api = new ApiClient(server.url);
    const { key, answer } = await api.captcha(server.db);
    const first = await api.post(Paths.logOn, { loginName: 'kuaiji', password: 'Kuaiji@123', captcha: answer, captchaKey: key });
    expect(first.body.success).toBe(true);
    const again = await new ApiClient(server.url).post(Paths.logOn, {
      loginName: 'kuaiji',
      password: 'Kuaiji@123',
      captcha: answer,
      captchaKey: key,
    });
    expect(again.body).toMatchObject({ success: false, errorCode: ErrorCode.CaptchaInvalid });
  });

  it('refuses a wrong or expired captcha before looking at the password', async () => {
    const api = new ApiClient(server.url);
    const { key } = await api.captcha(server.db);
    const wrong = await api.post(Paths.logOn, { loginName: 'kuaiji', password: 'Kuaiji@123', captcha: 'zzzz', captchaKey: key });
    expect(wrong.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.CaptchaInvalid,
      errorMsg: '验证码错误或已过期，请重新输入',
    });
    const expired = await api.captcha(server.db);
    await server.db.kysely
      .updateTable('captcha')
      .set({ expires_at: Date.now() - 1 })
      .where('captcha_key', '=', expired.key)
      .execute();
    const late = await api.post(Paths.logOn, {
      loginName: 'kuaiji',
      password: 'Kuaiji@123',
      captcha: expired.answer,
      captchaKey: expired.key,
    });
    expect(late.body.errorCode).toBe(ErrorCode.CaptchaInvalid);
  });

  it('refuses a wrong password and logs in with the right one, keeping only a hash of the token', async () => {
    const api = new ApiClient(server.url);
    const bad = await api.logOn(server.db, 'shenhe', 'wrong-password');
    expect(bad.body).toMatchObject({ success: false, errorCode: ErrorCode.LoginFailed, errorMsg: '用户名或密码错误' });
    const unknown = await api.logOn(server.db, 'nobody', 'Whatever@1');
    expect(unknown.body.errorMsg).toBe('用户名或密码错误');
    const good = await api.logOn(server.db, 'shenhe', 'Shenhe@123');
    expect(good.body.success).toBe(true);
    expect(good.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(good.body.data.signKey).toMatch(/^[0-9a-f]{64}$/);
    const rows = await server.db.kysely.selectFrom('session').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(good.body.data.token));
    expect(rows.map((r) => r.token_hash)).not.toContain(good.body.data.token);
    const stored = await server.db.kysely
      .selectFrom('app_user')
      .select('password_hash')
      .where('login_name', '=', 'shenhe')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
  });

  it('locks an account after repeated failures and lets the real user in after the cool-down', async () => {
    const api = new ApiClient(server.url);
    for (let i = 0; i < 3; i++) await api.logOn(server.db, 'chuna', 'Wrong@0000');
    const locked = await api.logOn(server.db, 'chuna', 'Chuna@123');
    expect(locked.body).toMatchObject({ success: false, errorCode: ErrorCode.LoginLocked });
    expect(locked.body.errorMsg).toMatch(/登录失败次数过多，请\d+分钟后再试/);
    await new Promise((r) => setTimeout(r, 1600));
    const after = await api.logOn(server.db, 'chuna', 'Chuna@123');
    expect(after.body.success).toBe(true);
  });

  it('locks an address that fails across many accounts', async () => {
    const strict = await startTestServer(dialect, {
      login: { maxFailuresPerAccount: 50, maxFailuresPerAddress: 3, windowMs: 60_000 },
    });
    try {
      const api = new ApiClient(strict.url);
      for (const name of ['a1', 'a2', 'a3']) await api.logOn(strict.db, name, 'Wrong@0000');
      const locked = await api.logOn(strict.db, 'kuaiji', 'Kuaiji@123');
      expect(locked.body).toMatchObject({ success: false, errorCode: ErrorCode.LoginLocked });
    } finally {
      await strict.close();
    }
  });

  it('answers malformed logOn bodies with 400 and 4000', async () => {
    const response = await fetch(new URL(Paths.logOn, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"loginName":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, errorCode: ErrorCode.BadRequest });
    const missing = await new ApiClient(server.url).post(Paths.logOn, { loginName: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.errorCode).toBe(ErrorCode.BadRequest);
  });

  it('requires a token (4004) and ends it at logout', async () => {
    const anonymous = await fetch(new URL(Paths.getInfo, server.url));
    expect(await anonymous.json()).toMatchObject({ success: false, errorCode: ErrorCode.TokenInvalid });
    const api = new ApiClient(server.url);
    await api.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    expect((await api.get(Paths.getInfo)).body.success).toBe(true);
    expect((await api.post(Paths.logOut)).body.success).toBe(true);
    expect((await api.get(Paths.getInfo)).body.errorCode).toBe(ErrorCode.TokenInvalid);
  });

  it('ends the earlier session when the same account logs in elsewhere (4007)', async () => {
    const first = new ApiClient(server.url);
    const second = new ApiClient(server.url);
    await first.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    await second.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    expect((await first.get(Paths.getInfo)).body.errorCode).toBe(ErrorCode.SessionReplaced);
    expect((await second.get(Paths.getInfo)).body.success).toBe(true);
  });

  it('refuses a disabled account (4010) at once and at login', async () => {
    const api = new ApiClient(server.url);
    await api.logOn(server.db, 'chuna', 'Chuna@123');
    await server.db.kysely.updateTable('app_user').set({ enable: 0 }).where('login_name', '=', 'chuna').execute();
    try {
      expect((await api.get(Paths.getInfo)).body.errorCode).toBe(ErrorCode.AccountDisabled);
      expect((await new ApiClient(server.url).logOn(server.db, 'chuna', 'Chuna@123')).body.errorCode).toBe(
        ErrorCode.AccountDisabled,
      );
    } finally {
      await server.db.kysely.updateTable('app_user').set({ enable: 1 }).where('login_name', '=', 'chuna').execute();
    }
  });

  it('checks the signature: missing, wrong, tampered, stale and replayed calls are refused', async () => {
    const api = new ApiClient(server.url);
    await api.logOn(server.db, 'admin', 'Admin@123');
    expect((await api.get(Paths.getInfo, {}, { omit: ['authEncryptKey'] })).body.errorCode).toBe(ErrorCode.SignatureInvalid);
    expect((await api.get(Paths.getInfo, {}, { signature: 'ab'.repeat(32) })).body.errorCode).toBe(ErrorCode.SignatureInvalid);
    const stale = String(Date.now() - 6 * 60 * 1000);
    expect((await api.get(Paths.getInfo, {}, { timestamp: stale })).body.errorCode).toBe(ErrorCode.ReplayRefused);
    const nonce = 'fixed-nonce-0001';
    expect((await api.get(Paths.ztElect, { a: '1' }, { nonce })).body.success).toBe(true);
    expect((await api.get(Paths.ztElect, { a: '1' }, { nonce })).body.errorCode).toBe(ErrorCode.ReplayRefused);
    // A signature made for other parameters does not cover these.
    const timestamp = String(Date.now());
    const url = new URL(Paths.ztElect, server.url);
    url.searchParams.set('year', '2026');
    const { sign } = await import('../../shared/signature.js');
    const forged = await fetch(url, {
      headers: {
        token: api.token,
        timestamp,
        nonce: 'other-nonce-0002',
        authEncryptKey: sign(api.signKey, {
          method: 'GET',
          path: Paths.ztElect,
          params: { year: '2025' },
          timestamp,
          nonce: 'other-nonce-0002',
        }),
      },
    });
    expect(await forged.json()).toMatchObject({ errorCode: ErrorCode.SignatureInvalid });
    // POST bodies are signed by their top-level fields, non-strings JSON-encoded.
    const post = await api.post(Paths.logOut, { flag: true, n: 3, list: [1, 2] });
    expect(post.body.success).toBe(true);
  });

  it('expires a session left idle', async () => {
    const idle = await startTestServer(dialect, { session: { idleMs: 300, absoluteMs: 3_600_000, single: true } });
    try {
      const api = new ApiClient(idle.url);
      await api.logOn(idle.db, 'kuaiji', 'Kuaiji@123');
      await new Promise((r) => setTimeout(r, 400));
      expect((await api.get(Paths.getInfo)).body.errorCode).toBe(ErrorCode.TokenInvalid);
    } finally {
      await idle.close();
    }
  });

  it('forces an initial or reset password to be changed before anything else', async () => {
    await server.db.kysely.updateTable('app_user').set({ must_change_password: 1 }).where('login_name', '=', 'shenhe').execute();
    const api = new ApiClient(server.url);
    await api.logOn(server.db, 'shenhe', 'Shenhe@123');
    expect((await api.get<boolean>(Paths.determineThePasswordHasExpired)).body.data).toBe(true);
    expect((await api.get(Paths.ztElect)).body.errorCode).toBe(ErrorCode.PasswordChangeRequired);
    expect((await api.get(Paths.getInfo)).body.success).toBe(true);
    const wrongOld = await api.post(Paths.updatePassword, { oldPassword: 'nope', newPassword: 'Better#2026x' });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({ errorCode: ErrorCode.ValidationFailed, data: ['原密码不正确'] });
    const weak = await api.post(Paths.updatePassword, { oldPassword: 'Shenhe@123', newPassword: 'abcdefgh' });
    expect(weak.body.errorCode).toBe(ErrorCode.ValidationFailed);
    const ok = await api.post(Paths.updatePassword, { oldPassword: 'Shenhe@123', newPassword: 'Better#2026x' });
    expect(ok.body.success).toBe(true);
    expect((await api.get<boolean>(Paths.determineThePasswordHasExpired)).body.data).toBe(false);
    expect((await api.get(Paths.ztElect)).body.success).toBe(true);
    expect((await new ApiClient(server.url).logOn(server.db, 'shenhe', 'Better#2026x')).body.success).toBe(true);
  });
});
