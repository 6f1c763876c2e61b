/**
 * 平台管理 and the platforms of a ledger set (issue 18 §3): the seeded platforms, every rule and
 * refusal of a platform, its order, recommendation, enable and delete; a set lacking a platform
 * (or with it disabled) loses its menu groups AND its calls (4005, saying which platform), and
 * gets both back with it; rights (the super administrator's page) and scope (a city administrator
 * reads and sets platforms only in its subtree, and opens none its own set lacks).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FinancialMenuResponse } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import type { MenuGroupOption, PlatformItem } from '../../shared/api/schemas/platform.js';
import type { Paged } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { MENU_CATALOGUE } from '../admin/menu-catalogue.js';
import { Page } from '../auth/pages.js';
import { insertUser } from '../test-support/test-users.js';
import { migrate } from '../db/migrate.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const CITY = '示范市总工会';
const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';

const expectOk = <T>(answer: Answer<T>): T => {
  expect(answer.body.errorMsg ?? '').toBe('');
  expect(answer.body.success).toBe(true);
  return answer.body.data;
};
const expectRefused = (answer: Answer<unknown>, code: number, message?: string | RegExp) => {
  expect(answer.body.success).toBe(false);
  expect(answer.body.errorCode).toBe(code);
  if (message !== undefined) expect(answer.body.errorMsg).toMatch(message);
};

describe.each(TEST_DIALECTS)('platforms (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let kuaiji: ApiClient;
  let cityAdmin: ApiClient;
  let otherCityId: number;
  const ids = new Map<string, number>();
  const setId = (name: string) => ids.get(name) ?? expect.fail(`no set ${name}`);

  const all = async () => expectOk(await admin.get<PlatformItem[]>(Paths.platformList));
  const platform = async (code: string) => (await all()).find((p) => p.code === code) ?? expect.fail(`no platform ${code}`);
  const ofSet = async (ztId: number, client = admin) =>
    expectOk(await client.get<PlatformItem[]>(`${Paths.platformListByZtId}/${ztId}`)).map((p) => p.code);
  const setPlatforms = (ztId: number, codes: string[], client = admin) =>
    all().then((list) =>
      client.post(Paths.platformSaveByZtId, { ztId, platformIds: list.filter((p) => codes.includes(p.code)).map((p) => p.id) }),
    );
  const menuOf = async (client: ApiClient) => {
    const menu = expectOk(await client.get<FinancialMenuResponse>(Paths.getFinancialMenuList));
    return { groups: menu.platMenuList.map((m) => m.href), pages: menu.resources.map((r) => r.href) };
  };
  const logged = (target: string) =>
    server.db.kysely.selectFrom('admin_log').selectAll().where('target', '=', target).orderBy('id').execute();
  const platformRows = () => server.db.kysely.selectFrom('platform').selectAll().orderBy('id').execute();
  const ztRows = () => server.db.kysely.selectFrom('zt_platform').selectAll().orderBy('zt_id').orderBy('platform_id').execute();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const r of await server.db.kysely.selectFrom('zt_info').select(['id', 'name']).execute()) ids.set(r.name, r.id);
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', FACTORY);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    otherCityId = expectOk(
      await admin.post<{ id: number }>(Paths.ztInfo, {
        name: '另一市总工会',
        code: '002',
        upperId: null,
        accountingSystem: 'union-county',
        year: 2026,
      }),
    ).id;
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'cityadmin',
      name: '市管理员',
      password: 'Cityadm@123',
      grants: [{ ztId: setId(CITY), level: 'administrator' }],
    });
    cityAdmin = new ApiClient(server.url);
    await cityAdmin.openSet(server.db, 'cityadmin', 'Cityadm@123', CITY);
  });
  afterAll(() => server.close());

  it('seeds a platform per business group of the menu, 会计核算 recommended; a new set gets the recommended ones', async () => {
    const list = await all();
    expect(list.map((p) => [p.code, p.name, p.isRecommend, p.enable])).toEqual([
      ['accounting', '会计核算', true, true],
      ['assets', '资产', false, true],
      ['funds', '经费', false, true],
      ['budget', '预算', false, true],
      ['wages', '工资', false, true],
      ['finalAccount', '决算', false, true],
    ]);
    expect(list[0]?.menus).toEqual([
      { href: '/accounting-management', titleName: '账务处理' },
      { href: '/accounting-management/transition', titleName: '新旧衔接' },
    ]);
    // Every business group of the catalogue belongs to a platform; the user center to none.
    const held = list.flatMap((p) => p.menus.map((m) => m.href));
    expect(held.sort()).toEqual(
      MENU_CATALOGUE.map((g) => g.href)
        .filter((h) => h !== '/user-center')
        .sort(),
    );
    // The demo's sets were made after the migration: they have the recommended platform.
    expect(await ofSet(setId(FACTORY))).toEqual(['accounting']);
    expect(await ofSet(otherCityId)).toEqual(['accounting']);

    const assets = await platform('assets');
    expectOk(await admin.post(`${Paths.platformSaveRecommend}/${assets.id}`, { isRecommend: true }));
    const made = expectOk(
      await admin.post<{ id: number }>(Paths.ztInfo, {
        name: '推荐测试工会',
        code: '003',
        upperId: null,
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
    ).id;
    expect(await ofSet(made)).toEqual(['accounting', 'assets']);
    expectOk(await admin.post(`${Paths.platformSaveRecommend}/${assets.id}`, { isRecommend: false }));
    expect((await platform('assets')).isRecommend).toBe(false);
    expect((await logged('platform')).map((l) => [l.action, l.summary])).toEqual([
      ['platform.recommend', '推荐平台 资产'],
      ['platform.recommend', '取消推荐平台 资产'],
    ]);
    expectOk(await admin.delete(`${Paths.ztInfo}/${made}`));
    expect((await ztRows()).filter((r) => r.zt_id === made)).toEqual([]);
  });

  it('a set without a platform loses its groups from the menu and its calls are refused, naming the platform; given back, both return', async () => {
    const factory = setId(FACTORY);
    expect((await menuOf(kuaiji)).groups).toContain('/accounting-management');
    expectOk(await kuaiji.get(Paths.closeState));

    expectOk(await setPlatforms(factory, []));
    const without = await menuOf(kuaiji);
    expect(without.groups).not.toContain('/accounting-management');
    expect(without.groups).not.toContain('/accounting-management/transition');
    expect(without.pages).not.toContain(Page.close);
    expectRefused(await kuaiji.get(Paths.closeState), ErrorCode.Forbidden, '本账套未开通会计核算平台');
    // A write is refused the same way, and nothing is written.
    const vouchers = await server.db.kysely.selectFrom('voucher').select('id').where('zt_id', '=', factory).execute();
    expectRefused(await kuaiji.post(Paths.certificate, {}), ErrorCode.Forbidden, '本账套未开通会计核算平台');
    expect(await server.db.kysely.selectFrom('voucher').select('id').where('zt_id', '=', factory).execute()).toEqual(vouchers);
    // The super administrator too: the set lacks the module, whoever works in it.
    expectRefused(await admin.get(Paths.closeState), ErrorCode.Forbidden, '本账套未开通会计核算平台');
    // Another set keeps it.
    const school = new ApiClient(server.url);
    await school.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    expectOk(await school.get(Paths.closeState));

    // The assets platform: its group appears with it and leaves without it.
    expect((await menuOf(kuaiji)).groups).not.toContain('/fixed-assets');
    expectOk(await setPlatforms(factory, ['accounting', 'assets']));
    const given = await menuOf(kuaiji);
    expect(given.groups).toEqual(expect.arrayContaining(['/accounting-management', '/fixed-assets']));
    expect(given.pages).toContain('/fixed-assets/fixed-assets/cards');
    expectOk(await kuaiji.get(Paths.closeState));
    expect(await ofSet(factory)).toEqual(['accounting', 'assets']);

    expectOk(await setPlatforms(factory, ['accounting']));
    expect((await menuOf(kuaiji)).groups).not.toContain('/fixed-assets');
    const log = (await logged('zt_info')).filter((l) => l.action === 'zt.platforms');
    expect(log.map((l) => l.summary)).toEqual([
      '设置账套 001001 示范市第一机械厂工会 的平台：无',
      '设置账套 001001 示范市第一机械厂工会 的平台：会计核算、资产',
      '设置账套 001001 示范市第一机械厂工会 的平台：会计核算',
    ]);
    expect(log[0]).toMatchObject({ zt_id: factory, before_json: JSON.stringify({ platforms: '会计核算' }) });
  });

  it('a disabled platform leaves every set’s menu and its calls are refused until it is enabled again', async () => {
    const accounting = await platform('accounting');
    expectOk(await admin.post(Paths.platformEnable, { id: accounting.id, enable: false }));
    expect((await menuOf(kuaiji)).groups).not.toContain('/accounting-management');
    expectRefused(await kuaiji.get(Paths.closeState), ErrorCode.Forbidden, '会计核算平台已停用');
    // The user center is no platform's: the super administrator keeps the way back.
    expect((await menuOf(admin)).groups).toContain('/user-center');
    expectOk(await admin.post(Paths.platformEnable, { id: accounting.id, enable: true }));
    expectOk(await kuaiji.get(Paths.closeState));
    expect((await menuOf(kuaiji)).groups).toContain('/accounting-management');
    expect((await logged('platform')).slice(-2).map((l) => l.action)).toEqual(['platform.disable', 'platform.enable']);
  });

  it('creates and edits a platform by the rules: code letters and digits unique in any case, name 1-30 and unique, top-level groups of no other platform', async () => {
    const before = await platformRows();
    const save = (body: Record<string, unknown>) => admin.post<{ id: number }>(Paths.platform, body);
    expectRefused(
      await save({ code: '档案1', name: '电子档案', menuHrefs: [] }),
      ErrorCode.ValidationFailed,
      '平台编码须为1至32位字母或数字',
    );
    expectRefused(await save({ code: '', name: '电子档案', menuHrefs: [] }), ErrorCode.ValidationFailed, '请输入平台编码');
    expectRefused(
      await save({ code: 'ASSETS', name: '电子档案', menuHrefs: [] }),
      ErrorCode.Conflict,
      '平台编码 ASSETS 已被平台“资产”使用',
    );
    expectRefused(await save({ code: 'archives', name: '资产', menuHrefs: [] }), ErrorCode.Conflict, '已有名为“资产”的平台');
    expectRefused(await save({ code: 'archives', name: '  ', menuHrefs: [] }), ErrorCode.ValidationFailed, '请输入平台名称');
    expectRefused(
      await save({ code: 'archives', name: '档'.repeat(31), menuHrefs: [] }),
      ErrorCode.ValidationFailed,
      '平台名称最多30个字',
    );
    expectRefused(await save({ code: 'archives', name: '档<案>', menuHrefs: [] }), ErrorCode.ValidationFailed, '尖括号');
    expectRefused(
      await save({ code: 'archives', name: '电子档案', menuHrefs: ['/fixed-assets'] }),
      ErrorCode.BusinessRule,
      '菜单组“固定资产”已属于平台“资产”',
    );
    expectRefused(
      await save({ code: 'archives', name: '电子档案', menuHrefs: ['/user-center'] }),
      ErrorCode.BusinessRule,
      '用户中心不属于任何平台',
    );
    expectRefused(
      await save({ code: 'archives', name: '电子档案', menuHrefs: [Page.close] }),
      ErrorCode.ValidationFailed,
      '不是一级菜单组',
    );
    expectRefused(
      await save({ code: 'archives', name: '电子档案', menuHrefs: ['/nowhere'] }),
      ErrorCode.ValidationFailed,
      '不是一级菜单组',
    );
    expect(await platformRows()).toEqual(before);

    const id = expectOk(await save({ code: 'archives', name: ' 电子档案 ', menuHrefs: [] })).id;
    expect(await platform('archives')).toMatchObject({
      id,
      name: '电子档案',
      sort: 7,
      enable: true,
      isRecommend: false,
      menus: [],
      ztCount: 0,
    });
    // The wages group moves: out of 工资, into 电子档案 (a test of moving, not of sense).
    const wages = await platform('wages');
    expectOk(await save({ id: wages.id, code: 'wages', name: '工资', menuHrefs: [] }));
    expectOk(await save({ id, code: 'Archives2', name: '电子档案', menuHrefs: ['/wages-management'] }));
    expect(await platform('Archives2')).toMatchObject({ menus: [{ href: '/wages-management', titleName: '工资管理' }] });
    const groups = expectOk(await admin.get<MenuGroupOption[]>(Paths.platformMenuGroups));
    expect(groups.find((g) => g.href === '/wages-management')?.platformId).toBe(id);
    expect(groups.some((g) => g.href === '/user-center')).toBe(false);
    // Its own code in another case is its own, not a twin.
    expectOk(await save({ id, code: 'archives2', name: '电子档案', menuHrefs: [] }));
    expectOk(await save({ id: wages.id, code: 'wages', name: '工资', menuHrefs: ['/wages-management'] }));
    expectRefused(await save({ id: 99999, code: 'x1', name: '无此平台', menuHrefs: [] }), ErrorCode.NotFound, '平台不存在');
    expect((await logged('platform')).slice(-5).map((l) => l.action)).toEqual([
      'platform.create',
      'platform.edit',
      'platform.edit',
      'platform.edit',
      'platform.edit',
    ]);
  });

  it('pages the list (20/30/40/50) with a filter, and keeps the order saveSort gives', async () => {
    const page = expectOk(await admin.get<Paged<PlatformItem>>(Paths.platformPageList, { pageIndex: 1, pageSize: 20 }));
    expect(page.totalItemCount).toBe((await all()).length);
    const filtered = expectOk(await admin.get<Paged<PlatformItem>>(Paths.platformPageList, { keyword: 'ASSE' }));
    expect(filtered.currentPageItems.map((p) => p.code)).toEqual(['assets']);
    expect(
      expectOk(await admin.get<Paged<PlatformItem>>(Paths.platformPageList, { keyword: '预算' })).currentPageItems,
    ).toHaveLength(1);
    // A typed % is a character, not a pattern.
    expect(expectOk(await admin.get<Paged<PlatformItem>>(Paths.platformPageList, { keyword: '%' })).totalItemCount).toBe(0);
    expectRefused(await admin.get(Paths.platformPageList, { pageSize: 25 }), ErrorCode.BadRequest, '每页条数须为20、30、40或50');
    const second = expectOk(await admin.get<Paged<PlatformItem>>(Paths.platformPageList, { pageIndex: 2, pageSize: 20 }));
    expect(second.currentPageItems).toEqual([]);

    const [a, b] = [await platform('assets'), await platform('funds')];
    expectOk(await admin.post(Paths.platformSaveSort, { ids: [b.id, a.id] }));
    const codes = (await all()).map((p) => p.code);
    expect(codes.indexOf('funds')).toBeLessThan(codes.indexOf('assets'));
    expectRefused(await admin.post(Paths.platformSaveSort, { ids: [a.id, a.id] }), ErrorCode.ValidationFailed, '平台重复');
    expectOk(await admin.post(Paths.platformSaveSort, { ids: [a.id, b.id] }));
    expect((await all()).map((p) => p.code).slice(0, 3)).toEqual(['accounting', 'assets', 'funds']);
    expect((await logged('platform')).at(-1)?.action).toBe('platform.sort');
  });

  it('a platform some set has is not deleted (disable it instead); one no set has is', async () => {
    const accounting = await platform('accounting');
    const rows = await platformRows();
    const refused = await admin.delete(Paths.platform, { id: accounting.id });
    expectRefused(refused, ErrorCode.BusinessRule, /^平台“会计核算”仍有账套在用（001 示范市总工会、.*），不能删除；可改为停用$/);
    expect(await platformRows()).toEqual(rows);
    const archives = await platform('archives2');
    expectOk(await setPlatforms(setId(SCHOOL), ['accounting', 'archives2']));
    expect((await platform('archives2')).ztCount).toBe(1);
    expectRefused(
      await admin.delete(Paths.platform, { id: archives.id }),
      ErrorCode.BusinessRule,
      '仍有账套在用（001002 示范市实验中学工会）',
    );
    expectOk(await setPlatforms(setId(SCHOOL), ['accounting']));
    expectOk(await admin.delete(Paths.platform, { id: archives.id }));
    expect((await all()).some((p) => p.id === archives.id)).toBe(false);
    expect(
      await server.db.kysely.selectFrom('platform_menu').selectAll().where('platform_id', '=', archives.id).execute(),
    ).toEqual([]);
    expect((await logged('platform')).at(-1)).toMatchObject({
      action: 'platform.delete',
      summary: '删除平台 archives2 电子档案',
    });
    expectRefused(await admin.delete(Paths.platform, { id: archives.id }), ErrorCode.NotFound, '平台不存在');
  });

  it('is the super administrator’s page: others are refused (4005) and nothing changes', async () => {
    const assets = await platform('assets');
    const rows = await platformRows();
    const links = await ztRows();
    for (const client of [kuaiji, cityAdmin]) {
      expectRefused(await client.get(Paths.platformPageList), ErrorCode.Forbidden);
      expectRefused(await client.get(Paths.platformMenuGroups), ErrorCode.Forbidden);
      expectRefused(await client.post(Paths.platform, { code: 'x9', name: '越权', menuHrefs: [] }), ErrorCode.Forbidden);
      expectRefused(
        await client.post(Paths.platform, { id: assets.id, code: 'assets', name: '改名', menuHrefs: [] }),
        ErrorCode.Forbidden,
      );
      expectRefused(await client.post(Paths.platformEnable, { id: assets.id, enable: false }), ErrorCode.Forbidden);
      expectRefused(await client.post(`${Paths.platformSaveRecommend}/${assets.id}`, { isRecommend: true }), ErrorCode.Forbidden);
      expectRefused(await client.post(Paths.platformSaveSort, { ids: [assets.id] }), ErrorCode.Forbidden);
      expectRefused(await client.delete(Paths.platform, { id: assets.id }), ErrorCode.Forbidden);
    }
    // The accountant holds no ledger-set page: the set's platforms are not its to read or set.
    expectRefused(await kuaiji.get(`${Paths.platformListByZtId}/${setId(FACTORY)}`), ErrorCode.Forbidden);
    expectRefused(await setPlatforms(setId(FACTORY), ['accounting', 'assets'], kuaiji), ErrorCode.Forbidden);
    expect(await platformRows()).toEqual(rows);
    expect(await ztRows()).toEqual(links);
  });

  it('a city administrator reads and sets the platforms of its subtree only, and opens none its own set lacks', async () => {
    const links = await ztRows();
    expect(await ofSet(setId(FACTORY), cityAdmin)).toEqual(['accounting']);
    expect(expectOk(await cityAdmin.get<PlatformItem[]>(Paths.platformList)).length).toBeGreaterThan(1);
    expectRefused(await cityAdmin.get(`${Paths.platformListByZtId}/${otherCityId}`), ErrorCode.Forbidden, '无权管理该账套');
    expectRefused(await setPlatforms(otherCityId, [], cityAdmin), ErrorCode.Forbidden, '无权管理该账套');
    expectRefused(
      await setPlatforms(setId(FACTORY), ['accounting', 'assets'], cityAdmin),
      ErrorCode.Forbidden,
      '本单位未开通资产平台，不能为下级账套开通',
    );
    expect(await ztRows()).toEqual(links);
    // Given to the city by the super administrator, the city may pass it on, and take it away.
    expectOk(await setPlatforms(setId(CITY), ['accounting', 'assets']));
    expectOk(await setPlatforms(setId(FACTORY), ['accounting', 'assets'], cityAdmin));
    expect(await ofSet(setId(FACTORY), cityAdmin)).toEqual(['accounting', 'assets']);
    expectOk(await setPlatforms(setId(FACTORY), ['accounting'], cityAdmin));
    expectOk(await setPlatforms(setId(CITY), ['accounting']));
    expectRefused(await admin.get(`${Paths.platformListByZtId}/99999`), ErrorCode.NotFound, '账套不存在');
    const unknown = await admin.post(Paths.platformSaveByZtId, { ztId: setId(FACTORY), platformIds: [99999] });
    expectRefused(unknown, ErrorCode.NotFound, '平台 99999 不存在');
  });
});

describe.each(TEST_DIALECTS)('platforms migration (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('gives every set that exists already every platform: nothing changes for it', async () => {
    const q = server.db.kysely;
    for (const table of ['zt_platform', 'platform_menu', 'platform']) await sql`drop table ${sql.table(table)}`.execute(q);
    await sql`delete from kysely_migration where name = ${'0026-platforms'}`.execute(q);
    expect(await migrate(server.db)).toEqual(['0026-platforms']);
    const sets = await q.selectFrom('zt_info').select('id').execute();
    const platforms = await q.selectFrom('platform').select('id').execute();
    const links = await q.selectFrom('zt_platform').selectAll().execute();
    expect(links).toHaveLength(sets.length * platforms.length);
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    const menu = expectOk(await kuaiji.get<FinancialMenuResponse>(Paths.getFinancialMenuList));
    expect(menu.platMenuList.map((m) => m.href)).toEqual(
      expect.arrayContaining(['/accounting-management', '/fixed-assets', '/budget-management']),
    );
  });
});
