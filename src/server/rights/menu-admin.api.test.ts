/**
 * 菜单管理 (issue 18 §3): the super administrator's tree of menus, enable and disable (a disabled
 * page leaves every menu and its calls are refused at the next call), the order of siblings and
 * lift; the page that manages menus cannot be disabled; nobody else reaches these calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthInfo, FinancialMenuResponse } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import type { MenuTreeNode } from '../../shared/api/schemas/rights.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { Page } from '../auth/pages.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY } from '../vouchers/voucher-test-kit.js';

const forbidden = { success: false, errorCode: ErrorCode.Forbidden };

function find(nodes: readonly MenuTreeNode[], href: string): MenuTreeNode | undefined {
  for (const n of nodes) {
    if (n.href === href) return n;
    const inner = find(n.children, href);
    if (inner) return inner;
  }
  return undefined;
}

describe.each(TEST_DIALECTS)('menu management (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let kuaiji: ApiClient;
  const tree = async () => (await admin.get<MenuTreeNode[]>(Paths.menuTreeList)).body.data;
  const node = async (href: string) => find(await tree(), href) ?? expect.fail(`no menu ${href}`);
  const menuRow = (id: number) => server.db.kysely.selectFrom('menu').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', FACTORY);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
  });
  afterAll(() => server.close());

  it('lists the menu as a tree with its pages, flags and buttons', async () => {
    const accounting = await node('/accounting-management');
    expect(accounting.children.map((c) => c.titleName).slice(0, 2)).toEqual(['凭证录入', '凭证管理']);
    expect(await node(Page.backup)).toMatchObject({ adminOnly: true, enable: true, buttons: ['add'] });
  });

  it('a disabled page leaves the menu and its calls are refused at the next call; enabled, it is back', async () => {
    const close = await node(Page.close);
    expect((await kuaiji.get(Paths.closeState)).body.success).toBe(true);
    expect((await admin.post(Paths.menuEnable, { id: close.id, enable: false })).body.success).toBe(true);
    const info = (await kuaiji.get<AuthInfo>(Paths.getInfo)).body.data;
    expect(info.resources.financial.map((r) => r.href)).not.toContain(Page.close);
    expect((await kuaiji.get(Paths.closeState)).body).toMatchObject(forbidden);
    expect((await admin.post(Paths.menuEnable, { id: close.id, enable: true })).body.success).toBe(true);
    expect((await kuaiji.get(Paths.closeState)).body.success).toBe(true);
    const logged = await server.db.kysely.selectFrom('admin_log').select('action').where('target', '=', 'menu').execute();
    expect(logged.map((l) => l.action)).toEqual(['menu.disable', 'menu.enable']);
  });

  it('the menu-management page and the groups above it cannot be disabled', async () => {
    for (const href of [Page.menuManagement, '/user-center']) {
      const { id } = await node(href);
      const refused = await admin.post(Paths.menuEnable, { id, enable: false });
      expect(refused.body).toMatchObject({ errorCode: ErrorCode.BusinessRule });
      expect(refused.body.errorMsg).toContain('无法再进入菜单管理');
      expect((await menuRow(id)).enable).toBe(1);
    }
  });

  it('lift moves a page one place up among its siblings, and the menus follow', async () => {
    const list = await node(Page.voucherList);
    expect((await admin.post(Paths.menuLift, { id: list.id })).body.success).toBe(true);
    const accounting = await node('/accounting-management');
    expect(accounting.children.map((c) => c.titleName).slice(0, 2)).toEqual(['凭证管理', '凭证录入']);
    const menu = (await kuaiji.get<FinancialMenuResponse>(Paths.getFinancialMenuList)).body.data;
    expect(menu.platMenuList[0]?.children.map((c) => c.titleName).slice(0, 2)).toEqual(['凭证管理', '凭证录入']);
    const first = await admin.post(Paths.menuLift, { id: list.id });
    expect(first.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: '“凭证管理”已在最前' });

    const add = await node(Page.voucherAdd);
    expect((await admin.post(Paths.menuSaveSort, { ids: [add.id, list.id] })).body.success).toBe(true);
    expect((await node('/accounting-management')).children.map((c) => c.titleName).slice(0, 2)).toEqual(['凭证录入', '凭证管理']);
    const mixed = await admin.post(Paths.menuSaveSort, { ids: [add.id, (await node('/fixed-assets')).id] });
    expect(mixed.body.errorMsg).toBe('只能调整同一上级菜单下的顺序');
  });

  it('is the super administrator’s alone: others are refused (4005) and nothing changes', async () => {
    const close = await node(Page.close);
    expect((await kuaiji.get(Paths.menuTreeList)).body).toMatchObject(forbidden);
    expect((await kuaiji.post(Paths.menuEnable, { id: close.id, enable: false })).body).toMatchObject(forbidden);
    expect((await kuaiji.post(Paths.menuLift, { id: close.id })).body).toMatchObject(forbidden);
    expect((await menuRow(close.id)).enable).toBe(1);
  });
});
