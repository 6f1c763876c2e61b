/**
 * Rights on every call: every registered route declares the page or button it needs, and for every
 * route and every demo role (and a user with no rights in the set) a call is refused (4005) exactly
 * when the role's grants (the ones its menus and buttons come from) lack the declared right, or the
 * route is for administrators (access admin: the API documentation) and the role is none.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthInfo, ResourceItem } from '../../shared/api/auth.js';
import type { BackupItem } from '../../shared/api/backup.js';
import type { FileRelation } from '../../shared/api/files.js';
import { isApiPath, Paths } from '../../shared/api/paths.js';
import type { BatchResponse, Voucher } from '../../shared/api/vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { okEnvelope } from '../../shared/envelope.js';
import { MENU_CATALOGUE } from '../admin/menu-catalogue.js';
import { installEnvelope } from '../http/envelope-plugin.js';
import type { RegisteredRoute } from '../http/route-list.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { callRoute, routeKey, type WalkFixtures } from '../test-support/route-calls.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { insertUser } from '../test-support/test-users.js';
import { afterBatch, FACTORY, refOf, SCHOOL, request as voucherRequest, save } from '../vouchers/voucher-test-kit.js';
import { installGuard } from './guard.js';
import { installRouteRights, type RouteRight } from './route-rights.js';

interface Role {
  login: string;
  password: string;
  client: ApiClient;
  /** The pages and buttons the role's menus and buttons show (getInfo). */
  resources: ResourceItem[];
  isAdmin: boolean;
}

const NOBODY = { login: 'wuquan', password: 'Wuquan@123' };

const rightOf = (route: RegisteredRoute): RouteRight | undefined => route.config?.right;
const accessOf = (route: RegisteredRoute): string => route.config?.access ?? 'session';

/** Whether grants shown to the client hold the right: the oracle the server must agree with. */
function holds({ resources, isAdmin }: Pick<Role, 'resources' | 'isAdmin'>, route: RegisteredRoute, right: RouteRight): boolean {
  if (accessOf(route) === 'admin' && !isAdmin) return false;
  if (right === 'none') return true;
  if ('pages' in right) return right.pages.some((page) => resources.some((r) => r.href === page));
  return right.buttons.some(([page, button]) => resources.some((r) => r.href === page && r.resourceList.includes(button)));
}

/** Every page of the catalogue (leaves) with the buttons it knows. */
function cataloguePages(): Map<string, readonly string[]> {
  const pages = new Map<string, readonly string[]>();
  for (const top of MENU_CATALOGUE) for (const page of top.children ?? []) pages.set(page.href, page.buttons ?? []);
  return pages;
}

