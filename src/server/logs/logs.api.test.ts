/**
 * Who did what (issue 18 §4): sign-ins recorded with their address and reason, changes listed with
 * their before and after, each administrator reading its own subtree only, and the workbooks.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { AccessAddressItem, AccessDetailItem, OptLogItem } from '../../shared/api/schemas/logs.js';
import { recordChange } from '../admin/audit.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { ApiClient } from '../test-support/api-client.js';
import { checkWorkbook, expectOnlyOurFormulas } from '../test-support/workbook-check.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

interface Page<T> {
  currentPageItems: T[];
  totalItemCount: number;
}

describe.each(TEST_DIALECTS)('who did what (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let county: ApiClient;
  let sets: Map<string, number>;
  const INJECTION = '=HYPERLINK("http://evil.example","点我")';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const q = server.db.kysely;
    sets = new Map((await q.selectFrom('zt_info').select(['code', 'id']).execute()).map((r) => [r.code, r.id]));
    // kuaiji administers the first union (001001) only: a subtree of one set beside 001002.
    const level = await q.selectFrom('user_level').select('id').where('code', '=', 'administrator').executeTakeFirstOrThrow();
    const kuaiji = await q.selectFrom('app_user').select('id').where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow();
    await q
      .updateTable('user_zt_level')
      .set({ user_level_id: level.id })
      .where('user_id', '=', kuaiji.id)
      .where('zt_id', '=', sets.get('001001') ?? -1)
      .execute();
    await q.updateTable('app_user').set({ must_change_password: 0 }).execute();
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', '示范市总工会');
    county = new ApiClient(server.url);
    await county.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市第一机械厂工会');
  });
  afterAll(() => server.close());

  const details = (client: ApiClient, query: Record<string, unknown> = {}) =>
    client.get<Page<AccessDetailItem>>(Paths.requestIPDetails, query);
  const optLog = (client: ApiClient, query: Record<string, unknown> = {}) =>
    client.get<Page<OptLogItem>>(Paths.getSystemOptLogList, query);

  it('records a failed and a successful sign-in with the address, the name as typed and the reason', async () => {
    const stranger = new ApiClient(server.url);
    expect((await stranger.logOn(server.db, 'shenhe', 'Wrong@0000')).body.errorCode).toBe(4001);
    expect((await stranger.logOn(server.db, 'nobody-here', 'Wrong@0000')).body.success).toBe(false);
    expect((await stranger.logOn(server.db, 'shenhe', 'Shenhe@123')).body.success).toBe(true);

    const shenhe = await details(admin, { loginName: 'shenhe', kind: 'login' });
    expect(shenhe.body.success).toBe(true);
    const [ok, wrong] = shenhe.body.data.currentPageItems;
    expect(ok).toMatchObject({
      kind: 'login',
      loginName: 'shenhe',
      success: true,
      reason: 'ok',
      address: '127.0.0.1',
      userName: '王审核',
    });
    expect(wrong).toMatchObject({
      kind: 'login',
      success: false,
      reason: 'wrong_password',
      reasonText: '密码错误',
      address: '127.0.0.1',
    });
    const nobody = await details(admin, { loginName: 'nobody-here', result: 'failure' });
    expect(nobody.body.data.currentPageItems).toEqual([
      expect.objectContaining({ loginName: 'nobody-here', userId: null, reason: 'unknown_user', success: false }),
    ]);
    // The set chosen after sign-in is recorded with the set.
    const chosen = await details(admin, { loginName: 'kuaiji', kind: 'select' });
    expect(chosen.body.data.currentPageItems[0]).toMatchObject({
      ztId: sets.get('001001'),
      ztName: '示范市第一机械厂工会',
      success: true,
    });

    const addresses = await admin.get<Page<AccessAddressItem>>(Paths.requestIP, {});
    const local = addresses.body.data.currentPageItems.find((a) => a.address === '127.0.0.1');
    expect(local?.failures).toBeGreaterThanOrEqual(2);
    expect(local?.successes).toBeGreaterThanOrEqual(3);
    expect((local?.successes ?? 0) + (local?.failures ?? 0)).toBe(local?.logins);
  });

  it('records a sign-out with the address of its session', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.logOn(server.db, 'chuna', 'Chuna@123');
    expect((await chuna.post(Paths.logOut)).body.success).toBe(true);
    const out = await details(admin, { loginName: 'chuna', kind: 'logout' });
    expect(out.body.data.currentPageItems[0]).toMatchObject({ reason: 'logout', address: '127.0.0.1' });
  });

  it('records a disabled user refused at sign-in, and the sessions ended when a user is disabled', async () => {
    const q = server.db.kysely;
    const shenhe = new ApiClient(server.url);
    expect((await shenhe.logOn(server.db, 'shenhe', 'Shenhe@123')).body.success).toBe(true);
    const user = await q.selectFrom('app_user').select('id').where('login_name', '=', 'shenhe').executeTakeFirstOrThrow();
    // As the users' page disables a user: the flag and the sessions in one transaction.
    await q.transaction().execute(async (trx) => {
      await trx.updateTable('app_user').set({ enable: 0 }).where('id', '=', user.id).execute();
      await revokeUserSessions(trx, user.id, 'disabled');
    });
    try {
      expect((await shenhe.get(Paths.getInfo)).body.errorCode).toBe(4010);
      expect((await new ApiClient(server.url).logOn(server.db, 'shenhe', 'Shenhe@123')).body.success).toBe(false);
      const [refused, ended] = (await details(admin, { loginName: 'shenhe', pageSize: 20 })).body.data.currentPageItems;
      expect(refused).toMatchObject({ kind: 'login', success: false, reason: 'disabled', reasonText: '用户已停用' });
      expect(ended).toMatchObject({ kind: 'session_end', reason: 'user_disabled', address: '127.0.0.1' });
    } finally {
      await q.updateTable('app_user').set({ enable: 1 }).where('id', '=', user.id).execute();
    }
  });

  it('lists a recorded change with its before and after, filtered by action, who, set and summary text', async () => {
    const q = server.db.kysely;
    const actor = { userId: null, loginName: 'admin', address: '10.1.2.3' };
    await q.transaction().execute((trx) =>
      recordChange(trx, actor, {
        action: 'zt.update',
        target: 'zt_info',
        targetId: sets.get('001002') ?? null,
        ztId: sets.get('001002') ?? null,
        summary: '修改账套 001002 名称',
        before: { name: '示范市实验中学工会' },
        after: { name: '示范市实验中学工会（新）' },
      }),
    );
    const answer = await optLog(admin, { action: 'zt.', loginName: 'admin', summary: '名称', ztId: sets.get('001') });
    expect(answer.body.data.totalItemCount).toBe(1);
    const [item] = answer.body.data.currentPageItems;
    expect(item).toMatchObject({ actionText: '修改账套', address: '10.1.2.3', ztName: '示范市实验中学工会' });
    expect(JSON.parse(item?.before ?? 'null')).toEqual({ name: '示范市实验中学工会' });
    expect(JSON.parse(item?.after ?? 'null')).toEqual({ name: '示范市实验中学工会（新）' });
    // A summary's % is the text, not a wildcard.
    expect((await optLog(admin, { summary: '%' })).body.data.totalItemCount).toBe(0);
  });

  it('records a user changing their own password, without the password', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.logOn(server.db, 'chuna', 'Chuna@123');
    expect((await chuna.post(Paths.updatePassword, { oldPassword: 'Chuna@123', newPassword: 'Zhang@4567x' })).body).toMatchObject(
      {
        success: true,
      },
    );
    const [item] = (await optLog(admin, { action: 'user.changePassword' })).body.data.currentPageItems;
    expect(item).toMatchObject({ loginName: 'chuna', summary: '用户 chuna 修改了自己的密码', target: 'app_user' });
    expect(`${item?.before}${item?.after}`).not.toMatch(/Chuna@|Zhang@|scrypt/);
    // A refused change records nothing.
    await chuna.post(Paths.updatePassword, { oldPassword: 'Wrong@0000', newPassword: 'Zhang@8910y' });
    expect((await optLog(admin, { action: 'user.changePassword' })).body.data.totalItemCount).toBe(1);
  });

  it('a subtree administrator reads its subtree only, and is refused another subtree by id', async () => {
    const q = server.db.kysely;
    const actor = { userId: null, loginName: 'admin', address: '10.1.2.3' };
    for (const code of ['001001', '001002']) {
      await q.transaction().execute((trx) =>
        recordChange(trx, actor, {
          action: 'zt.update',
          target: 'zt_info',
          targetId: 1,
          ztId: sets.get(code) ?? null,
          summary: `范围 ${code}`,
        }),
      );
    }
    const seen = (await optLog(county, { summary: '范围' })).body.data.currentPageItems.map((i) => i.summary);
    expect(seen).toEqual(['范围 001001']);
    const refused = await optLog(county, { ztId: sets.get('001002') });
    expect(refused.body.errorCode).toBe(4005);
    expect((await optLog(admin, { summary: '范围' })).body.data.totalItemCount).toBe(2);

    // Access records: users with a grant in the subtree, not a name nobody has.
    const names = new Set((await details(county, { pageSize: 50 })).body.data.currentPageItems.map((i) => i.loginName));
    expect(names.has('shenhe')).toBe(true);
    expect(names.has('nobody-here')).toBe(false);
    expect((await county.download(Paths.requestIPExport, { view: 'addresses' })).status).toBe(200);
  });

  it('refuses a user without the page (4005) and a page size the pager does not offer (4000)', async () => {
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', '示范市第一机械厂工会');
    expect((await optLog(shenhe)).body.errorCode).toBe(4005);
    expect((await details(shenhe)).body.errorCode).toBe(4005);
    const refusedExport = await shenhe.download(Paths.optLogExport);
    expect(JSON.parse(Buffer.from(refusedExport.bytes).toString('utf8'))).toMatchObject({ errorCode: 4005 });
    const bad = await optLog(admin, { pageSize: 25 });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe(4000);
  });

  it('exports the log with a summary starting with = as text, never a formula', async () => {
    await server.db.kysely.transaction().execute((trx) =>
      recordChange(
        trx,
        { userId: null, loginName: 'admin', address: '10.0.0.1' },
        {
          action: 'zt.update',
          target: 'zt_info',
          targetId: 1,
          ztId: sets.get('001001') ?? null,
          summary: INJECTION,
        },
      ),
    );
    const file = await admin.download(Paths.optLogExport, { summary: 'HYPERLINK' });
    expect(file.status).toBe(200);
    const book = await checkWorkbook(file.bytes);
    const [sheet] = book.sheets;
    if (!sheet) throw new Error('no sheet');
    expectOnlyOurFormulas(sheet, [INJECTION]);
    let found = false;
    sheet.worksheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.value === INJECTION) {
          found = true;
          expect(cell.type).toBe(ExcelJS.ValueType.String);
        }
      }),
    );
    expect(found).toBe(true);
    const access = await admin.download(Paths.requestIPExport, { result: 'failure' });
    expect(access.status).toBe(200);
  });
});
