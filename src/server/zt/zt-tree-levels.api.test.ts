/**
 * 账套管理's tree read level by level (issue 18 B11): the top units and their children, one unit's
 * children, the way to a set, the whole scope at once, the search of the whole tree with
 * each match's way down; every node with its childCount; a county administrator refused outside
 * its subtree and shown nothing above it. On a four-level tree above the demo union.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZtInfo, ZtTreeSearchResult } from '../../shared/api/schemas/zt.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { Page } from '../auth/pages.js';
import { insertUser } from '../test-support/test-users.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const CITY = '示范市总工会';
const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';

/** A node's code, its childCount, and its children's as far as the answer has them. */
type Shape = [code: string, childCount: number | undefined, children?: Shape[]];
const shape = (nodes: readonly ZtInfo[]): Shape[] =>
  nodes.map((n) => (n.children ? [n.code, n.childCount, shape(n.children)] : [n.code, n.childCount]));

describe.each(TEST_DIALECTS)('the managed tree, level by level (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  /** An administrator of the factory's federation: the factory, its workshop and the workshop's team. */
  let countyAdmin: ApiClient;
  const ids = new Map<string, number>();
  const id = (name: string): number => {
    const value = ids.get(name);
    if (value === undefined) throw new Error(`no set ${name}`);
    return value;
  };
  const expectOk = <T>(answer: Answer<T>): T => {
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };
  const expectRefused = (answer: Answer<unknown>, code: number, message?: RegExp) => {
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe(code);
    if (message) expect(answer.body.errorMsg).toMatch(message);
  };
  const create = async (name: string, code: string, upper: string | null) => {
    const upperId = upper === null ? null : id(upper);
    const answer = await admin.post<{ id: number }>(Paths.ztInfo, {
      name,
      code,
      upperId,
      accountingSystem: 'union-grassroots',
      year: 2026,
    });
    ids.set(name, expectOk(answer).id);
  };
  const tree = (client: ApiClient, query: Record<string, unknown> = {}) => client.get<ZtInfo[]>(Paths.ztInfoManagedTree, query);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const r of await server.db.kysely.selectFrom('zt_info').select(['id', 'name']).execute()) ids.set(r.name, r.id);
    admin = new ApiClient(server.url);
    expect((await admin.logOn(server.db, 'admin', 'Admin@123')).body.success).toBe(true);
    await create('示范车间工会', '001001001', FACTORY);
    await create('示范班组工会', '001001001001', '示范车间工会');
    await create('另一市总工会', '009', null);
    await create('另一市某厂工会', '009001', '另一市总工会');

    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'xian',
      name: '县管理员',
      password: 'Xian@12345',
      grants: [{ ztId: id(FACTORY), level: 'administrator' }],
    });
    countyAdmin = new ApiClient(server.url);
    await countyAdmin.openSet(server.db, 'xian', 'Xian@12345', FACTORY);
  });
  afterAll(() => server.close());

  it('answers the top units and their direct children only, each node with how many children it has', async () => {
    expect(shape(expectOk(await tree(admin)))).toEqual([
      [
        '001',
        2,
        [
          ['001001', 1],
          ['001002', 0],
        ],
      ],
      ['009', 1, [['009001', 0]]],
    ]);
    // Three levels when asked; the fourth is not read.
    const three = expectOk(await tree(admin, { levels: 3 }));
    expect(shape(three)[0]).toEqual([
      '001',
      2,
      [
        ['001001', 1, [['001001001', 1]]],
        ['001002', 0],
      ],
    ]);
    // The nodes are the ledger-set entity the rest of the center reads.
    expect(three[0]).toMatchObject({ name: CITY, level: 1, enable: true, upperId: null, accountingSystem: 'union-county' });
  });

  it("answers one unit's direct children", async () => {
    expect(shape(expectOk(await tree(admin, { parentId: id(FACTORY) })))).toEqual([['001001001', 1]]);
    const team = expectOk(await tree(admin, { parentId: id('示范车间工会') }));
    expect(shape(team)).toEqual([['001001001001', 0]]);
    expect(team[0]).toMatchObject({ name: '示范班组工会', upperId: id('示范车间工会'), level: 4 });
    expect(expectOk(await tree(admin, { parentId: id(SCHOOL) }))).toEqual([]);
  });

  it('answers the way to a set: the top units and every unit’s children down to its upper unit', async () => {
    expect(shape(expectOk(await tree(admin, { revealId: id('示范班组工会') })))).toEqual([
      [
        '001',
        2,
        [
          ['001001', 1, [['001001001', 1, [['001001001001', 0]]]]],
          ['001002', 0],
        ],
      ],
      ['009', 1],
    ]);
    expect(shape(expectOk(await tree(admin, { revealId: id('另一市总工会') })))).toEqual([
      ['001', 2],
      ['009', 1],
    ]);
  });

  it('answers the whole scope at once when asked', async () => {
    const whole = shape(expectOk(await tree(admin, { whole: true })));
    expect(whole[0]).toEqual([
      '001',
      2,
      [
        ['001001', 1, [['001001001', 1, [['001001001001', 0, []]]]]],
        ['001002', 0, []],
      ],
    ]);
    expect(shape(expectOk(await tree(countyAdmin, { whole: true })))).toEqual([
      ['001001', 1, [['001001001', 1, [['001001001001', 0, []]]]]],
    ]);
  });

  it('answers a county administrator its own subtree, and refuses a unit outside it (4005)', async () => {
    expect(shape(expectOk(await tree(countyAdmin)))).toEqual([['001001', 1, [['001001001', 1]]]]);
    expect(shape(expectOk(await tree(countyAdmin, { parentId: id('示范车间工会') })))).toEqual([['001001001001', 0]]);
    // The way to a set stops at the top of the administrator's scope.
    expect(shape(expectOk(await tree(countyAdmin, { revealId: id('示范班组工会') })))).toEqual([
      ['001001', 1, [['001001001', 1, [['001001001001', 0]]]]],
    ]);
    for (const outside of [CITY, SCHOOL, '另一市总工会', '另一市某厂工会']) {
      expectRefused(await tree(countyAdmin, { parentId: id(outside) }), ErrorCode.Forbidden, /无权管理该账套/);
      expectRefused(await tree(countyAdmin, { revealId: id(outside) }), ErrorCode.Forbidden, /无权管理该账套/);
    }
  });

  it('refuses bad parameters with a clear message', async () => {
    expectRefused(
      await tree(admin, { parentId: id(CITY), revealId: id(SCHOOL) }),
      ErrorCode.BadRequest,
      /parentId、revealId 与 whole 只能给出一个/,
    );
    expectRefused(await tree(admin, { parentId: id(CITY), whole: true }), ErrorCode.BadRequest);
    expectRefused(await tree(admin, { levels: 0 }), ErrorCode.BadRequest, /层数须在1到9之间/);
    expectRefused(await tree(admin, { parentId: 999_999 }), ErrorCode.NotFound, /账套不存在/);
  });

  const search = async (client: ApiClient, text: string) => {
    const found = expectOk(await client.get<ZtTreeSearchResult>(Paths.ztInfoTreeSearch, { text }));
    return { codes: found.items.map((i) => [i.code, i.path.map((p) => p.code)]), more: found.more, items: found.items };
  };

  it('searches the whole tree by code or name, each match with the way down to it', async () => {
    expect(await search(admin, '班组')).toMatchObject({
      codes: [['001001001001', ['001', '001001', '001001001']]],
      more: false,
    });
    const byCode = await search(admin, '001001');
    expect(byCode.codes).toEqual([
      ['001001', ['001']],
      ['001001001', ['001', '001001']],
      ['001001001001', ['001', '001001', '001001001']],
    ]);
    expect(byCode.items[2]).toMatchObject({ name: '示范班组工会', enable: true });
    expect(byCode.items[2]?.path.map((p) => p.name)).toEqual([CITY, FACTORY, '示范车间工会']);
    // Typed pattern characters match themselves.
    expect((await search(admin, '%')).codes).toEqual([]);
    expect((await search(admin, ' 另一市 ')).codes).toEqual([
      ['009', []],
      ['009001', ['009']],
    ]);
  });

  it("searches a county administrator's subtree only, and shows nothing above it", async () => {
    expect((await search(countyAdmin, '班组')).codes).toEqual([['001001001001', ['001001', '001001001']]]);
    expect((await search(countyAdmin, '示范')).codes.map(([code]) => code)).toEqual(['001001', '001001001', '001001001001']);
    expect((await search(countyAdmin, '中学')).codes).toEqual([]);
    expect((await search(countyAdmin, '另一市')).codes).toEqual([]);
    expectRefused(
      await countyAdmin.get(Paths.ztInfoTreeSearch, { text: '   ' }),
      ErrorCode.BadRequest,
      /请输入要查找的编码或名称/,
    );
    expectRefused(await admin.get(Paths.ztInfoTreeSearch, {}), ErrorCode.BadRequest);
    expectRefused(await admin.get(Paths.ztInfoTreeSearch, { text: '工'.repeat(61) }), ErrorCode.BadRequest, /至多60个字/);
  });

  it('is searched by whoever picks a unit on the people pages (用户管理 or 部门管理 alone), and by nobody else', async () => {
    const signInWith = async (login: string, pages: string[]): Promise<ApiClient> => {
      const role = expectOk(await admin.post<{ id: number }>(Paths.role, { code: `${login}-role`, name: `${login}角色` })).id;
      const resources = pages.map((href) => ({ href, resourceList: [] }));
      expectOk(await admin.post(Paths.roleSaveResources, { id: role, resources }));
      await insertUser(server.db, server.config.scryptLogN, {
        loginName: login,
        password: 'Pick@12345',
        grants: [{ ztId: id(FACTORY), level: role }],
      });
      const client = new ApiClient(server.url);
      await client.openSet(server.db, login, 'Pick@12345', FACTORY);
      return client;
    };
    const people = await signInWith('renshi', [Page.userManagement]);
    expect((await search(people, '班组')).codes).toEqual([['001001001001', ['001001', '001001001']]]);
    const departments = await signInWith('bumen', [Page.departmentManagement]);
    expect((await search(departments, '车间')).codes).toEqual([['001001001', ['001001']]]);
    const bookkeeper = await signInWith('jizhang', [Page.voucherAdd]);
    expectRefused(await bookkeeper.get(Paths.ztInfoTreeSearch, { text: '班组' }), ErrorCode.Forbidden);
  });

  it('shows a new set under its upper unit, and its upper unit now opens', async () => {
    expect(shape(expectOk(await tree(admin, { parentId: id(SCHOOL) })))).toEqual([]);
    await create('示范中学教工组', '001002001', SCHOOL);
    expect(shape(expectOk(await tree(admin, { parentId: id(SCHOOL) })))).toEqual([['001002001', 0]]);
    expect(shape(expectOk(await tree(admin)))[0]).toEqual([
      '001',
      2,
      [
        ['001001', 1],
        ['001002', 1],
      ],
    ]);
  });

  it('answers the first 50 matches of a search and says there are more', async () => {
    const other = await server.db.kysely
      .selectFrom('zt_info')
      .selectAll()
      .where('id', '=', id('另一市某厂工会'))
      .executeTakeFirstOrThrow();
    const { id: _id, ...row } = other;
    for (let i = 10; i < 61; i++) {
      await server.db.kysely
        .insertInto('zt_info')
        .values({ ...row, code: `0090${i}`, name: `批量工会${i}`, upper_id: id('另一市总工会') })
        .execute();
    }
    const found = await search(admin, '批量');
    expect(found.codes).toHaveLength(50);
    expect(found.codes[0]).toEqual(['009010', ['009']]);
    expect(found.more).toBe(true);
    expect((await search(admin, '批量工会60')).more).toBe(false);
  });
});
