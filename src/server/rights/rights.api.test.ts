/**
 * Rights of the user center (issue 18 §3): roles and their pages, grants per user and set, the
 * voucher categories a user may use, each rule and refusal, the rights of the calls, the scope of
 * a subtree administrator and no escalation; every write in the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthInfo } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import type { RoleDetail, RoleItem, RoleOption, UserGrants, UserPzTypes } from '../../shared/api/schemas/rights.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { Page } from '../auth/pages.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { insertUser } from '../test-support/test-users.js';
import { FACTORY, request as voucherRequest, save, SCHOOL } from '../vouchers/voucher-test-kit.js';

const VOUCHER_PAGES = [
  { href: Page.voucherAdd, resourceList: ['add', 'edit'] },
  { href: Page.voucherList, resourceList: ['print'] },
];
const forbidden = { success: false, errorCode: ErrorCode.Forbidden };

describe.each(TEST_DIALECTS)('rights: roles, grants and voucher categories (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let set: (name: string) => number;
  let userId: (login: string) => Promise<number>;
  let levelId: (code: string) => Promise<number>;

  function addUser(login: string, grants: [zt: string, level: string][]): Promise<number> {
    return insertUser(server.db, server.config.scryptLogN, {
      loginName: login,
      password: 'Test@12345',
      name: `${login}用户`,
      grants: grants.map(([zt, level]) => ({ ztId: set(zt), level })),
    });
  }

  async function signIn(login: string, password: string, zt: string): Promise<ApiClient> {
    const client = new ApiClient(server.url);
    await client.openSet(server.db, login, password, zt);
    return client;
  }

  const grantsOf = async (login: string) =>
    (
      await server.db.kysely
        .selectFrom('user_zt_level as g')
        .innerJoin('zt_info as z', 'z.id', 'g.zt_id')
        .innerJoin('user_level as l', 'l.id', 'g.user_level_id')
        .select(['z.name as zt', 'l.code'])
        .where('g.user_id', '=', await userId(login))
        .orderBy('z.code')
        .execute()
    ).map((g) => `${g.zt}:${g.code}`);
  const roleRow = (id: number) =>
    server.db.kysely.selectFrom('user_level').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logCount = async (action: string) =>
    Number(
      (
        await server.db.kysely
          .selectFrom('admin_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function createRole(client: ApiClient, code: string, name: string, resources = VOUCHER_PAGES): Promise<number> {
    const created = await client.post<{ id: number }>(Paths.role, { code, name });
    expect(created.body.errorMsg).toBeNull();
    const saved = await client.post(Paths.roleSaveResources, { id: created.body.data.id, resources });
    expect(saved.body.errorMsg).toBeNull();
    return created.body.data.id;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    set = await setIds(server.db);
    userId = async (login) =>
      (await server.db.kysely.selectFrom('app_user').select('id').where('login_name', '=', login).executeTakeFirstOrThrow()).id;
    levelId = async (code) =>
      (await server.db.kysely.selectFrom('user_level').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    admin = await signIn('admin', 'Admin@123', FACTORY);
  });
  afterAll(() => server.close());

  it('the super administrator creates a role, gives it the voucher pages, lists, edits, recommends, orders it; each write logged', async () => {
    const id = await createRole(admin, 'voucher-only', '凭证录入员');
    const detail = (await admin.get<RoleDetail>(`${Paths.role}/${id}`)).body.data;
    expect(detail).toMatchObject({ code: 'voucher-only', name: '凭证录入员', enable: true, ownerZtId: null, editable: true });
    expect(detail.resources).toEqual(VOUCHER_PAGES);

    const page = (
      await admin.get<{ currentPageItems: RoleItem[]; totalItemCount: number }>(Paths.rolePageList, { keyword: '凭证' })
    ).body.data;
    expect(page.totalItemCount).toBe(1);
    expect(page.currentPageItems[0]).toMatchObject({ id, pageCount: 2, grantedCount: 0 });
    const all = (await admin.get<{ currentPageItems: RoleItem[]; totalItemCount: number }>(Paths.rolePageList, { pageSize: 20 }))
      .body.data;
    expect(all.currentPageItems.map((r) => r.name)).toEqual(
      expect.arrayContaining(['会计', '审核', '出纳', '管理员', '凭证录入员']),
    );
    expect((await admin.get(Paths.rolePageList, { pageSize: 25 })).body).toMatchObject({ errorCode: ErrorCode.BadRequest });

    expect((await admin.post(Paths.role, { id, code: 'voucher-only', name: '凭证员', remark: '只录凭证' })).body.success).toBe(
      true,
    );
    expect(await roleRow(id)).toMatchObject({ name: '凭证员', remark: '只录凭证' });
    expect((await admin.post(`${Paths.roleSaveRecommend}/${id}`, { isRecommend: true })).body.success).toBe(true);
    const options = (await admin.get<RoleOption[]>(Paths.userLevelSelect)).body.data;
    expect(options[0]).toMatchObject({ id, isRecommend: true });

    const accountant = await levelId('accountant');
    expect((await admin.post(Paths.userLevelSaveSort, { ids: [id, accountant] })).body.success).toBe(true);
    const order = (await admin.get<RoleItem[]>(Paths.userLevelList)).body.data.map((r) => r.id);
    expect(order.indexOf(id)).toBeLessThan(order.indexOf(accountant));

    for (const action of ['role.create', 'role.resources', 'role.edit', 'role.recommend', 'role.sort'])
      expect(await logCount(action), action).toBeGreaterThan(0);
  });

  it('the seeded roles are ordinary editable roles', async () => {
    const cashier = await levelId('cashier');
    const before = await roleRow(cashier);
    expect((await admin.post(Paths.role, { id: cashier, code: 'cashier', name: '出纳员' })).body.success).toBe(true);
    expect((await roleRow(cashier)).name).toBe('出纳员');
    await admin.post(Paths.role, { id: cashier, code: 'cashier', name: before.name });
  });

  it('bad input is refused with its message and changes nothing', async () => {
    const count = async () => (await server.db.kysely.selectFrom('user_level').select('id').execute()).length;
    const n = await count();
    const dup = await admin.post(Paths.role, { code: 'ACCOUNTANT', name: '重复' });
    expect(dup.body).toMatchObject({ success: false, errorCode: ErrorCode.Conflict });
    expect(dup.body.errorMsg).toContain('会计');
    expect((await admin.post(Paths.role, { code: 'bad code!', name: 'x' })).body).toMatchObject({
      errorCode: ErrorCode.BadRequest,
    });
    expect((await admin.post(Paths.role, { code: 'ok', name: '' })).body).toMatchObject({ errorCode: ErrorCode.BadRequest });
    expect(await count()).toBe(n);

    const id = await levelId('voucher-only');
    const before = (await roleRow(id)).resources;
    const unknownPage = await admin.post(Paths.roleSaveResources, {
      id,
      resources: [{ href: '/no/such/page', resourceList: [] }],
    });
    expect(unknownPage.body).toMatchObject({ errorCode: ErrorCode.ValidationFailed });
    expect(unknownPage.body.errorMsg).toContain('/no/such/page');
    const unknownButton = await admin.post(Paths.roleSaveResources, {
      id,
      resources: [{ href: Page.voucherAdd, resourceList: ['launch'] }],
    });
    expect(unknownButton.body.errorMsg).toContain('没有按钮 launch');
    const adminOnly = await admin.post(Paths.roleSaveResources, {
      id,
      resources: [{ href: Page.backup, resourceList: ['add'] }],
    });
    expect(adminOnly.body.errorMsg).toContain('只属于超级管理员');
    // A menu group is not a page.
    const group = await admin.post(Paths.roleSaveResources, {
      id,
      resources: [{ href: '/accounting-management', resourceList: [] }],
    });
    expect(group.body.success).toBe(false);
    expect((await roleRow(id)).resources).toBe(before);
    expect((await admin.get(`${Paths.role}/999999`)).body).toMatchObject({ errorCode: ErrorCode.NotFound });
  });

  it('a grant takes effect at the user’s next call: the menu and the server follow the role; a disabled role grants nothing', async () => {
    const shenhe = await signIn('shenhe', 'Shenhe@123', FACTORY);
    const reviewerInfo = (await shenhe.get<AuthInfo>(Paths.getInfo)).body.data;
    expect(reviewerInfo.resources.financial.map((r) => r.href)).toContain(Page.trialBalance);

    const role = await levelId('voucher-only');
    const grant = await admin.post(Paths.userZtLevelInfo, {
      userId: await userId('shenhe'),
      ztLevels: [
        { ztId: set(FACTORY), userLevelId: role },
        { ztId: set(SCHOOL), userLevelId: await levelId('reviewer') },
      ],
    });
    expect(grant.body.errorMsg).toBeNull();
    // The same session, its next call.
    const info = (await shenhe.get<AuthInfo>(Paths.getInfo)).body.data;
    expect(info.resources.financial.map((r) => r.href).sort()).toEqual(VOUCHER_PAGES.map((p) => p.href).sort());
    expect((await shenhe.get(Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-03' })).body).toMatchObject(forbidden);
    expect((await save(shenhe, voucherRequest())).body.errorMsg).toBeNull();
    expect(await logCount('role.grant')).toBeGreaterThan(0);

    const read = (await admin.get<UserGrants>(`${Paths.userZtLevelInfo}/${await userId('shenhe')}`)).body.data;
    // Looked up by the login name as typed (full-width letters, spaces), as sign-in reads it.
    expect((await admin.get<UserGrants>(Paths.userZtLevelInfo, { loginName: ' ｓｈｅｎｈｅ ' })).body.data).toEqual(read);
    expect((await admin.get(Paths.userZtLevelInfo, { loginName: 'nobody' })).body).toMatchObject({
      errorCode: ErrorCode.NotFound,
      errorMsg: '没有登录名为“nobody”的用户',
    });
    expect(read.ztLevels.find((z) => z.ztId === set(FACTORY))).toMatchObject({ userLevelId: role, userLevelName: '凭证员' });
    expect(read.ztLevels).toHaveLength(3);

    expect((await admin.post(Paths.roleEnable, { id: role, enable: false })).body.success).toBe(true);
    expect((await shenhe.get<AuthInfo>(Paths.getInfo)).body.data.resources.financial).toEqual([]);
    expect((await save(shenhe, voucherRequest())).body).toMatchObject(forbidden);
    // A disabled role is not granted anew.
    const refused = await admin.post(Paths.userZtLevelInfo, {
      userId: await userId('chuna'),
      ztLevels: [{ ztId: set(FACTORY), userLevelId: role }],
    });
    expect(refused.body).toMatchObject({ errorCode: ErrorCode.BusinessRule });
    expect(refused.body.errorMsg).toContain('已停用');
    expect(await grantsOf('chuna')).toEqual([`${FACTORY}:cashier`]);
    // A grant kept as it is, of a role since disabled, does not stop a change of the user's other sets.
    const kept = await admin.post(Paths.userZtLevelInfo, {
      userId: await userId('shenhe'),
      ztLevels: [
        { ztId: set(FACTORY), userLevelId: role },
        { ztId: set(SCHOOL), userLevelId: await levelId('accountant') },
      ],
    });
    expect(kept.body.errorMsg).toBeNull();
    expect(await grantsOf('shenhe')).toEqual([`${FACTORY}:voucher-only`, `${SCHOOL}:accountant`]);
    await admin.post(Paths.userZtLevelInfo, {
      userId: await userId('shenhe'),
      ztLevels: [
        { ztId: set(FACTORY), userLevelId: role },
        { ztId: set(SCHOOL), userLevelId: await levelId('reviewer') },
      ],
    });
    expect((await admin.post(Paths.roleEnable, { id: role, enable: true })).body.success).toBe(true);
    expect(await logCount('role.disable')).toBe(1);
  });

  it('a withdrawn grant leaves the session without the set', async () => {
    const id = await addUser('leaving', [[FACTORY, 'accountant']]);
    const client = await signIn('leaving', 'Test@12345', FACTORY);
    expect((await save(client, voucherRequest())).body.errorMsg).toBeNull();
    expect((await admin.post(Paths.userZtLevelInfo, { userId: id, ztLevels: [] })).body.success).toBe(true);
    expect(await grantsOf('leaving')).toEqual([]);
    expect((await save(client, voucherRequest())).body).toMatchObject(forbidden);
    expect(await logCount('role.revoke')).toBeGreaterThan(0);
  });

  it('a role still granted is not deleted, and the refusal names to whom; an ungranted one is', async () => {
    const role = await levelId('voucher-only');
    const refused = await admin.delete(Paths.role, { id: role });
    expect(refused.body).toMatchObject({ errorCode: ErrorCode.BusinessRule });
    expect(refused.body.errorMsg).toContain('王审核（shenhe，示范市第一机械厂工会）');
    expect(await roleRow(role)).toBeTruthy();
    const spare = await createRole(admin, 'spare', '备用');
    expect((await admin.delete(Paths.role, { id: spare })).body.success).toBe(true);
    expect(
      await server.db.kysely.selectFrom('user_level').select('id').where('id', '=', spare).executeTakeFirst(),
    ).toBeUndefined();
    expect(await logCount('role.delete')).toBe(1);
  });

  it('grants: one role per set, sets and roles that exist, refused whole', async () => {
    const chuna = await userId('chuna');
    const cashier = await levelId('cashier');
    const twice = await admin.post(Paths.userZtLevelInfo, {
      userId: chuna,
      ztLevels: [
        { ztId: set(FACTORY), userLevelId: cashier },
        { ztId: set(FACTORY), userLevelId: await levelId('reviewer') },
      ],
    });
    expect(twice.body).toMatchObject({ errorCode: ErrorCode.ValidationFailed });
    expect(twice.body.errorMsg).toContain('只能授予一个角色');
    const noSet = await admin.post(Paths.userZtLevelInfo, { userId: chuna, ztLevels: [{ ztId: 999999, userLevelId: cashier }] });
    expect(noSet.body.errorMsg).toContain('不存在');
    const noRole = await admin.post(Paths.userZtLevelInfo, {
      userId: chuna,
      ztLevels: [{ ztId: set(SCHOOL), userLevelId: 999999 }],
    });
    expect(noRole.body.errorMsg).toContain('角色 999999 不存在');
    const noUser = await admin.post(Paths.userZtLevelInfo, { userId: 999999, ztLevels: [] });
    expect(noUser.body).toMatchObject({ errorCode: ErrorCode.NotFound });
    expect(await grantsOf('chuna')).toEqual([`${FACTORY}:cashier`]);
  });

  it('voucher categories per user and set: stored, enforced on save with a clear message, all again with null', async () => {
    const id = await addUser('shoukuan', [[FACTORY, 'accountant']]);
    const client = await signIn('shoukuan', 'Test@12345', FACTORY);
    const ztId = set(FACTORY);
    const initial = (await admin.get<UserPzTypes>(`${Paths.userZtLevelInfoForPzType}/${id}`, { ztId })).body.data;
    expect(initial.all).toBe(true);
    expect(initial.types.every((t) => t.allowed)).toBe(true);

    expect((await admin.post(Paths.saveUserZtLevelInfoForPzType, { userId: id, ztId, certificateTypes: [2] })).body.success).toBe(
      true,
    );
    const limited = (await admin.get<UserPzTypes>(`${Paths.userZtLevelInfoForPzType}/${id}`, { ztId })).body.data;
    expect(limited.all).toBe(false);
    expect(limited.types.filter((t) => t.allowed).map((t) => t.value)).toEqual([2]);

    const refused = await save(client, voucherRequest({ certificateType: 1 }));
    expect(refused.body).toMatchObject({ success: false, errorCode: ErrorCode.BusinessRule });
    expect(refused.body.errorMsg).toBe('您没有使用凭证类别“记账凭证”的权限（可用：收款凭证）');
    expect((await save(client, voucherRequest({ certificateType: 2 }))).body.errorMsg).toBeNull();
    // Others in the set are not limited by it.
    const kuaiji = await signIn('kuaiji', 'Kuaiji@123', FACTORY);
    expect((await save(kuaiji, voucherRequest({ certificateType: 1 }))).body.errorMsg).toBeNull();

    const empty = await admin.post(Paths.saveUserZtLevelInfoForPzType, { userId: id, ztId, certificateTypes: [] });
    expect(empty.body.errorMsg).toContain('至少选择一个凭证类别');
    const unknown = await admin.post(Paths.saveUserZtLevelInfoForPzType, { userId: id, ztId, certificateTypes: [77] });
    expect(unknown.body.errorMsg).toContain('没有凭证类别 77');
    const ungranted = await admin.post(Paths.saveUserZtLevelInfoForPzType, {
      userId: id,
      ztId: set(SCHOOL),
      certificateTypes: [1],
    });
    expect(ungranted.body).toMatchObject({ errorCode: ErrorCode.BusinessRule });
    expect((await admin.get<UserPzTypes>(`${Paths.userZtLevelInfoForPzType}/${id}`, { ztId })).body.data.all).toBe(false);

    expect(
      (await admin.post(Paths.saveUserZtLevelInfoForPzType, { userId: id, ztId, certificateTypes: null })).body.success,
    ).toBe(true);
    expect((await save(client, voucherRequest({ certificateType: 1 }))).body.errorMsg).toBeNull();
    expect(await logCount('role.pzTypes')).toBe(2);
  });

  it('a user without the role-management page or its buttons is refused (4005)', async () => {
    const kuaiji = await signIn('kuaiji', 'Kuaiji@123', FACTORY);
    const role = await levelId('voucher-only');
    expect((await kuaiji.get(Paths.rolePageList)).body).toMatchObject(forbidden);
    expect((await kuaiji.post(Paths.role, { code: 'x1', name: 'x' })).body).toMatchObject(forbidden);
    expect((await kuaiji.post(Paths.roleEnable, { id: role, enable: false })).body).toMatchObject(forbidden);
    expect((await kuaiji.post(Paths.userZtLevelInfo, { userId: await userId('kuaiji'), ztLevels: [] })).body).toMatchObject(
      forbidden,
    );
    expect((await roleRow(role)).enable).toBe(1);
    expect(await grantsOf('kuaiji')).toHaveLength(3);
  });

  describe('an administrator of a union (its subtree is that union alone)', () => {
    let unionAdmin: ApiClient;
    let limitedAdmin: ApiClient;
    beforeAll(async () => {
      await addUser('changguan', [[FACTORY, 'administrator']]);
      unionAdmin = await signIn('changguan', 'Test@12345', FACTORY);
    });

    it('makes roles of its own unit, with only the pages and buttons it holds (no escalation)', async () => {
      const created = await unionAdmin.post<{ id: number }>(Paths.role, { code: 'factory-clerk', name: '厂工会授权员' });
      expect(created.body.errorMsg).toBeNull();
      const id = created.body.data.id;
      expect((await roleRow(id)).owner_zt_id).toBe(set(FACTORY));

      const escalate = await unionAdmin.post(Paths.roleSaveResources, { id, resources: VOUCHER_PAGES });
      expect(escalate.body).toMatchObject(forbidden);
      expect(escalate.body.errorMsg).toContain('您没有页面');
      expect((await roleRow(id)).resources).toBe('[]');
      const own = [{ href: Page.roleManagement, resourceList: ['grant'] }];
      expect((await unionAdmin.post(Paths.roleSaveResources, { id, resources: own })).body.errorMsg).toBeNull();

      // Another unit's administrator may not name another owner.
      const foreignOwner = await unionAdmin.post(Paths.role, { code: 'other-owner', name: '别人的', ownerZtId: set(SCHOOL) });
      expect(foreignOwner.body).toMatchObject(forbidden);
      // The catalogue it is offered is its own pages.
      const catalogue = (await unionAdmin.get<{ href: string; children: { href: string }[] }[]>(Paths.roleCatalogue)).body.data;
      expect(catalogue.map((n) => n.href)).toEqual(['/user-center']);
    });

    it('sees installation roles but cannot change them', async () => {
      const accountant = await levelId('accountant');
      const before = await roleRow(accountant);
      const listed = (await unionAdmin.get<RoleItem[]>(Paths.userLevelList)).body.data;
      expect(listed.find((r) => r.id === accountant)).toMatchObject({ editable: false });
      const edit = await unionAdmin.post(Paths.role, { id: accountant, code: 'accountant', name: '改名' });
      expect(edit.body).toMatchObject(forbidden);
      expect(edit.body.errorMsg).toContain('只有超级管理员可以修改');
      expect((await unionAdmin.post(Paths.roleSaveResources, { id: accountant, resources: [] })).body).toMatchObject(forbidden);
      expect((await unionAdmin.post(Paths.roleEnable, { id: accountant, enable: false })).body).toMatchObject(forbidden);
      expect((await unionAdmin.delete(Paths.role, { id: accountant })).body).toMatchObject(forbidden);
      expect(await roleRow(accountant)).toEqual(before);
    });

    it('grants within its set and leaves the grants elsewhere untouched; outside its subtree it is refused and nothing changes', async () => {
      const kuaiji = await userId('kuaiji');
      const reviewer = await levelId('reviewer');
      const before = await grantsOf('kuaiji');
      expect(before).toEqual([`示范市总工会:accountant`, `${FACTORY}:accountant`, `${SCHOOL}:accountant`]);
      const read = (await unionAdmin.get<UserGrants>(`${Paths.userZtLevelInfo}/${kuaiji}`)).body.data;
      expect(read.ztLevels.map((z) => z.ztName)).toEqual([FACTORY]);

      const outside = await unionAdmin.post(Paths.userZtLevelInfo, {
        userId: kuaiji,
        ztLevels: [
          { ztId: set(FACTORY), userLevelId: reviewer },
          { ztId: set(SCHOOL), userLevelId: reviewer },
        ],
      });
      expect(outside.body).toMatchObject(forbidden);
      expect(outside.body.errorMsg).toContain(SCHOOL);
      expect(await grantsOf('kuaiji')).toEqual(before);

      const inside = await unionAdmin.post(Paths.userZtLevelInfo, {
        userId: kuaiji,
        ztLevels: [{ ztId: set(FACTORY), userLevelId: reviewer }],
      });
      expect(inside.body.errorMsg).toBeNull();
      expect(await grantsOf('kuaiji')).toEqual([`示范市总工会:accountant`, `${FACTORY}:reviewer`, `${SCHOOL}:accountant`]);
      await unionAdmin.post(Paths.userZtLevelInfo, {
        userId: kuaiji,
        ztLevels: [{ ztId: set(FACTORY), userLevelId: await levelId('accountant') }],
      });

      // A user granted only outside its subtree is not its to manage, nor are voucher categories there.
      const schoolOnly = await addUser('xuexiao', [[SCHOOL, 'accountant']]);
      expect((await unionAdmin.get(`${Paths.userZtLevelInfo}/${schoolOnly}`)).body).toMatchObject(forbidden);
      expect((await unionAdmin.get(Paths.userZtLevelInfo, { loginName: 'xuexiao' })).body).toMatchObject(forbidden);
      const take = await unionAdmin.post(Paths.userZtLevelInfo, {
        userId: schoolOnly,
        ztLevels: [{ ztId: set(FACTORY), userLevelId: reviewer }],
      });
      expect(take.body).toMatchObject(forbidden);
      expect(await grantsOf('xuexiao')).toEqual([`${SCHOOL}:accountant`]);
      const pz = await unionAdmin.post(Paths.saveUserZtLevelInfoForPzType, {
        userId: kuaiji,
        ztId: set(SCHOOL),
        certificateTypes: [1],
      });
      expect(pz.body).toMatchObject(forbidden);
      expect((await unionAdmin.get(`${Paths.userZtLevelInfoForPzType}/${kuaiji}`, { ztId: set(SCHOOL) })).body).toMatchObject(
        forbidden,
      );
    });

    it('grants a user at home in its unit even when granted only elsewhere; a user at home elsewhere and granted nowhere is not its', async () => {
      const reviewer = await levelId('reviewer');
      const homed = await addUser('changjia', [[SCHOOL, 'accountant']]);
      const stranger = await addUser('waidi', []);
      await server.db.kysely
        .updateTable('app_user')
        .set({ home_zt_id: set(FACTORY) })
        .where('id', '=', homed)
        .execute();
      await server.db.kysely
        .updateTable('app_user')
        .set({ home_zt_id: set(SCHOOL) })
        .where('id', '=', stranger)
        .execute();

      const read = (await unionAdmin.get<UserGrants>(`${Paths.userZtLevelInfo}/${homed}`)).body;
      expect(read.errorMsg).toBeNull();
      expect(read.data.ztLevels.map((z) => z.ztName)).toEqual([FACTORY]);
      const give = await unionAdmin.post(Paths.userZtLevelInfo, {
        userId: homed,
        ztLevels: [{ ztId: set(FACTORY), userLevelId: reviewer }],
      });
      expect(give.body.errorMsg).toBeNull();
      expect(await grantsOf('changjia')).toEqual([`${FACTORY}:reviewer`, `${SCHOOL}:accountant`]);

      const take = await unionAdmin.post(Paths.userZtLevelInfo, {
        userId: stranger,
        ztLevels: [{ ztId: set(FACTORY), userLevelId: reviewer }],
      });
      expect(take.body).toMatchObject(forbidden);
      expect(take.body.errorMsg).toContain('无权管理该用户');
      expect(await grantsOf('waidi')).toEqual([]);
    });

    it('never changes its own grants nor the super administrator’s', async () => {
      const self = await userId('changguan');
      const raise = await unionAdmin.post(Paths.userZtLevelInfo, {
        userId: self,
        ztLevels: [{ ztId: set(FACTORY), userLevelId: await levelId('accountant') }],
      });
      expect(raise.body).toMatchObject(forbidden);
      expect(raise.body.errorMsg).toContain('自己');
      expect(await grantsOf('changguan')).toEqual([`${FACTORY}:administrator`]);
      expect((await unionAdmin.get(`${Paths.userZtLevelInfo}/${await userId('admin')}`)).body).toMatchObject(forbidden);
    });

    it('its unit’s role is granted in its subtree only, also by the super administrator', async () => {
      const clerk = await levelId('factory-clerk');
      const elsewhere = await admin.post(Paths.userZtLevelInfo, {
        userId: await userId('xuexiao'),
        ztLevels: [{ ztId: set(SCHOOL), userLevelId: clerk }],
      });
      expect(elsewhere.body).toMatchObject(forbidden);
      expect(elsewhere.body.errorMsg).toContain('属于其他单位');
      expect(await grantsOf('xuexiao')).toEqual([`${SCHOOL}:accountant`]);
    });

    it('a subtree administrator whose role lacks a button is refused that call', async () => {
      // A role of the factory with the role page and its grant button only: no add, no edit.
      const clerk = await levelId('factory-clerk');
      await addUser('shouquan', [[FACTORY, 'factory-clerk']]);
      limitedAdmin = await signIn('shouquan', 'Test@12345', FACTORY);
      expect((await limitedAdmin.get(Paths.rolePageList)).body.success).toBe(true);
      expect((await limitedAdmin.post(Paths.role, { code: 'nope', name: '不行' })).body).toMatchObject(forbidden);
      expect((await limitedAdmin.post(Paths.roleSaveResources, { id: clerk, resources: [] })).body).toMatchObject(forbidden);
      expect(JSON.parse((await roleRow(clerk)).resources)).toHaveLength(1);
    });
  });
});
