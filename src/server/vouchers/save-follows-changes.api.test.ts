/**
 * A save is checked against the chart, the session and the user's rights as they are at that
 * moment: on SQLite they are read from an in-process cache (db/read-cache.ts), which every change
 * must end at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { VoucherRuleMessages } from '../../shared/vouchers/rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { VoucherPages } from './rights.js';
import { FACTORY, SCHOOL, line, request, save } from './voucher-test-kit.js';

describe.each(TEST_DIALECTS)('a save follows chart and session changes at once (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
  });
  afterAll(() => server.close());

  const withSubject = (code: string) => request({ certiDetails: [line(code, 100, null), line('401', null, 100)] });
  const ok = async (body = request()): Promise<Voucher> => {
    const answer = await save(kuaiji, body);
    expect(answer.body.errorMsg).toBeNull();
    return answer.body.data;
  };

  it('a subject disabled, then enabled again', async () => {
    await ok(withSubject('101'));
    expect((await kuaiji.post(Paths.subjectEnable, { code: '101', enable: false })).body.success).toBe(true);
    expect((await save(kuaiji, withSubject('101'))).body).toMatchObject({
      errorCode: ErrorCode.ValidationFailed,
      errorMsg: VoucherRuleMessages.subjectDisabled(1, '101'),
    });
    expect((await kuaiji.post(Paths.subjectEnable, { code: '101', enable: true })).body.success).toBe(true);
    await ok(withSubject('101'));
  });

  it('a subject that gets a child is no longer last level; the child is, with its full name', async () => {
    // 102 is unused this year: a subject the year's vouchers use gets no child.
    expect((await kuaiji.post(Paths.subjectList, { code: '10201', codeName: '基本户', parentCode: '102' })).body.success).toBe(
      true,
    );
    expect((await save(kuaiji, withSubject('102'))).body.errorMsg).toBe(VoucherMessages.notLastLevel);
    const saved = await ok(withSubject('10201'));
    expect(saved.certiDetails[0]).toMatchObject({ subjectCode: '10201', codeAndFullName: '10201 银行存款-基本户' });
  });

  it('a subject given an auxiliary type needs its item from then on', async () => {
    expect(
      (await kuaiji.post(Paths.subjectList, { code: '13502', codeName: '预借差旅费', parentCode: '135' })).body.success,
    ).toBe(true);
    await ok(withSubject('13502'));
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '13502', typeNoArray: ['BMHS'] })).body.success).toBe(true);
    expect((await save(kuaiji, withSubject('13502'))).body.errorMsg).toBe(VoucherMessages.auxiMissing);
  });

  it('a renamed subject is answered with its new name', async () => {
    await kuaiji.post(Paths.subjectList, { code: '16201', codeName: '房屋', parentCode: '162' });
    expect((await ok(withSubject('16201'))).certiDetails[0]?.codeName).toBe('房屋');
    await kuaiji.post(Paths.subjectList, { id: '16201', code: '16201', codeName: '房屋及构筑物' });
    expect((await ok(withSubject('16201'))).certiDetails[0]?.codeName).toBe('房屋及构筑物');
  });

  it('a button taken from the user’s level refuses the next save; given back, it saves again', async () => {
    const grant = await server.db.kysely
      .selectFrom('user_zt_level as g')
      .innerJoin('app_user as u', 'u.id', 'g.user_id')
      .innerJoin('user_level as l', 'l.id', 'g.user_level_id')
      .select(['l.id', 'l.resources'])
      .where('u.login_name', '=', 'kuaiji')
      .where('g.zt_id', '=', id(FACTORY))
      .executeTakeFirstOrThrow();
    const resources = JSON.parse(grant.resources) as { href: string; resourceList: string[] }[];
    const withoutAdd = resources.map((r) =>
      r.href === VoucherPages.add ? { ...r, resourceList: r.resourceList.filter((b) => b !== 'add') } : r,
    );
    await ok();
    const setResources = (text: string) =>
      server.db.kysely.updateTable('user_level').set({ resources: text }).where('id', '=', grant.id).execute();
    await setResources(JSON.stringify(withoutAdd));
    try {
      expect((await save(kuaiji, request())).body.errorCode).toBe(ErrorCode.Forbidden);
    } finally {
      await setResources(grant.resources);
    }
    await ok();
  });

  it('another set chosen: the next save goes there', async () => {
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    const first = await save(client, request());
    expect(first.body.success).toBe(true);
    expect((await client.post(Paths.setUserZtLevel, { ztId: id(SCHOOL), year: 2026 })).body.success).toBe(true);
    const second = await save(client, request());
    expect(second.body.success).toBe(true);
    const row = await server.db.kysely
      .selectFrom('voucher')
      .select('zt_id')
      .where('id', '=', second.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.zt_id).toBe(id(SCHOOL));
  });

  it('a session logged out is refused at once', async () => {
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    expect((await save(client, request())).body.success).toBe(true);
    expect((await client.post(Paths.logOut)).body.success).toBe(true);
    expect((await save(client, request())).body.errorCode).toBe(ErrorCode.TokenInvalid);
  });
});
