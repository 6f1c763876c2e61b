import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthInfo, FinancialMenuResponse, PageRoute, ZtElectItem } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FinancialState } from '../../shared/financial-state.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import type { SubjectItem } from '../../shared/api/subjects.js';

describe.each(TEST_DIALECTS)('ledger sets, years and the session ledger set (%s)', (dialect) => {
  let server: TestServer;
  let ids: Map<string, number>;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    ids = new Map((await server.db.kysely.selectFrom('zt_info').select(['id', 'name']).execute()).map((z) => [z.name, z.id]));
  });
  afterAll(() => server.close());
  const id = (name: string): number => {
    const value = ids.get(name);
    if (value === undefined) throw new Error(`no demo set ${name}`);
    return value;
  };

  it('lists the sets each user may open, with their years', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.logOn(server.db, 'kuaiji', 'Kuaiji@123');
    const sets = (await kuaiji.get<ZtElectItem[]>(Paths.ztElect)).body.data;
    expect(sets.map((s) => s.name)).toEqual(['示范市总工会', '示范市第一机械厂工会', '示范市实验中学工会']);
    expect(sets[1]).toMatchObject({
      code: '001001',
      upperId: id('示范市总工会'),
      years: [2026, 2025],
      accountingSystem: 'union-grassroots',
    });
    const chuna = new ApiClient(server.url);
    await chuna.logOn(server.db, 'chuna', 'Chuna@123');
    expect((await chuna.get<ZtElectItem[]>(Paths.ztElect)).body.data.map((s) => s.name)).toEqual(['示范市第一机械厂工会']);
    const tree = (await kuaiji.get<{ name: string; children: { name: string }[] }[]>(Paths.ztInfoTree)).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children.map((c) => c.name)).toEqual(['示范市第一机械厂工会', '示范市实验中学工会']);
  });

  it('opens a granted set and year, and refuses others', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.logOn(server.db, 'chuna', 'Chuna@123');
    expect((await chuna.post(Paths.setUserZtLevel, { ztId: id('示范市实验中学工会'), year: 2026 })).body.errorCode).toBe(
      ErrorCode.Forbidden,
    );
    expect((await chuna.post(Paths.setUserZtLevel, { ztId: id('示范市第一机械厂工会'), year: 2019 })).body.errorCode).toBe(
      ErrorCode.BusinessRule,
    );
    expect((await chuna.post(Paths.setUserZtLevel, { ztId: id('示范市第一机械厂工会'), year: 2026 })).body.success).toBe(true);
    const info = (await chuna.get<AuthInfo>(Paths.getInfo)).body.data;
    expect(info).toMatchObject({
      loginName: 'chuna',
      name: '张出纳',
      year: 2026,
      ztName: '示范市第一机械厂工会',
      userLevel: '出纳',
      isAdmin: false,
      financialInstitution: 3,
    });
    expect(info.resources.financial.map((r) => r.href)).toContain('/accounting-management/voucher-management/voucherList');
    expect(info.resources.financial.map((r) => r.href)).not.toContain('/accounting-management/voucher-management/voucherAdd');
  });

  it('refuses an expired or disabled set (4013)', async () => {
    const setId = id('示范市实验中学工会');
    await server.db.kysely.updateTable('zt_info').set({ expire_time: '2020-12-31' }).where('id', '=', setId).execute();
    try {
      const kuaiji = new ApiClient(server.url);
      await kuaiji.logOn(server.db, 'kuaiji', 'Kuaiji@123');
      expect((await kuaiji.get<ZtElectItem[]>(Paths.ztElect)).body.data.map((s) => s.id)).not.toContain(setId);
      expect((await kuaiji.post(Paths.setUserZtLevel, { ztId: setId, year: 2026 })).body.errorCode).toBe(
        ErrorCode.LedgerSetExpired,
      );
    } finally {
      await server.db.kysely.updateTable('zt_info').set({ expire_time: null }).where('id', '=', setId).execute();
    }
  });

  it('works only on the session set: naming another set is refused (4005)', async () => {
    const chuna = new ApiClient(server.url);
    expect((await chuna.logOn(server.db, 'chuna', 'Chuna@123')).body.success).toBe(true);
    expect((await chuna.get(Paths.subjectList)).body).toMatchObject({
      success: false,
      errorCode: ErrorCode.Forbidden,
      errorMsg: '请先选择账套和年度',
    });
    await chuna.post(Paths.setUserZtLevel, { ztId: id('示范市第一机械厂工会'), year: 2026 });
    const own = await chuna.get<SubjectItem[]>(Paths.subjectList, { ztId: id('示范市第一机械厂工会') });
    expect(own.body.success).toBe(true);
    expect(own.body.data.find((s) => s.code === '50101')).toMatchObject({
      codeName: '职工教育支出',
      codeAndFullName: '50101 职工活动支出-职工教育支出',
      lastLevel: true,
      balanceDirection: 1,
    });
    const other = await chuna.get(Paths.subjectList, { ztId: id('示范市实验中学工会') });
    expect(other.body).toMatchObject({ success: false, errorCode: ErrorCode.Forbidden });
    expect((await chuna.get(`${Paths.ztInfo}/${id('示范市实验中学工会')}`)).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await chuna.get(`/usercenter/api/ztInfo/${id('示范市第一机械厂工会')}`)).body).toMatchObject({
      success: true,
      data: { name: '示范市第一机械厂工会' },
    });
  });

  it('reports subjects not initialised until opening balances are saved', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市总工会');
    const state = await kuaiji.get<number>(Paths.financialState);
    expect(state.body).toMatchObject({
      success: true,
      data: FinancialState.SubjectsNotInitialised,
      message: '科目期初余额尚未初始化，请先录入科目期初余额',
    });
    await server.db.kysely
      .updateTable('zt_year')
      .set({ subjects_initialised: 1 })
      .where('zt_id', '=', id('示范市总工会'))
      .where('year', '=', 2026)
      .execute();
    expect((await kuaiji.get<number>(Paths.financialState)).body.data).toBe(FinancialState.Normal);
    const subjects = (await kuaiji.get<SubjectItem[]>(Paths.subjectList)).body.data;
    expect(subjects.filter((s) => s.level === 1)).toHaveLength(45);
    expect((await kuaiji.get(Paths.sysInfo)).body.data).toMatchObject({
      beginYear: 2025,
      endYear: 2026,
      year: 2026,
      accountMonth: 1,
    });
  });

  it('filters menus and page routes by the granted resources', async () => {
    const admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', '示范市第一机械厂工会');
    const adminMenus = (await admin.get<FinancialMenuResponse>(Paths.getFinancialMenuList, { financialInstitution: 3 })).body
      .data;
    expect(adminMenus.platMenuList.map((m) => m.titleName)).toContain('用户中心');
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', '示范市第一机械厂工会');
    const menus = (await shenhe.get<FinancialMenuResponse>(Paths.getFinancialMenuList, { financialInstitution: 3 })).body.data;
    expect(menus.platMenuList.map((m) => m.titleName)).toEqual(['账务处理']);
    const routes = (await shenhe.get<PageRoute[]>(Paths.getPageRouteData)).body.data;
    expect(routes.find((r) => r.path.endsWith('voucherList'))?.resourceList).toEqual(['review', 'book', 'print', 'export']);
    expect(routes.some((r) => r.path.startsWith('/user-center'))).toBe(false);
  });

  it('answers unknown API paths with 404 and the envelope, under every module base', async () => {
    for (const path of ['/api/nothing', '/account/api/nothing', '/userCenter/api/nothing', '/fixedassets/api/x']) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, errorCode: 404, errorMsg: '接口不存在' });
    }
    const response = await fetch(new URL('/api/config', server.url));
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});

describe('the built client', () => {
  it('is served without a session, with the app page for client routes', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>工会财务云</title>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    const server = await startTestServer('sqlite', { clientDir });
    try {
      const asset = await fetch(new URL('/assets/app.js', server.url));
      expect(asset.status).toBe(200);
      expect(await asset.text()).toBe('console.log(1)');
      const page = await fetch(new URL('/accounting-management/voucher-management/voucherAdd', server.url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('工会财务云');
      expect((await fetch(new URL('/api/missing', server.url))).status).toBe(404);
    } finally {
      await server.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
