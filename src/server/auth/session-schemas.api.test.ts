/**
 * The declared sign-in, session, menu and ledger-set calls: a malformed parameter is refused (400,
 * 4000) naming the field and the rule in Chinese and changes nothing, and every answer carries each
 * field the client reads (the serializer writes only what the answer's schema declares).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthInfo, FinancialMenuResponse, MenuNode, PageRoute, ZtElectItem, ZtInfo } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const FACTORY = '示范市第一机械厂工会';

const keys = (value: unknown) => Object.keys(value as object).sort();

function expectRefused(answer: Answer, rule: string): void {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.BadRequest, data: null });
  expect(answer.body.errorMsg).toBe(`请求参数有误: ${rule}`);
}

/** Every node of a tree, children after their parent. */
function flatten<T extends { children?: T[] }>(nodes: readonly T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

describe.each(TEST_DIALECTS)('declared sign-in, session, menu and ledger-set calls (%s)', (dialect) => {
  let server: TestServer;
  let setId: number;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    const row = await server.db.kysely.selectFrom('zt_info').select('id').where('name', '=', FACTORY).executeTakeFirstOrThrow();
    setId = row.id;
  });
  afterAll(() => server.close());

  it('refuses a malformed logOn with the field and the rule, counting no failed login', async () => {
    const throttled = () => server.db.kysely.selectFrom('login_throttle').selectAll().execute();
    const before = await throttled();
    const anonymous = new ApiClient(server.url);
    for (let i = 0; i < 5; i++) expectRefused(await anonymous.post(Paths.logOn, {}), '缺少参数loginName');
    expectRefused(await anonymous.post(Paths.logOn, { loginName: 'kuaiji' }), '缺少参数password');
    expectRefused(await anonymous.post(Paths.logOn, { loginName: 'kuaiji', password: { guess: 1 } }), '参数password：须为文本');
    expectRefused(
      await anonymous.post(Paths.logOn, { loginName: 'k'.repeat(129), password: 'Kuaiji@123' }),
      '参数loginName：不能超过128个字符',
    );
    expect(await throttled()).toEqual(before);
    expect((await anonymous.logOn(server.db, 'kuaiji', 'Kuaiji@123')).body.success).toBe(true);
  });

  it('refuses a malformed password change or ledger-set choice with the field and the rule', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    expectRefused(await kuaiji.post(Paths.updatePassword, { oldPassword: 'Kuaiji@123' }), '缺少参数newPassword');
    expectRefused(
      await kuaiji.post(Paths.updatePassword, { oldPassword: 'Kuaiji@123', newPassword: 'N'.repeat(129) }),
      '参数newPassword：不能超过128个字符',
    );
    expectRefused(await kuaiji.post(Paths.setUserZtLevel, { ztId: setId, year: 26 }), '参数year：年份须为四位数字');
    expectRefused(await kuaiji.post(Paths.setUserZtLevel, { ztId: 'abc', year: 2026 }), '参数ztId：须为整数');
    expectRefused(await kuaiji.post(Paths.setUserZtLevel, { ztId: 0, year: 2026 }), '参数ztId：不能小于1');
    expectRefused(await kuaiji.post(Paths.setUserZtLevel, { year: 2026 }), '缺少参数ztId');
    // Nothing changed: the password is the old one and no set was chosen.
    expect((await kuaiji.get<AuthInfo>(Paths.getInfo)).body.data).toMatchObject({ ztId: null, year: null });
    expect((await new ApiClient(server.url).logOn(server.db, 'kuaiji', 'Kuaiji@123')).body.success).toBe(true);
  });

  it('refuses a ledger-set id that is not a positive integer an integer column holds', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    for (const base of ['/userCenter', '/usercenter']) {
      // 2147483648 and beyond name no row and overflow PostgreSQL's integer column: refused, not a 500.
      for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', 'Infinity']) {
        expectRefused(await kuaiji.get(`${base}/api/ztInfo/${bad}`), '参数id：账套编号无效');
      }
    }
  });

  it('takes logOut without a body, as the spec sends it', async () => {
    const api = new ApiClient(server.url);
    await api.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    const out = await api.raw('POST', Paths.logOut, { signed: {} });
    expect(out.status).toBe(200);
    expect(JSON.parse(out.text)).toMatchObject({ success: true, data: null, message: '已退出登录' });
    expect((await api.get(Paths.getInfo)).body.errorCode).toBe(ErrorCode.TokenInvalid);
  });

  it('answers every field of the sign-in and session calls', async () => {
    const api = new ApiClient(server.url);
    const logOn = await api.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    expect(keys(logOn.body.data)).toEqual(['isAdmin', 'loginName', 'name', 'passwordExpired', 'signKey', 'token']);
    expect((await api.get<boolean>(Paths.determineThePasswordHasExpired)).body.data).toBe(false);
    const chosen = await api.post(Paths.setUserZtLevel, { ztId: setId, year: 2026 });
    expect(chosen.body.data).toEqual({ ztId: setId, ztName: FACTORY, year: 2026 });

    const info = (await api.get<AuthInfo>(Paths.getInfo)).body.data;
    expect(keys(info)).toEqual(
      [
        'loginName',
        'name',
        'isAdmin',
        'year',
        'ztId',
        'workingMonth',
        'ztName',
        'userLevel',
        'financialInstitution',
        'accountingSystem',
        'fileUploadContentLength',
        'fileUploadAllContentLength',
        'userZtData',
        'voucherTemplate',
        'whetherOpenMonthEndCarryover',
        'resources',
        'keyCode',
        'whetherOpenSecretKey',
        'isDeptLocalizationPrint',
        'isZJ',
        'isStreetAccounting',
        'isCheckCertificateSign',
        'platMenuList',
        'financialList',
      ].sort(),
    );
    expect(info).toMatchObject({
      ztId: setId,
      year: 2026,
      workingMonth: 1,
      accountingSystem: 'union-grassroots',
      userZtData: { name: FACTORY, isOpenLocalizationPrint: false },
      financialList: [{ financialValue: 3, name: '工会会计制度（2021）' }, { financialValue: 2 }],
    });
    expect(keys(info.resources)).toEqual(['financial', 'usercenter']);
    expect(keys(info.resources.financial[0])).toEqual(['href', 'resourceList', 'titleName']);

    const menu = (await api.get<FinancialMenuResponse>(Paths.getFinancialMenuList)).body.data;
    expect(keys(menu)).toEqual(['platMenuList', 'resources']);
    const nodes: MenuNode[] = flatten(menu.platMenuList);
    // The tree keeps its depth: pages under their groups, every node with its fields.
    expect(nodes.length).toBeGreaterThan(menu.platMenuList.length);
    for (const node of nodes) expect(keys(node)).toEqual(['children', 'href', 'icon', 'id', 'titleName']);
    expect(flatten(info.platMenuList)).toEqual(nodes);
    const routes = (await api.get<PageRoute[]>(Paths.getPageRouteData)).body.data;
    expect(routes.length).toBe(menu.resources.length);
    for (const route of routes) expect(keys(route)).toEqual(['name', 'path', 'resourceList', 'title']);
  });

  it('answers every field of the ledger-set calls, the tree at every depth', async () => {
    const admin = new ApiClient(server.url);
    await admin.logOn(server.db, 'admin', 'Admin@123');
    const elect = (await admin.get<ZtElectItem[]>(Paths.ztElect)).body.data;
    expect(elect.length).toBeGreaterThan(1);
    for (const item of elect) {
      expect(keys(item)).toEqual(['accountingSystem', 'code', 'id', 'level', 'name', 'upperId', 'years']);
    }
    const entity = [
      'accountingSystem',
      'code',
      'enable',
      'expireTime',
      'id',
      'isAssetCheck',
      'isImproveUnit',
      'level',
      'name',
      'saveLocalizationPrint',
      'upperId',
    ];
    const one = (await admin.get<ZtInfo>(`${Paths.ztInfo}/${setId}`)).body.data;
    expect(keys(one)).toEqual(entity);

    // A third level under the factory, so the tree's answer is seen below its first children.
    const { id: _id, ...factory } = await server.db.kysely
      .selectFrom('zt_info')
      .selectAll()
      .where('id', '=', setId)
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .insertInto('zt_info')
      .values({ ...factory, code: `${factory.code}001`, name: '示范车间工会', upper_id: setId, level: factory.level + 1 })
      .execute();
    const tree = (await admin.get<ZtInfo[]>(Paths.ztInfoTree)).body.data;
    const all = flatten(tree);
    expect(all.map((z) => z.name)).toContain('示范车间工会');
    for (const node of all) expect(keys(node)).toEqual([...entity, 'children'].sort());
    const workshop = all.find((z) => z.name === '示范车间工会');
    expect(workshop).toMatchObject({ upperId: setId, level: factory.level + 1, children: [] });
  });
});