describe.each(TEST_DIALECTS)('rights on every call (%s)', (dialect) => {
  let server: TestServer;
  let api: RegisteredRoute[];
  let fixtures: WalkFixtures;
  const roles: Role[] = [];
  const role = (login: string): Role => roles.find((r) => r.login === login) ?? expect.fail(`no role ${login}`);

  async function addNobody(): Promise<void> {
    const q = server.db.kysely;
    const { id: levelId } = await q
      .insertInto('user_level')
      .values({ code: 'nothing', name: '无权限', resources: '[]', sort: 99, enable: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: NOBODY.login,
      password: NOBODY.password,
      name: '无权限用户',
      grants: [{ ztId: (await setIds(server.db))(FACTORY), level: levelId }],
    });
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    api = server.routes.filter((r) => isApiPath(r.url));
    await addNobody();
    for (const { login, password } of [
      { login: 'admin', password: 'Admin@123' },
      { login: 'kuaiji', password: 'Kuaiji@123' },
      { login: 'shenhe', password: 'Shenhe@123' },
      { login: 'chuna', password: 'Chuna@123' },
      NOBODY,
    ]) {
      const client = new ApiClient(server.url);
      await client.openSet(server.db, login, password, FACTORY);
      const info = (await client.get<AuthInfo>(Paths.getInfo)).body.data;
      roles.push({
        login,
        password,
        client,
        resources: [...info.resources.financial, ...info.resources.usercenter],
        isAdmin: info.isAdmin,
      });
    }
    const kuaiji = role('kuaiji').client;
    const voucher = await save(kuaiji, voucherRequest());
    expect(voucher.body.errorMsg).toBeNull();
    const file = await kuaiji.upload<FileRelation[]>(
      Paths.fileRelation,
      { name: '发票.txt', content: new TextEncoder().encode('附件') },
      { voucherId: voucher.body.data.id },
    );
    expect(file.body.errorMsg).toBeNull();
    const backup = await role('admin').client.post<BackupItem>(Paths.backup, { type: 45 });
    expect(backup.body.errorMsg).toBeNull();
    fixtures = {
      ztId: (await setIds(server.db))(FACTORY),
      voucherId: voucher.body.data.id,
      fileId: file.body.data[0]?.fileId ?? '',
      backupId: backup.body.data.id,
    };
  });
  afterAll(() => server.close());

  it('every API route declares its right; a public route needs none', () => {
    expect(api.length).toBeGreaterThan(80);
    const undeclared = api.filter((r) => rightOf(r) === undefined).map(routeKey);
    expect(undeclared).toEqual([]);
    const publicWithRight = api.filter((r) => accessOf(r) === 'public' && rightOf(r) !== 'none').map(routeKey);
    expect(publicWithRight).toEqual([]);
  });

  it('every page and button a route names is in the menu catalogue', () => {
    const pages = cataloguePages();
    const unknown: string[] = [];
    for (const route of api) {
      const right = rightOf(route);
      if (!right || right === 'none') continue;
      if ('pages' in right) {
        if (right.pages.length === 0) unknown.push(`${routeKey(route)}: no page`);
        for (const page of right.pages) if (!pages.has(page)) unknown.push(`${routeKey(route)}: ${page}`);
      } else {
        if (right.buttons.length === 0) unknown.push(`${routeKey(route)}: no button`);
        for (const [page, button] of right.buttons)
          if (!pages.get(page)?.includes(button)) unknown.push(`${routeKey(route)}: ${page} ${button}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('a route that declares no right is refused, before its handler', async () => {
    const app = Fastify();
    installEnvelope(app, server.config.clientDir);
    installGuard(app, server.db, server.config);
    installRouteRights(app, server.db);
    let reached = 0;
    const handler = () => {
      reached++;
      return Promise.resolve(okEnvelope('reached'));
    };
    app.get('/api/undeclared', { config: { access: 'zt' } }, handler);
    app.get('/api/declared', { config: { access: 'zt', right: 'none' } }, handler);
    try {
      const client = new ApiClient(await app.listen({ port: 0, host: '127.0.0.1' }));
      Object.assign(client, { token: role('kuaiji').client.token, signKey: role('kuaiji').client.signKey });
      expect((await client.get('/api/undeclared')).body).toMatchObject({ success: false, errorCode: ErrorCode.Forbidden });
      expect(reached).toBe(0);
      expect((await client.get('/api/declared')).body).toMatchObject({ success: true, data: 'reached' });
      expect(reached).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('a ledger-set id other than the session set is refused on every ledger route, even to a role holding every right', async () => {
    const admin = role('admin').client;
    const foreign = (await setIds(server.db))(SCHOOL);
    const accepted: string[] = [];
    for (const route of api.filter((r) => accessOf(r) === 'zt')) {
      for (const key of ['ztId', 'ztid', 'zt_id']) {
        const answer = await callRoute(admin, route, fixtures, { [key]: foreign });
        if (answer.body?.errorCode !== ErrorCode.Forbidden) accepted.push(`${routeKey(route)} ${key}: ${answer.status}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('what was seen: regenerating and exporting openings need their page buttons, reads the page, the admin signs', async () => {
    const forbidden = { success: false, errorCode: ErrorCode.Forbidden };
    for (const login of ['chuna', 'shenhe']) {
      expect((await role(login).client.post(Paths.regenerateOccur, {})).body).toMatchObject(forbidden);
      const exported = await callRoute(role(login).client, { method: 'GET', url: Paths.openingExport }, fixtures);
      expect(exported.body).toMatchObject(forbidden);
      expect((await role(login).client.get(Paths.subjectSetting)).body).toMatchObject(forbidden);
    }
    const chuna = role('chuna').client;
    expect((await chuna.get(Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-03' })).body).toMatchObject(forbidden);
    expect((await chuna.get(Paths.balanceSheet, { beginYearMonth: '2026-01', endYearMonth: '2026-03' })).body).toMatchObject(
      forbidden,
    );
    expect((await chuna.get(Paths.closeState)).body).toMatchObject(forbidden);
    // What the cashier's pages need: the list, a voucher's preview and files, the books.
    expect((await chuna.get(Paths.certificate, { year: 2026 })).body.success).toBe(true);
    expect((await chuna.get(Paths.certificateDetail, { id: fixtures.voucherId })).body.success).toBe(true);
    expect((await chuna.get(Paths.fileRelation, { voucherId: fixtures.voucherId })).body.success).toBe(true);
    expect((await chuna.get(Paths.detailAccount, { beginTime: '2026-01', endTime: '2026-03', code: '101' })).body.success).toBe(
      true,
    );
    expect((await chuna.get(Paths.generalLedger, { beginTime: '2026-01', endTime: '2026-03' })).body.success).toBe(true);
    // The reviewer opens a voucher in the editor and reads the books and reports.
    const shenhe = role('shenhe').client;
    expect((await shenhe.get(Paths.certificateDetail, { id: fixtures.voucherId })).body.success).toBe(true);
    expect((await shenhe.get(Paths.subjectExtensions)).body.success).toBe(true);
    expect((await shenhe.get(Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-03' })).body.success).toBe(true);

    expect((await role('kuaiji').client.post(Paths.regenerateOccur, {})).body.success).toBe(true);
    const voucher = (await role('kuaiji').client.get<Voucher>(Paths.certificateDetail, { id: fixtures.voucherId })).body.data;
    const details = [refOf(voucher)];
    const signed = await role('admin').client.post<BatchResponse>(Paths.voucherCashierSignature, {
      year: 2026,
      details,
      isSign: true,
    });
    expect(signed.body.errorMsg).toBeNull();
    expect(signed.body).toMatchObject({ success: true, data: { count: 1 } });
    // The accountant keeps books, not the cash: the cashier's signature stays the cashier's.
    expect(
      (
        await role('kuaiji').client.post(Paths.voucherCashierSignature, {
          year: 2026,
          details: afterBatch(details, signed),
          isSign: false,
        })
      ).body,
    ).toMatchObject(forbidden);
  });

  it('for every route and role: refused (4005) exactly when the role lacks the declared right', async () => {
    // Logging out ends the session the other calls use: last (and this test after the others).
    const ordered = [...api.filter((r) => r.url !== Paths.logOut), ...api.filter((r) => r.url === Paths.logOut)];
    const wrong: string[] = [];
    // A call that failed on its session or signature would prove nothing about its right.
    const unheard: number[] = [
      ErrorCode.TokenInvalid,
      ErrorCode.SessionReplaced,
      ErrorCode.SignatureInvalid,
      ErrorCode.ReplayRefused,
    ];
    let refused = 0;
    let allowed = 0;
    let succeeded = 0;
    for (const route of ordered) {
      const right = rightOf(route) ?? expect.fail(`${routeKey(route)} declares no right`);
      for (const role of roles) {
        const { login, client } = role;
        const answer = await callRoute(client, route, fixtures);
        const code = answer.body?.errorCode ?? null;
        if (code !== null && unheard.includes(code)) wrong.push(`${login} ${routeKey(route)}: ${code} ${answer.body?.errorMsg}`);
        if (process.env.ROUTE_RIGHTS_TRACE) console.log(login, routeKey(route), answer.status, code, answer.body?.errorMsg);
        if (holds(role, route, right)) {
          allowed++;
          if (answer.status === 200 && (answer.body === null || answer.body.success)) succeeded++;
          if (code === ErrorCode.Forbidden) wrong.push(`${login} ${routeKey(route)}: refused (${answer.body?.errorMsg})`);
        } else {
          refused++;
          if (code !== ErrorCode.Forbidden || answer.body?.success !== false)
            wrong.push(`${login} ${routeKey(route)}: not refused (HTTP ${answer.status}, ${code})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(150);
    expect(allowed).toBeGreaterThan(150);
    expect(succeeded).toBeGreaterThan(allowed / 2);
  }, 180_000);
});
