/** 账套管理 and 省级账套管理 (issue 18 §1): every rule, refusal, right and scope, on the demo union's tree. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../shared/envelope.js';
import type { ZtInfo, ZtListItem } from '../../shared/api/schemas/zt.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FinancialState } from '../../shared/financial-state.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { insertUser } from '../test-support/test-users.js';

const CITY = '示范市总工会';
const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';

describe.each(TEST_DIALECTS)('ledger-set management (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  /** An administrator of the city federation (role 管理员 held in 示范市总工会 only). */
  let cityAdmin: ApiClient;
  let otherCityId: number;
  const ids = new Map<string, number>();
  const id = (name: string): number => {
    const value = ids.get(name);
    if (value === undefined) throw new Error(`no set ${name}`);
    return value;
  };

  async function addUser(login: string, password: string, grants: [ztId: number, level: string][]): Promise<void> {
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: login,
      password,
      grants: grants.map(([ztId, level]) => ({ ztId, level })),
    });
  }

  const rowOf = (ztId: number) => server.db.kysely.selectFrom('zt_info').selectAll().where('id', '=', ztId).executeTakeFirst();
  const logOf = (ztId: number) =>
    server.db.kysely.selectFrom('admin_log').selectAll().where('zt_id', '=', ztId).orderBy('id').execute();
  const countSets = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('zt_info')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expectOk = <T>(answer: Answer<T>): T => {
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };
  const expectRefused = (answer: Answer<unknown>, code: number, message?: string | RegExp) => {
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe(code);
    if (message !== undefined) expect(answer.body.errorMsg).toMatch(message);
  };
  const save = (client: ApiClient, body: Record<string, unknown>) => client.post<{ id: number }>(Paths.ztInfo, body);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const r of await server.db.kysely.selectFrom('zt_info').select(['id', 'name']).execute()) ids.set(r.name, r.id);
    admin = new ApiClient(server.url);
    expect((await admin.logOn(server.db, 'admin', 'Admin@123')).body.success).toBe(true);
    otherCityId = expectOk(
      await save(admin, { name: '另一市总工会', code: '002', upperId: null, accountingSystem: 'union-county', year: 2026 }),
    ).id;
    await addUser('cityadmin', 'Cityadm@123', [[id(CITY), 'administrator']]);
    cityAdmin = new ApiClient(server.url);
    await cityAdmin.openSet(server.db, 'cityadmin', 'Cityadm@123', CITY);
  });
  afterAll(() => server.close());

  it('creates a set ready to work in: its chart, categories, built-in templates, the year open, openings to initialise', async () => {
    const created = expectOk(
      await save(admin, {
        name: '示范区工会',
        code: '001003',
        upperId: id(CITY),
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
    );
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ name: '示范区工会', code: '001003', level: 2, upper_id: id(CITY), enable: 1 });
    const q = server.db.kysely;
    expect(await q.selectFrom('zt_year').selectAll().where('zt_id', '=', created.id).execute()).toEqual([
      expect.objectContaining({ year: 2026, subjects_initialised: 0 }),
    ]);
    const log = await logOf(created.id);
    expect(log.map((l) => [l.action, l.summary])).toEqual([
      ['zt.create', '新建账套 001003 示范区工会（工会会计制度（基层），2026年启用）'],
    ]);

    await addUser('newkuaiji', 'Newkj@1234', [[created.id, 'accountant']]);
    const accountant = new ApiClient(server.url);
    await accountant.openSet(server.db, 'newkuaiji', 'Newkj@1234', '示范区工会');
    expect((await accountant.get<number>(Paths.financialState)).body.data).toBe(FinancialState.SubjectsNotInitialised);
    const subjects = expectOk(await accountant.get<{ code: string }[]>(Paths.subjectList));
    expect(subjects.map((s) => s.code)).toEqual(expect.arrayContaining(['101', '102', '401', '50101']));
    const categories = expectOk(await accountant.get<unknown[]>(Paths.certificateType));
    expect(categories.length).toBeGreaterThan(0);
    const carry = expectOk(await accountant.get<Paged<{ name: string }>>(Paths.template, { template: 4, isMonth: true }));
    expect(carry.currentPageItems.length).toBeGreaterThan(0);
    const vouchers = expectOk(await accountant.get<Paged<{ name: string; isBuiltIn: boolean }>>(Paths.template));
    expect(vouchers.currentPageItems.filter((t) => t.isBuiltIn).map((t) => t.name)).toContain('收到会员会费');
  });

  it('answers the managed tree, a subtree flat, and the paged list with its filters', async () => {
    const tree = expectOk(await admin.get<ZtInfo[]>(Paths.ztInfoManagedTree));
    expect(tree.map((t) => t.code)).toEqual(['001', '002']);
    expect(tree[0]?.children?.map((c) => c.code)).toEqual(['001001', '001002', '001003']);
    const cityTree = expectOk(await cityAdmin.get<ZtInfo[]>(Paths.ztInfoManagedTree));
    expect(cityTree.map((t) => t.code)).toEqual(['001']);

    const tile = expectOk(await admin.get<ZtListItem[]>(Paths.ztInfoChildrenTile, { id: id(CITY) }));
    expect(tile.map((t) => t.code)).toEqual(['001', '001001', '001002', '001003']);
    expect(tile[1]).toMatchObject({ upperName: CITY, firstYear: 2025, hasVouchers: false, hasChildren: false, expired: false });
    expect(tile[0]).toMatchObject({ hasChildren: true, accountingSystem: 'union-county' });

    const page = expectOk(await admin.get<Paged<ZtListItem>>(Paths.ztInfoPageList, { accountingSystem: 'union-grassroots' }));
    expect(page.currentPageItems.map((p) => p.code)).toEqual(['001001', '001002', '001003']);
    expect(
      expectOk(await admin.get<Paged<ZtListItem>>(Paths.ztInfoPageList, { name: '中学' })).currentPageItems.map((p) => p.name),
    ).toEqual([SCHOOL]);
    expect(expectOk(await admin.get<Paged<ZtListItem>>(Paths.ztInfoPageList, { code: '00', level: 1 })).totalItemCount).toBe(2);
    const city = expectOk(await cityAdmin.get<Paged<ZtListItem>>(Paths.ztInfoPageList, {}));
    expect(city.currentPageItems.map((p) => p.code)).not.toContain('002');
    expectRefused(await cityAdmin.get(Paths.ztInfoPageList, { rootId: otherCityId }), ErrorCode.Forbidden);
    expectRefused(await cityAdmin.get(Paths.ztInfoChildrenTile, { id: otherCityId }), ErrorCode.Forbidden);
    expectRefused(await admin.get(Paths.ztInfoPageList, { pageSize: 25 }), ErrorCode.BadRequest);
  });

  it('pages the list 20 to a page by code', async () => {
    for (let i = 1; i <= 22; i += 1) {
      expectOk(
        await save(admin, {
          name: `分页工会${i}`,
          code: `002${String(i).padStart(3, '0')}`,
          upperId: otherCityId,
          accountingSystem: 'union-grassroots',
          year: 2026,
        }),
      );
    }
    const first = expectOk(await admin.get<Paged<ZtListItem>>(Paths.ztInfoPageList, { rootId: otherCityId }));
    expect(first.totalItemCount).toBe(23);
    expect(first.currentPageItems).toHaveLength(20);
    const second = expectOk(await admin.get<Paged<ZtListItem>>(Paths.ztInfoPageList, { rootId: otherCityId, pageIndex: 2 }));
    expect(second.currentPageItems.map((p) => p.code)).toEqual(['002020', '002021', '002022']);
    const thirty = expectOk(await admin.get<Paged<ZtListItem>>(Paths.ztInfoPageList, { rootId: otherCityId, pageSize: 30 }));
    expect(thirty.currentPageItems).toHaveLength(23);
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const before = await countSets();
    const base = { name: '新工会', code: '001009', upperId: id(CITY), accountingSystem: 'union-grassroots', year: 2026 };
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ code: '001001' }, ErrorCode.Conflict, `账套编码 001001 已被账套「${FACTORY}」使用`],
      [{ code: '002009' }, ErrorCode.BusinessRule, '账套编码须以上级单位的编码 001 开头，并至少多一位（如 001001）'],
      [{ code: '001' }, ErrorCode.BusinessRule, /须以上级单位的编码 001 开头/],
      [{ code: '00100A' }, ErrorCode.BusinessRule, '账套编码只能是数字'],
      [{ code: '' }, ErrorCode.BusinessRule, '请输入账套编码'],
      [{ name: '   ' }, ErrorCode.BusinessRule, '请输入账套名称'],
      [{ name: 'x'.repeat(61) }, ErrorCode.BusinessRule, '账套名称最多60个字'],
      [{ name: FACTORY }, ErrorCode.Conflict, `同一上级单位下已有名为「${FACTORY}」的账套（编码 001001）`],
      [{ upperId: 999999 }, ErrorCode.BusinessRule, '上级单位不存在，请重新选择'],
      [{ year: 1980 }, ErrorCode.BusinessRule, /启用年度须在1990年到\d{4}年之间/],
      [{ expireTime: '2026-02-30' }, ErrorCode.BusinessRule, '到期日 2026-02-30 不是有效的日期'],
      [{ accountingSystem: 'enterprise' }, ErrorCode.BadRequest, /.+/],
      [{ level: 12 }, ErrorCode.BadRequest, /层级须在1到9之间/],
    ];
    for (const [change, code, message] of cases) {
      expectRefused(await save(admin, { ...base, ...change }), code, message);
    }
    expect(await countSets()).toBe(before);
  });

  it('keeps the level of the tree unless one is given, and lets only the super administrator make a top-level set', async () => {
    const county = expectOk(
      await save(admin, {
        name: '示范县总工会',
        code: '001100',
        upperId: id(CITY),
        accountingSystem: 'union-county',
        year: 2026,
      }),
    );
    const union = expectOk(
      await save(admin, {
        name: '示范县某厂工会',
        code: '001100001',
        upperId: county.id,
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
    );
    expect((await rowOf(union.id))?.level).toBe(3);
    const given = expectOk(
      await save(admin, {
        name: '示范县某校工会',
        code: '001100002',
        upperId: county.id,
        accountingSystem: 'union-grassroots',
        year: 2026,
        level: 4,
      }),
    );
    expect((await rowOf(given.id))?.level).toBe(4);
    const before = await countSets();
    expectRefused(
      await save(cityAdmin, { name: '第三市总工会', code: '003', upperId: null, accountingSystem: 'union-county', year: 2026 }),
      ErrorCode.Forbidden,
      '只有超级管理员可以新建顶级账套，请选择上级单位',
    );
    expect(await countSets()).toBe(before);
  });

  it('a county administrator creates and edits only in its subtree (4005 elsewhere, nothing changed)', async () => {
    const before = await countSets();
    expectRefused(
      await save(cityAdmin, {
        name: '越权工会',
        code: '002900',
        upperId: otherCityId,
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
      ErrorCode.Forbidden,
    );
    expect(await countSets()).toBe(before);
    const other = await rowOf(otherCityId);
    expectRefused(
      await save(cityAdmin, {
        id: otherCityId,
        name: '改名',
        code: '002',
        upperId: null,
        accountingSystem: 'union-county',
        year: 2026,
      }),
      ErrorCode.Forbidden,
    );
    expect(await rowOf(otherCityId)).toEqual(other);
    for (const call of [
      cityAdmin.post(Paths.ztInfoEnable, { ids: [otherCityId], enable: false }),
      cityAdmin.post(Paths.ztInfoEnable, { ids: [id(FACTORY), otherCityId], enable: false }),
      cityAdmin.delete(`${Paths.ztInfo}/${otherCityId}`),
      cityAdmin.get(`${Paths.ztInfo}/${otherCityId}`),
      cityAdmin.post(Paths.ztInfoImproveUnit, { ids: [otherCityId], value: true }),
    ]) {
      expectRefused(await call, ErrorCode.Forbidden);
    }
    expect(await rowOf(otherCityId)).toEqual(other);
    expect((await rowOf(id(FACTORY)))?.enable).toBe(1);
    // Inside its subtree it may: a union under the city, edited after.
    const made = expectOk(
      await save(cityAdmin, {
        name: '市属工会',
        code: '001200',
        upperId: id(CITY),
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
    );
    expectOk(
      await save(cityAdmin, {
        id: made.id,
        name: '市属某工会',
        code: '001200',
        upperId: id(CITY),
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
    );
    expect((await rowOf(made.id))?.name).toBe('市属某工会');
    // Its own set, whose upper unit is outside the subtree, stays editable as long as the upper stays.
    expectOk(
      await save(cityAdmin, {
        id: id(CITY),
        name: CITY,
        code: '001',
        upperId: null,
        accountingSystem: 'union-county',
        year: 2025,
      }),
    );
  });

  it('edits a set and locks what its books or its lower units depend on', async () => {
    const made = expectOk(
      await save(admin, {
        name: '待改工会',
        code: '001300',
        upperId: id(CITY),
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
    );
    // Without books the system and first year may change: the chart is rebuilt.
    expectOk(
      await save(admin, {
        id: made.id,
        name: '已改工会',
        code: '001301',
        upperId: id(CITY),
        accountingSystem: 'union-county',
        year: 2025,
        saveLocalizationPrint: true,
      }),
    );
    const q = server.db.kysely;
    expect(await q.selectFrom('zt_year').select('year').where('zt_id', '=', made.id).execute()).toEqual([{ year: 2025 }]);
    expect(await rowOf(made.id)).toMatchObject({
      name: '已改工会',
      code: '001301',
      accounting_system: 'union-county',
      save_localization_print: 1,
    });
    const log = await logOf(made.id);
    expect(log.at(-1)).toMatchObject({ action: 'zt.edit' });
    expect(JSON.parse(log.at(-1)?.before_json ?? '{}')).toMatchObject({
      name: '待改工会',
      accounting_system: 'union-grassroots',
      year: 2026,
    });

    await q.updateTable('zt_year').set({ subjects_initialised: 1 }).where('zt_id', '=', made.id).execute();
    expectRefused(
      await save(admin, {
        id: made.id,
        name: '已改工会',
        code: '001301',
        upperId: id(CITY),
        accountingSystem: 'union-grassroots',
        year: 2025,
      }),
      ErrorCode.BusinessRule,
      '该账套2025年的科目期初已经初始化，不能修改会计制度或启用年度',
    );
    await insertVoucher(made.id, 2025);
    expectRefused(
      await save(admin, {
        id: made.id,
        name: '已改工会',
        code: '001301',
        upperId: id(CITY),
        accountingSystem: 'union-county',
        year: 2026,
      }),
      ErrorCode.BusinessRule,
      '该账套已有凭证，不能修改会计制度或启用年度',
    );
    expectRefused(
      await save(admin, { id: id(CITY), name: CITY, code: '009', upperId: null, accountingSystem: 'union-county', year: 2025 }),
      ErrorCode.BusinessRule,
      '该账套有下级单位，不能修改编码（下级单位的编码以它开头）',
    );
    expectRefused(
      await save(admin, {
        id: id(CITY),
        name: CITY,
        code: '001',
        upperId: id(FACTORY),
        accountingSystem: 'union-county',
        year: 2025,
      }),
      ErrorCode.BusinessRule,
      '上级单位不能是该账套本身或它的下级单位',
    );
  });

  async function insertVoucher(ztId: number, year: number): Promise<void> {
    const now = Date.now();
    await server.db.kysely
      .insertInto('voucher')
      .values({
        zt_id: ztId,
        id: `v${ztId}-${now}`,
        year,
        month: 1,
        certificate_type: 1,
        pz_no: 1,
        pz_date: `${year}-01-05`,
        number_of_document: 0,
        financial_officer: '',
        bookkeeper: '',
        cashier: '',
        prepared_by: '测试',
        created_by: 1,
        reviewer: '',
        is_review: 0,
        is_book: 0,
        is_cashier_signed: 0,
        debit_total: 100,
        credit_total: 100,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  it('deletes only a set without vouchers and lower units, with everything it owns; otherwise explains and offers disable', async () => {
    const made = expectOk(
      await save(admin, {
        name: '将删工会',
        code: '001400',
        upperId: id(CITY),
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
    );
    expectRefused(
      await admin.delete(`${Paths.ztInfo}/${id(CITY)}`),
      ErrorCode.BusinessRule,
      /下级单位，不能删除；请先删除下级单位，或停用该账套/,
    );
    const withBooks = expectOk(
      await save(admin, {
        name: '有账工会',
        code: '001401',
        upperId: id(CITY),
        accountingSystem: 'union-grassroots',
        year: 2026,
      }),
    );
    await insertVoucher(withBooks.id, 2026);
    expectRefused(
      await admin.delete(`${Paths.ztInfo}/${withBooks.id}`),
      ErrorCode.BusinessRule,
      /^该账套已有凭证，不能删除，可停用/,
    );
    expect(await rowOf(withBooks.id)).toBeDefined();
    // A user without the delete button (an accountant) is refused before anything is looked at.
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', CITY);
    expectRefused(await kuaiji.delete(`${Paths.ztInfo}/${made.id}`), ErrorCode.Forbidden);
    expect(await rowOf(made.id)).toBeDefined();

    // A unit that is someone's home unit keeps its people: refused until they move.
    const q = server.db.kysely;
    const person = await q
      .selectFrom('app_user')
      .select(['id', 'home_zt_id'])
      .where('login_name', '=', 'chuna')
      .executeTakeFirstOrThrow();
    await q.updateTable('app_user').set({ home_zt_id: made.id }).where('id', '=', person.id).execute();
    expectRefused(
      await admin.delete(`${Paths.ztInfo}/${made.id}`),
      ErrorCode.BusinessRule,
      /^该账套是1个用户的所属单位，不能删除/,
    );
    await q.updateTable('app_user').set({ home_zt_id: person.home_zt_id }).where('id', '=', person.id).execute();
    // What the user center keeps of the set goes with it: category rights, its own roles, its departments.
    await q.insertInto('user_pz_type_right').values({ user_id: person.id, zt_id: made.id, certificate_type: 1 }).execute();
    await q
      .insertInto('user_level')
      .values({ code: 'zt-own-role', name: '本单位角色', resources: '[]', sort: 99, enable: 1, owner_zt_id: made.id })
      .execute();
    await q.insertInto('department').values({ zt_id: made.id, name: '办公室', created_at: Date.now() }).execute();

    expectOk(await admin.delete(`${Paths.ztInfo}/${made.id}`));
    expect(await rowOf(made.id)).toBeUndefined();
    expect(await q.selectFrom('user_level').select('id').where('owner_zt_id', '=', made.id).execute()).toEqual([]);
    for (const table of [
      'zt_year',
      'subject',
      'certificate_type',
      'auxi_type',
      'user_zt_level',
      'user_pz_type_right',
      'department',
    ] as const) {
      expect(await q.selectFrom(table).select('zt_id').where('zt_id', '=', made.id).execute()).toEqual([]);
    }
    expect((await logOf(made.id)).map((l) => l.action)).toEqual(['zt.create', 'zt.delete']);
  });

  it('disabling a set ends the sessions inside it, refuses every call into it, and it cannot be chosen; enabling brings it back', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    expectOk(await chuna.get(Paths.subjectList));
    expectOk(await admin.post(Paths.ztInfoEnable, { ids: [id(FACTORY)], enable: false }));
    expectRefused(await chuna.get(Paths.subjectList), ErrorCode.LedgerSetExpired, /当前账套已被停用，登录已结束/);
    expectRefused(await chuna.get(Paths.ztElect), ErrorCode.LedgerSetExpired);

    const again = new ApiClient(server.url);
    await again.logOn(server.db, 'chuna', 'Chuna@123');
    expect(expectOk(await again.get<{ id: number }[]>(Paths.ztElect)).map((z) => z.id)).not.toContain(id(FACTORY));
    expectRefused(
      await again.post(Paths.setUserZtLevel, { ztId: id(FACTORY), year: 2026 }),
      ErrorCode.LedgerSetExpired,
      `账套「${FACTORY}」已停用，不能选择；请联系管理员`,
    );
    expect((await logOf(id(FACTORY))).at(-1)).toMatchObject({ action: 'zt.disable', summary: `停用账套 001001 ${FACTORY}` });

    expectOk(await admin.post(Paths.ztInfoEnable, { ids: [id(FACTORY)], enable: true }));
    const back = new ApiClient(server.url);
    await back.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    expectOk(await back.get(Paths.subjectList));
  });

  it('an expiry date past ends the sessions inside; one passing while a session is open refuses its calls all the same', async () => {
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    expectOk(await admin.post(Paths.ztInfoExpiration, { ids: [id(SCHOOL)], expireTime: '2020-12-31' }));
    expectRefused(await shenhe.get(Paths.subjectList), ErrorCode.LedgerSetExpired, /当前账套已到期/);
    expectOk(await admin.post(Paths.ztInfoExpiration, { ids: [id(SCHOOL)], expireTime: null }));

    // The date passes without anyone calling: the guard refuses the open session's next call.
    const open = new ApiClient(server.url);
    await open.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    await server.db.kysely.updateTable('zt_info').set({ expire_time: '2021-01-01' }).where('id', '=', id(SCHOOL)).execute();
    expectRefused(await open.get(Paths.subjectList), ErrorCode.LedgerSetExpired, /当前账套已到期/);
    await server.db.kysely.updateTable('zt_info').set({ expire_time: null }).where('id', '=', id(SCHOOL)).execute();
    expectRefused(
      await admin.post(Paths.ztInfoExpiration, { ids: [id(SCHOOL)], expireTime: '2026-02-30' }),
      ErrorCode.BusinessRule,
      '到期日 2026-02-30 不是有效的日期',
    );
    expect((await rowOf(id(SCHOOL)))?.expire_time).toBeNull();
  });

  it('sets level and the two flags of a selection, each change in the log', async () => {
    const both = [id(FACTORY), id(SCHOOL)];
    expect(expectOk(await admin.post<{ count: number }>(Paths.ztInfoLevel, { ids: both, level: 4 })).count).toBe(2);
    expectOk(await admin.post(Paths.ztInfoImproveUnit, { ids: both, value: true }));
    expectOk(await admin.post(Paths.ztInfoAssetCheck, { ids: [id(SCHOOL)], value: true }));
    expect(await rowOf(id(FACTORY))).toMatchObject({ level: 4, is_improve_unit: 1, is_asset_check: 0 });
    expect(await rowOf(id(SCHOOL))).toMatchObject({ level: 4, is_improve_unit: 1, is_asset_check: 1 });
    expect((await logOf(id(SCHOOL))).slice(-3).map((l) => l.action)).toEqual(['zt.level', 'zt.improveUnit', 'zt.assetCheck']);
    expectRefused(await admin.post(Paths.ztInfoLevel, { ids: [], level: 2 }), ErrorCode.BadRequest, /请选择账套/);
    // The city's administrator holds 账套管理 and 省级账套管理 through the 管理员 role: within its subtree it may.
    expectOk(await cityAdmin.post(Paths.ztInfoLevel, { ids: [id(FACTORY)], level: 2 }));
    // An accountant holds no user-center page: refused, nothing changed.
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', CITY);
    expectRefused(await kuaiji.post(Paths.ztInfoLevel, { ids: [id(FACTORY)], level: 5 }), ErrorCode.Forbidden);
    expectRefused(await kuaiji.get(Paths.ztInfoPageList), ErrorCode.Forbidden);
    expect((await rowOf(id(FACTORY)))?.level).toBe(2);
  });

  it('a set past its date after the session chose it grants no administration through it', async () => {
    expectOk(await cityAdmin.get(Paths.ztInfoPageList));
    await server.db.kysely.updateTable('zt_info').set({ expire_time: '2021-01-01' }).where('id', '=', id(CITY)).execute();
    try {
      expectRefused(await cityAdmin.get(Paths.ztInfoPageList), ErrorCode.Forbidden);
      expectRefused(await cityAdmin.post(Paths.ztInfoLevel, { ids: [id(SCHOOL)], level: 7 }), ErrorCode.Forbidden);
      expect((await rowOf(id(SCHOOL)))?.level).not.toBe(7);
    } finally {
      await server.db.kysely.updateTable('zt_info').set({ expire_time: null }).where('id', '=', id(CITY)).execute();
    }
    expectOk(await cityAdmin.get(Paths.ztInfoPageList));
  });

  it('refuses disabling or deleting the set the caller is in', async () => {
    expectRefused(
      await cityAdmin.post(Paths.ztInfoEnable, { ids: [id(CITY)], enable: false }),
      ErrorCode.BusinessRule,
      '不能停用您当前登录所在的账套，请先切换到其他账套',
    );
    expect((await rowOf(id(CITY)))?.enable).toBe(1);
  });
});
