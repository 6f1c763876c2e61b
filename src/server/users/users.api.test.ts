/** The user center's people (issue 18 §2): rules, refusals, rights and scope, on every dialect. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { ResetPasswordAnswer, UserItem } from '../../shared/api/schemas/users.js';
import type { Paged } from '../../shared/envelope.js';
import { ErrorCodes } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, request as voucher, save } from '../vouchers/voucher-test-kit.js';
import { KEEP_WHO_WORKED } from './user-service.js';

describe.each(TEST_DIALECTS)('people of the user center (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let sets: Map<string, number>;
  const password = 'Chu-shi2026';

  const count = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('app_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const userRow = (id: number) =>
    server.db.kysely.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const create = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<{ id: number }>(Paths.user, { password, homeZtId: sets.get('001001'), ...body });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const q = server.db.kysely;
    // A second county beside the demo city: 002 with a union 002001.
    const now = Date.now();
    for (const [code, upper] of [
      ['002', null],
      ['002001', '002'],
    ] as const) {
      const upperId =
        upper === null
          ? null
          : (await q.selectFrom('zt_info').select('id').where('code', '=', upper).executeTakeFirstOrThrow()).id;
      await q
        .insertInto('zt_info')
        .values({
          name: `县${code}`,
          code,
          expire_time: null,
          level: upper ? 2 : 1,
          enable: 1,
          is_improve_unit: 0,
          is_asset_check: 0,
          upper_id: upperId,
          accounting_system: 'union-county',
          created_at: now,
        })
        .execute();
    }
    sets = new Map((await q.selectFrom('zt_info').select(['code', 'id']).execute()).map((r) => [r.code, Number(r.id)]));
    admin = new ApiClient(server.url);
    await admin.logOn(server.db, 'admin', 'Admin@123');
  });
  afterAll(() => server.close());

  it('creates a user who must change the initial password at first sign-in; the log keeps no password', async () => {
    const made = await create(admin, { loginName: 'zhangsan', name: '张三', phone: '138 0013 8000' });
    expect(made.body.success).toBe(true);
    const row = await userRow(made.body.data.id);
    expect(row).toMatchObject({ login_name: 'zhangsan', must_change_password: 1, enable: 1, phone: '13800138000' });
    expect(Number(row.home_zt_id)).toBe(sets.get('001001'));
    const zhang = new ApiClient(server.url);
    expect((await zhang.logOn(server.db, 'zhangsan', password)).body.success).toBe(true);
    expect((await zhang.get(Paths.ztElect)).body.errorCode).toBe(ErrorCodes.PasswordChangeRequired.code);
    const changed = await zhang.post(Paths.updatePassword, { oldPassword: password, newPassword: 'Xin-mima2026' });
    expect(changed.body.success).toBe(true);
    expect((await zhang.get(Paths.ztElect)).body.success).toBe(true);
    const log = await server.db.kysely.selectFrom('admin_log').selectAll().where('action', '=', 'user.create').execute();
    expect(log.map((l) => l.target_id)).toContain(String(made.body.data.id));
    for (const entry of log) expect(`${entry.before_json}${entry.after_json}`).not.toContain(password);
  });

  it('keeps login names unique ignoring case and width, and stores the normalised name', async () => {
    expect((await create(admin, { loginName: ' ｗａｎｇ５ ', name: '王五' })).body.success).toBe(true);
    expect(
      await server.db.kysely.selectFrom('app_user').select('id').where('login_name', '=', 'wang5').executeTakeFirst(),
    ).toBeDefined();
    const before = await count();
    for (const loginName of ['WANG5', 'Ｗａｎｇ５', 'wang5\u200b']) {
      const again = await create(admin, { loginName, name: '王五二' });
      expect(again.body.errorCode).toBe(ErrorCodes.Conflict.code);
      expect(again.body.errorMsg).toContain('登录名已被使用');
    }
    expect(await count()).toBe(before);
  });

  it('refuses bad input with its message and creates nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ loginName: 'a', name: '甲' }, '登录名长度'],
      [{ loginName: 'bad name', name: '甲' }, '登录名只能包含'],
      [{ loginName: 'jia1', name: ' ' }, '请输入姓名'],
      [{ loginName: 'jia1', name: '甲', phone: '12345' }, '联系电话'],
      [{ loginName: 'jia1', name: '甲', password: 'short' }, '密码长度'],
      [{ loginName: 'jia1', name: '甲', password: 'alllowercase1' }, '至少三类'],
      [{ loginName: 'jia1', name: '甲', password: 'Jia1-abcdefg' }, '不能包含登录名'],
      [{ loginName: 'jia1', name: '甲', password: '' }, '请输入初始密码'],
      [{ loginName: 'jia1', name: '甲', homeZtId: null }, '请选择所属单位'],
      [{ loginName: 'jia1', name: '甲', homeZtId: 99999 }, '所属单位不存在'],
      [{ loginName: 'jia1', name: '甲', userTypeId: 99999 }, '用户类型不存在'],
    ];
    for (const [body, message] of cases) {
      const answer = await create(admin, body);
      expect(answer.body.errorCode, JSON.stringify(body)).toBe(ErrorCodes.ValidationFailed.code);
      expect(answer.body.errorMsg).toContain(message);
    }
    const landline = await create(admin, { loginName: 'jia2', name: '甲', phone: '0571-87654321' });
    expect(landline.body.success).toBe(true);
    expect(await count()).toBe(before + 1);
  });

  it('lists a page with filters and refuses a page size the pager does not offer', async () => {
    const page = await admin.get<Paged<UserItem>>(Paths.userPageList, { loginName: 'WANG', pageSize: 20 });
    expect(page.body.data.currentPageItems.map((u) => u.loginName)).toEqual(['wang5']);
    expect(page.body.data.currentPageItems[0]?.homeZtName).toBe(FACTORY);
    const all = await admin.get<Paged<UserItem>>(Paths.userPageList, { pageSize: 20 });
    expect(all.body.data.currentPageItems.every((u) => !u.isAdmin)).toBe(true);
    expect(all.body.data.totalItemCount).toBeGreaterThanOrEqual(5);
    const second = await admin.get<Paged<UserItem>>(Paths.userPageList, { pageSize: 20, pageIndex: 2 });
    expect(second.body.data.currentPageItems).toEqual([]);
    const byUnit = await admin.get<Paged<UserItem>>(Paths.userPageList, { homeZtId: sets.get('001') });
    expect(byUnit.body.data.currentPageItems.map((u) => u.loginName)).toContain('shenhe');
    const other = await admin.get<Paged<UserItem>>(Paths.userPageList, { homeZtId: sets.get('002') });
    expect(other.body.data.totalItemCount).toBe(0);
    const bad = await admin.get(Paths.userPageList, { pageSize: 25 });
    expect(bad.status).toBe(400);
    const supers = await admin.get<Paged<UserItem>>(Paths.userPageList, { admins: true });
    expect(supers.body.data.currentPageItems.map((u) => u.loginName)).toEqual(['admin']);
  });

  it('ends a disabled user’s open session at its next call and refuses the sign-in', async () => {
    const made = await create(admin, { loginName: 'lisi', name: '李四' });
    const lisi = new ApiClient(server.url);
    expect((await lisi.logOn(server.db, 'lisi', password)).body.success).toBe(true);
    expect((await lisi.get(Paths.getInfo)).body.success).toBe(true);
    const off = await admin.post(Paths.userEnable, { ids: [made.body.data.id], enable: false });
    expect(off.body.success).toBe(true);
    const next = await lisi.get(Paths.getInfo);
    expect(next.body.errorCode).toBe(ErrorCodes.AccountDisabled.code);
    expect(next.body.errorMsg).toContain('停用');
    const again = await new ApiClient(server.url).logOn(server.db, 'lisi', password);
    expect(again.body.errorCode).toBe(ErrorCodes.AccountDisabled.code);
    expect((await admin.post(Paths.userEnable, { ids: [made.body.data.id], enable: true })).body.success).toBe(true);
    expect((await new ApiClient(server.url).logOn(server.db, 'lisi', password)).body.success).toBe(true);
    const actions = await server.db.kysely
      .selectFrom('admin_log')
      .select('action')
      .where('target_id', '=', String(made.body.data.id))
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['user.create', 'user.disable', 'user.enable']);
  });

  it('resets a password: a new initial password given once, sessions ended, must change at sign-in', async () => {
    const made = await create(admin, { loginName: 'zhao6', name: '赵六' });
    const zhao = new ApiClient(server.url);
    await zhao.logOn(server.db, 'zhao6', password);
    const reset = await admin.post<ResetPasswordAnswer>(`${Paths.userResetPassword}/${made.body.data.id}`, {});
    const fresh = reset.body.data.password ?? '';
    expect(fresh).toMatch(/^.{12}$/);
    const next = await zhao.get(Paths.getInfo);
    expect(next.body.errorCode).toBe(ErrorCodes.TokenInvalid.code);
    expect(next.body.errorMsg).toContain('密码已被管理员重置');
    expect((await new ApiClient(server.url).logOn(server.db, 'zhao6', password)).body.errorCode).toBe(
      ErrorCodes.LoginFailed.code,
    );
    const again = new ApiClient(server.url);
    expect((await again.logOn(server.db, 'zhao6', fresh)).body.success).toBe(true);
    expect((await again.get(Paths.ztElect)).body.errorCode).toBe(ErrorCodes.PasswordChangeRequired.code);
    const typed = await admin.post<ResetPasswordAnswer>(`${Paths.userResetPassword}/${made.body.data.id}`, {
      password: 'Typed-Pass99',
    });
    expect(typed.body.data.password).toBeNull();
    const weak = await admin.post(`${Paths.userResetPassword}/${made.body.data.id}`, { password: 'weak' });
    expect(weak.body.errorCode).toBe(ErrorCodes.ValidationFailed.code);
    expect((await new ApiClient(server.url).logOn(server.db, 'zhao6', 'Typed-Pass99')).body.success).toBe(true);
  });

  it('never deletes a user who worked on vouchers (offers disable); deletes others with grants and sessions', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    expect((await save(kuaiji, voucher())).body.success).toBe(true);
    const id = Number(
      (await server.db.kysely.selectFrom('app_user').select('id').where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow())
        .id,
    );
    const refused = await admin.delete(Paths.user, { id });
    expect(refused.body.errorCode).toBe(ErrorCodes.BusinessRule.code);
    expect(refused.body.errorMsg).toBe(KEEP_WHO_WORKED);
    expect(await userRow(id)).toBeDefined();
    // The trail is asked set by set: a set the user worked in and may no longer open still counts.
    const grants = await server.db.kysely.selectFrom('user_zt_level').selectAll().where('user_id', '=', id).execute();
    const home = await server.db.kysely
      .selectFrom('app_user')
      .select('home_zt_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await server.db.kysely.deleteFrom('user_zt_level').where('user_id', '=', id).execute();
    await server.db.kysely.deleteFrom('session').where('user_id', '=', id).execute();
    await server.db.kysely.updateTable('app_user').set({ home_zt_id: null }).where('id', '=', id).execute();
    expect((await admin.delete(Paths.user, { id })).body.errorMsg).toBe(KEEP_WHO_WORKED);
    await server.db.kysely.insertInto('user_zt_level').values(grants).execute();
    await server.db.kysely.updateTable('app_user').set({ home_zt_id: home.home_zt_id }).where('id', '=', id).execute();

    const made = await create(admin, { loginName: 'sun7', name: '孙七' });
    const sunId = made.body.data.id;
    await server.db.kysely
      .insertInto('user_zt_level')
      .values({ user_id: sunId, zt_id: sets.get('001001') ?? 0, user_level_id: 1 })
      .execute();
    await new ApiClient(server.url).logOn(server.db, 'sun7', password);
    expect((await admin.delete(Paths.user, { id: sunId })).body.success).toBe(true);
    expect(await server.db.kysely.selectFrom('app_user').select('id').where('id', '=', sunId).executeTakeFirst()).toBeUndefined();
    expect(await server.db.kysely.selectFrom('user_zt_level').select('zt_id').where('user_id', '=', sunId).execute()).toEqual([]);
    expect(await server.db.kysely.selectFrom('session').select('user_id').where('user_id', '=', sunId).execute()).toEqual([]);
  });

  it('keeps the super administrators to a super administrator, and at least one enabled', async () => {
    const adminId = Number(
      (await server.db.kysely.selectFrom('app_user').select('id').where('login_name', '=', 'admin').executeTakeFirstOrThrow()).id,
    );
    const self = await admin.post(Paths.userEnable, { ids: [adminId], enable: false });
    expect(self.body.errorMsg).toContain('不能停用自己');
    const reset = await admin.post(`${Paths.userResetPassword}/${adminId}`, {});
    expect(reset.body.errorMsg).toContain('不能重置自己的密码');
    expect((await admin.delete(Paths.user, { id: adminId })).body.errorCode).toBe(ErrorCodes.BusinessRule.code);
    const second = await admin.post<{ id: number }>(Paths.user, {
      loginName: 'root2',
      name: '第二管理员',
      password,
      isAdmin: true,
    });
    expect(second.body.success).toBe(true);
    expect((await userRow(second.body.data.id)).is_admin).toBe(1);
  });

  describe('a county administrator', () => {
    let county: ApiClient;
    let otherId: number;
    beforeAll(async () => {
      // An administrator of county 002 (signed in to 002 with the 管理员 role there).
      const made = await admin.post<{ id: number }>(Paths.user, {
        loginName: 'county2',
        name: '县管理员',
        password,
        homeZtId: sets.get('002'),
      });
      const level = await server.db.kysely
        .selectFrom('user_level')
        .select('id')
        .where('code', '=', 'administrator')
        .executeTakeFirstOrThrow();
      await server.db.kysely
        .insertInto('zt_year')
        .values({ zt_id: sets.get('002') ?? 0, year: 2026, account_month: 1, subjects_initialised: 0 })
        .execute();
      await server.db.kysely
        .insertInto('user_zt_level')
        .values({ user_id: made.body.data.id, zt_id: sets.get('002') ?? 0, user_level_id: level.id })
        .execute();
      county = new ApiClient(server.url);
      await county.logOn(server.db, 'county2', password);
      await county.post(Paths.updatePassword, { oldPassword: password, newPassword: 'County-2026x' });
      expect((await county.post(Paths.setUserZtLevel, { ztId: sets.get('002'), year: 2026 })).body.success).toBe(true);
      otherId = Number(
        (await server.db.kysely.selectFrom('app_user').select('id').where('login_name', '=', 'wang5').executeTakeFirstOrThrow())
          .id,
      );
    });

    it('creates users in its subtree only and lists only its own', async () => {
      const own = await create(county, { loginName: 'xiang1', name: '乡一', homeZtId: sets.get('002001') });
      expect(own.body.success).toBe(true);
      const before = await count();
      const outside = await create(county, { loginName: 'xiang2', name: '乡二', homeZtId: sets.get('001001') });
      expect(outside.body.errorCode).toBe(ErrorCodes.Forbidden.code);
      expect(await count()).toBe(before);
      const list = await county.get<Paged<UserItem>>(Paths.userPageList, {});
      expect(list.body.data.currentPageItems.map((u) => u.loginName).sort()).toEqual(['county2', 'xiang1']);
      expect((await county.get(Paths.userPageList, { homeZtId: sets.get('001') })).body.errorCode).toBe(
        ErrorCodes.Forbidden.code,
      );
      expect((await county.get(Paths.userPageList, { admins: true })).body.errorCode).toBe(ErrorCodes.Forbidden.code);
      const superUser = await create(county, { loginName: 'xiang3', name: '乡三', isAdmin: true });
      expect(superUser.body.errorCode).toBe(ErrorCodes.Forbidden.code);
    });

    it('cannot see or change a user of another county; nothing changes', async () => {
      const before = await userRow(otherId);
      const calls = [
        county.get(`${Paths.user}/${otherId}`),
        county.post(Paths.user, { id: otherId, loginName: 'wang5', name: '改名', homeZtId: sets.get('002001') }),
        county.post(Paths.userEnable, { ids: [otherId], enable: false }),
        county.post(`${Paths.userResetPassword}/${otherId}`, {}),
        county.delete(Paths.user, { id: otherId }),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.body.errorCode).toBe(ErrorCodes.Forbidden.code);
      expect(await userRow(otherId)).toEqual(before);
    });

    it('cannot change the installation’s user types, and manages departments of its own units', async () => {
      expect((await county.post(Paths.userType, { name: '县类型' })).body.errorCode).toBe(ErrorCodes.Forbidden.code);
      const dept = await county.post<{ id: number }>(Paths.department, { ztId: sets.get('002001'), name: '财务部' });
      expect(dept.body.success).toBe(true);
      expect((await county.post(Paths.department, { ztId: sets.get('001001'), name: '财务部' })).body.errorCode).toBe(
        ErrorCodes.Forbidden.code,
      );
      const listed = await county.get<Paged<{ name: string; ztId: number }>>(Paths.departmentPageList, {});
      expect(listed.body.data.currentPageItems.map((d) => d.ztId)).toEqual([sets.get('002001')]);
    });
  });

  it('refuses users without the page or button (4005)', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    expect((await kuaiji.get(Paths.userPageList, {})).body.errorCode).toBe(ErrorCodes.Forbidden.code);
    const before = await count();
    expect((await create(kuaiji, { loginName: 'by-kuaiji', name: '会计建' })).body.errorCode).toBe(ErrorCodes.Forbidden.code);
    expect((await kuaiji.get(Paths.userTypePageList, {})).body.errorCode).toBe(ErrorCodes.Forbidden.code);
    expect((await kuaiji.post(Paths.department, { ztId: sets.get('001001'), name: 'x' })).body.errorCode).toBe(
      ErrorCodes.Forbidden.code,
    );
    expect(await count()).toBe(before);
  });

  it('user types and departments: unique names, never deleted while a user names them', async () => {
    const type = await admin.post<{ id: number }>(Paths.userType, { name: '专职会计' });
    expect(type.body.success).toBe(true);
    expect((await admin.post(Paths.userType, { name: ' 专职会计 ' })).body.errorCode).toBe(ErrorCodes.Conflict.code);
    const dept = await admin.post<{ id: number }>(Paths.department, { ztId: sets.get('001001'), name: '办公室' });
    const wrongUnit = await create(admin, {
      loginName: 'dept1',
      name: '部一',
      departmentId: dept.body.data.id,
      homeZtId: sets.get('001002'),
    });
    expect(wrongUnit.body.errorMsg).toContain('部门须为所属单位的部门');
    const made = await create(admin, {
      loginName: 'dept2',
      name: '部二',
      departmentId: dept.body.data.id,
      userTypeId: type.body.data.id,
    });
    expect(made.body.success).toBe(true);
    const filtered = await admin.get<Paged<UserItem>>(Paths.userPageList, { userTypeId: type.body.data.id });
    expect(filtered.body.data.currentPageItems.map((u) => [u.loginName, u.userTypeName, u.departmentName])).toEqual([
      ['dept2', '专职会计', '办公室'],
    ]);
    expect((await admin.delete(Paths.userType, { id: type.body.data.id })).body.errorCode).toBe(ErrorCodes.BusinessRule.code);
    expect((await admin.delete(Paths.department, { id: dept.body.data.id })).body.errorCode).toBe(ErrorCodes.BusinessRule.code);
    expect((await admin.get<{ id: number; name: string }[]>(Paths.userTypeSelect)).body.data.map((t) => t.name)).toContain(
      '专职会计',
    );
    expect((await admin.delete(Paths.user, { id: made.body.data.id })).body.success).toBe(true);
    expect((await admin.delete(Paths.userType, { id: type.body.data.id })).body.success).toBe(true);
    expect((await admin.delete(Paths.department, { id: dept.body.data.id })).body.success).toBe(true);
  });
});
