/**
 * The sign-in lock under concurrent bursts, per account and per address, and against padded or
 * re-spelt login names. The server trusts one proxy hop, so each test speaks from its own client
 * address (the X-Forwarded-For entry a proxy would have appended) and the tests do not share a
 * per-address count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogOnResponse } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { Answer } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { hashToken } from './sessions.js';

const MAX_PER_ACCOUNT = 5;
const MAX_PER_ADDRESS = 8;

/** A password was checked and found wrong (and perhaps that failure locked): see routes.ts. */
const checkedAndWrong = (a: Answer<LogOnResponse>) => !a.body.success && (a.body.errorMsg ?? '').startsWith('用户名或密码错误');
const refusedUnchecked = (a: Answer<LogOnResponse>) =>
  !a.body.success && a.body.errorCode === ErrorCode.LoginLocked && (a.body.errorMsg ?? '').startsWith('登录失败次数过多');

describe.each(TEST_DIALECTS)('sign-in lock (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      captcha: false,
      trustProxy: { hops: 1 },
      login: { maxFailuresPerAccount: MAX_PER_ACCOUNT, maxFailuresPerAddress: MAX_PER_ADDRESS, windowMs: 60_000 },
    });
  });
  afterAll(() => server.close());

  async function logOn(loginName: string, password: string, address: string): Promise<Answer<LogOnResponse>> {
    const response = await fetch(new URL(Paths.logOn, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ loginName, password, captcha: '', captchaKey: '' }),
    });
    return { status: response.status, body: (await response.json()) as Answer<LogOnResponse>['body'], headers: response.headers };
  }

  async function attemptsTaken(scope: 'account' | 'address', key: string): Promise<number> {
    const row = await server.db.kysely
      .selectFrom('login_throttle')
      .select('attempts')
      .where('scope', '=', scope)
      .where('throttle_key', '=', key)
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  async function until(condition: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 500 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 5));
  }

  it('checks no more than the limit of a 100-attempt burst on one account, and the right password inside it does not get in', async () => {
    const address = '198.51.100.1';
    let answered = 0;
    const wrong = Array.from({ length: 100 }, () =>
      logOn('chuna', 'Wrong@0000', address).finally(() => {
        answered++;
      }),
    );
    // The right password goes out once the lock is reached, while the burst is still being answered.
    await until(async () => (await attemptsTaken('account', 'chuna')) >= MAX_PER_ACCOUNT);
    const stillInFlight = 100 - answered;
    const right = Array.from({ length: 10 }, () => logOn('chuna', 'Chuna@123', address));
    const wrongAnswers = await Promise.all(wrong);
    const rightAnswers = await Promise.all(right);

    expect(wrongAnswers.filter(checkedAndWrong)).toHaveLength(MAX_PER_ACCOUNT);
    expect(wrongAnswers.filter(refusedUnchecked)).toHaveLength(100 - MAX_PER_ACCOUNT);
    expect(rightAnswers.filter((a) => a.body.success)).toHaveLength(0);
    expect(rightAnswers.every(refusedUnchecked)).toBe(true);
    expect(await attemptsTaken('account', 'chuna')).toBe(MAX_PER_ACCOUNT);
    // The failure that took the last attempt says both things.
    expect(wrongAnswers.filter((a) => a.body.errorCode === ErrorCode.LoginLocked && checkedAndWrong(a))).toHaveLength(1);

    // A second burst while locked, the right password in the middle of it: nothing is checked.
    const mixed = await Promise.all(
      Array.from({ length: 60 }, (_, i) => logOn('chuna', i % 6 === 3 ? 'Chuna@123' : 'Wrong@0000', address)),
    );
    expect(mixed.filter((a) => a.body.success)).toHaveLength(0);
    expect(mixed.every(refusedUnchecked)).toBe(true);
    expect(await attemptsTaken('account', 'chuna')).toBe(MAX_PER_ACCOUNT);
    console.info(
      `[login burst ${dialect}] sent ${100 + 10 + 60}, passwords checked ${wrongAnswers.filter(checkedAndWrong).length}, ` +
        `right password sent with ${stillInFlight} of the burst unanswered, logins while locked ${
          rightAnswers.filter((a) => a.body.success).length + mixed.filter((a) => a.body.success).length
        }`,
    );
  });

  it('checks no more than the limit of a burst from one address across many accounts', async () => {
    const address = '198.51.100.2';
    const names = Array.from({ length: 100 }, (_, i) => `user-${i}`);
    const wrong = await Promise.all(names.map((name) => logOn(name, 'Wrong@0000', address)));
    expect(wrong.filter(checkedAndWrong)).toHaveLength(MAX_PER_ADDRESS);
    expect(await attemptsTaken('address', address)).toBe(MAX_PER_ADDRESS);
    const right = await Promise.all(Array.from({ length: 5 }, () => logOn('kuaiji', 'Kuaiji@123', address)));
    expect(right.filter((a) => a.body.success)).toHaveLength(0);
    expect(right.every(refusedUnchecked)).toBe(true);
    // The lock is the address's: the same account from another address signs in.
    expect((await logOn('kuaiji', 'Kuaiji@123', '198.51.100.3')).body.success).toBe(true);
  });

  it('counts padded, full-width and other-case spellings of a login name against one lock', async () => {
    const address = '198.51.100.4';
    const spellings = ['shenhe', ' shenhe', 'shenhe\t', '\u3000ｓｈｅｎｈｅ', 'SHENHE\u200b'];
    for (const name of spellings) expect(checkedAndWrong(await logOn(name, 'Wrong@0000', address))).toBe(true);
    const locked = await logOn('shenhe', 'Shenhe@123', address);
    expect(locked.body).toMatchObject({ success: false, errorCode: ErrorCode.LoginLocked });
    expect(refusedUnchecked(locked)).toBe(true);
    expect(await attemptsTaken('account', 'shenhe')).toBe(spellings.length);
  });

  it('finds the account by its normalised name, and a success gives the account its attempts back', async () => {
    const address = '198.51.100.5';
    expect(checkedAndWrong(await logOn('admin', 'Wrong@0000', address))).toBe(true);
    const padded = await logOn(' ａｄｍｉｎ\u3000', 'Admin@123', address);
    expect(padded.body).toMatchObject({ success: true, data: { loginName: 'admin' } });
    expect(await attemptsTaken('account', 'admin')).toBe(0);
    // The address keeps its failure (its own success is given back, not its earlier failures).
    expect(await attemptsTaken('address', address)).toBe(1);
    // Case stays part of the name: the account is 'admin', not 'ADMIN'.
    expect(checkedAndWrong(await logOn('ADMIN', 'Admin@123', address))).toBe(true);
    expect(await attemptsTaken('account', 'admin')).toBe(1);
  });

  it('takes the client address from the proxy, not from what the client writes into X-Forwarded-For', async () => {
    // One proxy hop: the proxy appends the address it saw (203.0.113.9); whatever the client
    // forged to the left of it changes nothing.
    const answers: Answer<LogOnResponse>[] = [];
    for (let i = 0; i < MAX_PER_ADDRESS + 2; i++) {
      answers.push(await logOn(`forger-${i}`, 'Wrong@0000', `10.9.${i}.1, 203.0.113.9`));
    }
    expect(answers.filter(checkedAndWrong)).toHaveLength(MAX_PER_ADDRESS);
    expect(answers.slice(MAX_PER_ADDRESS).every(refusedUnchecked)).toBe(true);
    expect(await attemptsTaken('address', '203.0.113.9')).toBe(MAX_PER_ADDRESS);

    const login = await logOn('kuaiji', 'Kuaiji@123', '192.0.2.77, 203.0.113.10');
    expect(login.body.success).toBe(true);
    const session = await server.db.kysely
      .selectFrom('session')
      .select('address')
      .where('token_hash', '=', hashToken(login.body.data.token))
      .executeTakeFirstOrThrow();
    expect(session.address).toBe('203.0.113.10');
  });
});
