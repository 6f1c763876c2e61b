/** The operation log (admin/audit.ts): written with the change, never without it, never with a secret. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { recordChange, withoutSecrets, type Actor } from './audit.js';

const actor: Actor = { userId: 1, loginName: 'admin', address: '10.0.0.8' };

describe('a record without its secrets', () => {
  it('masks every key that names a password, hash, secret, token or key, at any depth, and keeps the rest', () => {
    const record = {
      login_name: 'kuaiji',
      password_hash: 'scrypt$…',
      nested: [{ newPassword: 'x', name: '李会计' }],
      sign_key: 'k',
      token: 't',
      must_change_password: 1,
      passwordChangedAt: 5,
    };
    expect(withoutSecrets(record)).toEqual({
      login_name: 'kuaiji',
      password_hash: '******',
      nested: [{ newPassword: '******', name: '李会计' }],
      sign_key: '******',
      token: '******',
      must_change_password: 1,
      passwordChangedAt: 5,
    });
  });

  it('leaves records without secrets as they are', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('name', 'code', 'level', 'enable'), fc.jsonValue()), (record) => {
        expect(withoutSecrets(record)).toEqual(record);
      }),
    );
  });
});

describe.each(TEST_DIALECTS)('the operation log (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('keeps what a committed change recorded, before and after, without the secrets', async () => {
    const q = server.db.kysely;
    await q.transaction().execute((trx) =>
      recordChange(
        trx,
        actor,
        {
          action: 'user.resetPassword',
          target: 'app_user',
          targetId: 7,
          ztId: null,
          summary: '重置用户 kuaiji 的密码',
          before: { password_hash: 'old' },
          after: { password_hash: 'new', must_change_password: 1 },
        },
        1_700_000_000_000,
      ),
    );
    const row = await q.selectFrom('admin_log').selectAll().where('action', '=', 'user.resetPassword').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ at: 1_700_000_000_000, login_name: 'admin', address: '10.0.0.8', target_id: '7', zt_id: null });
    expect(Number(row.user_id)).toBe(1);
    expect(JSON.parse(row.before_json ?? 'null')).toEqual({ password_hash: '******' });
    expect(JSON.parse(row.after_json ?? 'null')).toEqual({ password_hash: '******', must_change_password: 1 });
  });

  it('keeps nothing of a change that rolled back', async () => {
    const q = server.db.kysely;
    await expect(
      q.transaction().execute(async (trx) => {
        await recordChange(trx, actor, {
          action: 'zt.create',
          target: 'zt_info',
          targetId: 99,
          ztId: null,
          summary: '新建账套 X',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await q.selectFrom('admin_log').select('id').where('action', '=', 'zt.create').execute()).toEqual([]);
  });
});
