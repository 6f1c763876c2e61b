/**
 * What the menu hides the server refuses (issue 18 §3): a role made through the API with the
 * voucher pages only, granted to a user; every registered route is called as that user, and each
 * route whose declared right the user's menu (getInfo, the same grants) does not show is refused
 * (4005), while each it does show is not refused for want of a right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthInfo, ResourceItem } from '../../shared/api/auth.js';
import { isApiPath, Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { Page } from '../auth/pages.js';
import type { RouteRight } from '../auth/route-rights.js';
import type { RegisteredRoute } from '../http/route-list.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { callRoute, routeKey } from '../test-support/route-calls.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY } from '../vouchers/voucher-test-kit.js';

const ROLE = [
  { href: Page.voucherAdd, resourceList: ['add', 'edit'] },
  { href: Page.voucherList, resourceList: ['print', 'export'] },
];

function shows(resources: readonly ResourceItem[], route: RegisteredRoute, right: RouteRight): boolean {
  if ((route.config?.access ?? 'session') === 'admin') return false;
  if (right === 'none') return true;
  if ('pages' in right) return right.pages.some((page) => resources.some((r) => r.href === page));
  return right.buttons.some(([page, button]) => resources.some((r) => r.href === page && r.resourceList.includes(button)));
}

describe.each(TEST_DIALECTS)('a role’s menu and the server agree on every route (%s)', (dialect) => {
  let server: TestServer;
  let user: ApiClient;
  let resources: ResourceItem[];
  const nowhere = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const admin = new ApiClient(server.url);
    const ztId = await admin.openSet(server.db, 'admin', 'Admin@123', FACTORY);
    const created = await admin.post<{ id: number }>(Paths.role, { code: 'walker', name: '凭证走查' });
    expect(created.body.errorMsg).toBeNull();
    expect((await admin.post(Paths.roleSaveResources, { id: created.body.data.id, resources: ROLE })).body.errorMsg).toBeNull();
    const shenhe = await server.db.kysely
      .selectFrom('app_user')
      .select('id')
      .where('login_name', '=', 'shenhe')
      .executeTakeFirstOrThrow();
    const granted = await admin.post(Paths.userZtLevelInfo, {
      userId: shenhe.id,
      ztLevels: [{ ztId, userLevelId: created.body.data.id }],
    });
    expect(granted.body.errorMsg).toBeNull();
    expect((await setIds(server.db))(FACTORY)).toBe(ztId);
    user = new ApiClient(server.url);
    await user.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    const info = (await user.get<AuthInfo>(Paths.getInfo)).body.data;
    resources = [...info.resources.financial, ...info.resources.usercenter];
  });
  afterAll(() => server.close());

  it('the menu shows exactly the role’s pages', () => {
    expect(resources.map((r) => ({ href: r.href, resourceList: r.resourceList }))).toEqual(ROLE);
  });

  it('every route the menu does not grant is refused (4005); every one it grants is not refused for its right', async () => {
    const api = server.routes.filter((r) => isApiPath(r.url));
    // Logging out ends the session the walk uses: last.
    const ordered = [...api.filter((r) => r.url !== Paths.logOut), ...api.filter((r) => r.url === Paths.logOut)];
    const fixtures = { ztId: (await setIds(server.db))(FACTORY), voucherId: nowhere, fileId: 'f'.repeat(32), backupId: nowhere };
    const wrong: string[] = [];
    let refused = 0;
    for (const route of ordered) {
      const right = route.config?.right ?? expect.fail(`${routeKey(route)} declares no right`);
      const answer = await callRoute(user, route, fixtures);
      const code = answer.body?.errorCode ?? null;
      if (code === ErrorCode.TokenInvalid || code === ErrorCode.SignatureInvalid || code === ErrorCode.ReplayRefused)
        wrong.push(`${routeKey(route)}: unheard (${code})`);
      if (shows(resources, route, right)) {
        if (code === ErrorCode.Forbidden) wrong.push(`${routeKey(route)}: refused (${answer.body?.errorMsg})`);
      } else {
        refused++;
        if (code !== ErrorCode.Forbidden) wrong.push(`${routeKey(route)}: not refused (HTTP ${answer.status}, ${code})`);
      }
    }
    expect(wrong).toEqual([]);
    // The user-center, the books, the reports, the chart: most of the app is not this role's.
    expect(refused).toBeGreaterThan(api.length / 2);
  });
});
