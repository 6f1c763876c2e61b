/**
 * 权限管理, 权限组 and 全局按钮权限 (issue 18 §3): the vocabulary of button keys and its rules, a
 * disabled key or a button switched off held by nobody (the voucher calls refuse, the client's
 * resources lose the button, grants come back when it is on again), permission groups applied to
 * roles within the caller's rights, every refusal with its message and nothing changed, the
 * super administrator's alone, every write in the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthInfo, ResourceItem } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import type {
  GlobalButtonGroup,
  PermissionGroup,
  PermissionItem,
  PermissionOption,
} from '../../shared/api/schemas/permissions.js';
import type { CatalogueNode, MenuTreeNode, RoleDetail } from '../../shared/api/schemas/rights.js';
import type { BatchResponse, Voucher } from '../../shared/api/vouchers.js';
import type { Paged } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { MENU_CATALOGUE, type MenuSeed } from '../admin/menu-catalogue.js';
import { Page } from '../auth/pages.js';
import { insertUser } from '../test-support/test-users.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, refOf, request as voucherRequest, save } from '../vouchers/voucher-test-kit.js';

const forbidden = { success: false, errorCode: ErrorCode.Forbidden };
const invalid = { success: false, errorCode: ErrorCode.ValidationFailed };
const rule = { success: false, errorCode: ErrorCode.BusinessRule };

const catalogueKeys = (seeds: readonly MenuSeed[]): string[] =>
  seeds.flatMap((s) => [...(s.buttons ?? []), ...catalogueKeys(s.children ?? [])]);

function findNode<T extends { href: string; children: T[] }>(nodes: readonly T[], href: string): T | undefined {
  for (const n of nodes) {
    if (n.href === href) return n;
    const inner = findNode(n.children, href);
    if (inner) return inner;
  }
  return undefined;
}

describe.each(TEST_DIALECTS)('permissions, permission groups and global buttons (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let kuaiji: ApiClient;
  let changguan: ApiClient;
  let set: (name: string) => number;

  const count = async (table: 'permission' | 'permission_group' | 'global_button_off') =>
    Number(
      (
        await server.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const logged = async (action: string) =>
    (
      await server.db.kysely
        .selectFrom('admin_log')
        .select(['summary', 'before_json', 'after_json'])
        .where('action', '=', action)
        .execute()
    ).length;
  const byCode = async (code: string) => {
    const page = (await admin.get<Paged<PermissionItem>>(Paths.permissionPageList, { code, pageSize: 50 })).body.data;
    return page.currentPageItems.find((p) => p.code === code) ?? expect.fail(`no permission ${code}`);
  };
  const resourcesOf = async (client: ApiClient): Promise<ResourceItem[]> => {
    const info = (await client.get<AuthInfo>(Paths.getInfo)).body.data;
    return [...info.resources.financial, ...info.resources.usercenter];
  };
  const buttonsOn = async (client: ApiClient, href: string) =>
    (await resourcesOf(client)).find((r) => r.href === href)?.resourceList ?? [];
  const deleteVoucher = (client: ApiClient, v: Voucher) =>
    client.delete<BatchResponse>(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v)]) });
  const newVoucher = async () => {
    const saved = await save(kuaiji, voucherRequest());
    expect(saved.body.errorMsg).toBeNull();
    return saved.body.data;
  };
  const voucherExists = async (id: string) =>
    !!(await server.db.kysely.selectFrom('voucher').select('id').where('id', '=', id).executeTakeFirst());

  beforeAll(async () => {
    server = await startTestServer(dialect);
    set = await setIds(server.db);
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', FACTORY);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    // An administrator of the factory's union (the seeded 管理员 role there): not the super administrator.
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'changguan',
      name: '厂管理员',
      password: 'Test@12345',
      grants: [{ ztId: set(FACTORY), level: 'administrator' }],
    });
    changguan = new ApiClient(server.url);
    await changguan.openSet(server.db, 'changguan', 'Test@12345', FACTORY);
  });
  afterAll(() => server.close());

  describe('权限管理', () => {
    it('is seeded with every button key of the menu catalogue, named, paged 20 by default, filtered by code and name', async () => {
      const all = (await admin.get<Paged<PermissionItem>>(Paths.permissionPageList, { pageSize: 50 })).body.data;
      const codes = all.currentPageItems.map((p) => p.code);
      for (const key of new Set(catalogueKeys(MENU_CATALOGUE))) expect(codes).toContain(key);
      expect(all.currentPageItems.every((p) => p.name.length > 0 && p.enable)).toBe(true);
      const first = (await admin.get<Paged<PermissionItem>>(Paths.permissionPageList)).body.data;
      expect(first.currentPageItems).toHaveLength(20);
      expect(first.totalItemCount).toBe(all.totalItemCount);
      const second = (await admin.get<Paged<PermissionItem>>(Paths.permissionPageList, { pageIndex: 2 })).body.data;
      expect(second.currentPageItems.map((p) => p.code)).toEqual(codes.slice(20, 40));
      const sign = (await admin.get<Paged<PermissionItem>>(Paths.permissionPageList, { code: 'SIGN' })).body.data;
      expect(sign.currentPageItems.map((p) => p.code)).toEqual(['cashierSign']);
      const named = (await admin.get<Paged<PermissionItem>>(Paths.permissionPageList, { name: '结账' })).body.data;
      expect(named.currentPageItems.map((p) => p.code)).toEqual(['close', 'unclose']);
      const del = await byCode('delete');
      expect(del.menuCount).toBeGreaterThan(5);
      expect(del.roleCount).toBeGreaterThanOrEqual(2);
      const odd = await admin.get(Paths.permissionPageList, { pageSize: 25 });
      expect(odd.status).toBe(400);
      expect(odd.body).toMatchObject({
        errorCode: ErrorCode.BadRequest,
        errorMsg: '请求参数有误: 参数pageSize：每页条数须为20、30、40或50',
      });
    });

    it('creates a key with a code of letters and digits, unique ignoring case, and a name of 1-30 characters', async () => {
      const before = await count('permission');
      const cases: [Record<string, unknown>, string][] = [
        [{ code: '', name: '审批' }, '请输入权限编码'],
        [{ code: '1countersign', name: '审批' }, '权限编码只能由字母和数字组成，且以字母开头'],
        [{ code: 'counter-sign', name: '审批' }, '权限编码只能由字母和数字组成，且以字母开头'],
        [{ code: 'a'.repeat(33), name: '审批' }, '权限编码不能超过32位'],
        [{ code: 'countersign', name: '  ' }, '请输入权限名称'],
        [{ code: 'countersign', name: '审'.repeat(31) }, '权限名称不能超过30个字'],
        [{ code: 'countersign', name: '审<批>' }, '权限名称不能包含控制字符或尖括号'],
      ];
      for (const [body, message] of cases) {
        const refused = await admin.post(Paths.permission, body);
        expect(refused.body, JSON.stringify(body)).toMatchObject({ ...invalid, errorMsg: message });
      }
      const clash = await admin.post(Paths.permission, { code: 'ADD', name: '加' });
      expect(clash.body).toMatchObject({
        errorCode: ErrorCode.Conflict,
        errorMsg: '权限编码“ADD”已被权限“add 新增”使用（编码不区分大小写）',
      });
      expect(await count('permission')).toBe(before);

      const made = await admin.post<{ id: number }>(Paths.permission, { code: 'countersign', name: '审批', remark: '经费审批' });
      expect(made.body).toMatchObject({ success: true, message: '权限已新建' });
      expect(await byCode('countersign')).toMatchObject({
        name: '审批',
        remark: '经费审批',
        enable: true,
        menuCount: 0,
        roleCount: 0,
      });
      expect(await logged('permission.create')).toBe(1);
      const options = (await admin.get<PermissionOption[]>(Paths.permissionList)).body.data;
      expect(options).toContainEqual({ code: 'countersign', name: '审批', enable: true });
    });

    it('edits names freely; the code of a key in use does not change; an unused key is deleted, a used one refused with who uses it', async () => {
      const add = await byCode('add');
      expect((await admin.post(Paths.permission, { id: add.id, code: 'add', name: '新增记录' })).body.success).toBe(true);
      expect((await byCode('add')).name).toBe('新增记录');
      const renamed = await admin.post(Paths.permission, { id: add.id, code: 'create', name: '新增记录' });
      expect(renamed.body).toMatchObject(rule);
      expect(renamed.body.errorMsg).toContain('权限“add 新增记录”正在使用（菜单页面 凭证录入');
      expect(renamed.body.errorMsg).toContain('编码不能修改');
      await admin.post(Paths.permission, { id: add.id, code: 'add', name: '新增' });

      const approve = await byCode('countersign');
      expect((await admin.post(Paths.permission, { id: approve.id, code: 'countersign2', name: '审批' })).body.success).toBe(
        true,
      );
      const del = await byCode('delete');
      const refused = await admin.delete(Paths.permission, { id: del.id });
      expect(refused.body).toMatchObject(rule);
      expect(refused.body.errorMsg).toMatch(/^权限“delete 删除”仍在使用：菜单页面 .*；角色 会计.*；不能删除，可停用$/);
      expect((await admin.delete(Paths.permission, { id: approve.id })).body).toMatchObject({
        success: true,
        message: '权限已删除',
      });
      expect(
        await server.db.kysely.selectFrom('permission').select('id').where('code', '=', 'countersign2').executeTakeFirst(),
      ).toBeUndefined();
      expect(await logged('permission.edit')).toBe(3);
      expect(await logged('permission.delete')).toBe(1);
      expect((await admin.delete(Paths.permission, { id: approve.id })).body).toMatchObject({ errorCode: ErrorCode.NotFound });
    });

    it('a disabled key is held by nobody, the super administrator included: the voucher delete is refused (4005), the button leaves the resources, the menus show it off; enabled, all is back', async () => {
      const del = await byCode('delete');
      const voucher = await newVoucher();
      expect(await buttonsOn(kuaiji, Page.voucherList)).toContain('delete');
      expect((await admin.post(Paths.permissionEnable, { id: del.id, enable: false })).body).toMatchObject({
        success: true,
        message: '权限已停用',
      });
      expect((await deleteVoucher(kuaiji, voucher)).body).toMatchObject(forbidden);
      expect((await deleteVoucher(admin, voucher)).body).toMatchObject(forbidden);
      expect(await voucherExists(voucher.id)).toBe(true);
      expect(await buttonsOn(kuaiji, Page.voucherList)).not.toContain('delete');
      expect(await buttonsOn(admin, Page.voucherAdd)).not.toContain('delete');
      const tree = (await admin.get<MenuTreeNode[]>(Paths.menuTreeList)).body.data;
      expect(findNode(tree, Page.voucherList)?.offButtons).toEqual(['delete']);
      const catalogue = (await admin.get<CatalogueNode[]>(Paths.roleCatalogue)).body.data;
      expect(findNode(catalogue, Page.voucherAdd)?.offButtons).toEqual(['delete']);

      expect((await admin.post(Paths.permissionEnable, { id: del.id, enable: true })).body.success).toBe(true);
      expect(await buttonsOn(kuaiji, Page.voucherList)).toContain('delete');
      expect((await deleteVoucher(kuaiji, voucher)).body.success).toBe(true);
      expect(await voucherExists(voucher.id)).toBe(false);
      expect(await logged('permission.disable')).toBe(1);
      expect(await logged('permission.enable')).toBe(1);
    });

    it('the key that enables keys again cannot be disabled', async () => {
      const enable = await byCode('enable');
      const refused = await admin.post(Paths.permissionEnable, { id: enable.id, enable: false });
      expect(refused.body).toMatchObject({ ...rule, errorMsg: '不能停用权限“enable 启用/停用”：停用后将无法再启用任何权限' });
      expect((await byCode('enable')).enable).toBe(true);
    });
  });

  describe('权限组', () => {
    const CLERK = [
      { href: Page.voucherAdd, resourceList: ['add', 'edit'] },
      { href: Page.voucherList, resourceList: ['print'] },
    ];
    let groupId: number;

    it('creates a group of pages and buttons a role may hold, and refuses anything else with its reason', async () => {
      const before = await count('permission_group');
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '', resources: CLERK }, '请输入权限组名称'],
        [{ name: '组'.repeat(31), resources: CLERK }, '权限组名称不能超过30个字'],
        [
          { name: '坏组', resources: [{ href: Page.backup, resourceList: [] }] },
          '页面“数据备份”只属于超级管理员，不能放入权限组',
        ],
        [{ name: '坏组', resources: [{ href: '/accounting-management', resourceList: [] }] }, '“账务处理”是菜单分组，不是页面'],
        [{ name: '坏组', resources: [{ href: '/nowhere', resourceList: [] }] }, '菜单中没有页面 /nowhere'],
        [{ name: '坏组', resources: [{ href: Page.voucherAdd, resourceList: ['fly'] }] }, '页面“凭证录入”没有按钮 fly'],
        [{ name: '坏组', resources: [...CLERK, CLERK[0]] }, `页面重复：${Page.voucherAdd}`],
      ];
      for (const [body, message] of cases) {
        const refused = await admin.post(Paths.permissionGroup, body);
        expect(refused.body, JSON.stringify(body)).toMatchObject({ ...invalid, errorMsg: message });
      }
      expect(await count('permission_group')).toBe(before);
      const made = await admin.post<{ id: number }>(Paths.permissionGroup, {
        name: '凭证录入员',
        remark: '录入与打印',
        resources: CLERK,
      });
      expect(made.body).toMatchObject({ success: true, message: '权限组已新建' });
      groupId = made.body.data.id;
      const clash = await admin.post(Paths.permissionGroup, { name: '凭证录入员', resources: [] });
      expect(clash.body).toMatchObject({ errorCode: ErrorCode.Conflict, errorMsg: '权限组“凭证录入员”已存在' });
      await admin.post(Paths.permissionGroup, {
        name: '出纳组',
        resources: [{ href: Page.voucherList, resourceList: ['cashierSign'] }],
      });
      const list = (await admin.get<PermissionGroup[]>(Paths.permissionGroupList)).body.data;
      expect(list.map((g) => g.name)).toEqual(['凭证录入员', '出纳组']);
      expect(list[0]?.resources).toEqual(CLERK);
      const filtered = (await admin.get<Paged<PermissionGroup>>(Paths.permissionGroupPageList, { name: '出纳' })).body.data;
      expect(filtered).toMatchObject({ totalItemCount: 1, currentPageItems: [{ name: '出纳组' }] });
      const edited = await admin.post(Paths.permissionGroup, {
        id: groupId,
        name: '凭证录入员',
        resources: [...CLERK, { href: Page.subject, resourceList: [] }],
      });
      expect(edited.body.success).toBe(true);
      expect(await logged('permissionGroup.create')).toBe(2);
      expect(await logged('permissionGroup.edit')).toBe(1);
    });

    it('applies an enabled group to a role: its pages and buttons are added, once; a disabled group is refused', async () => {
      const role = await admin.post<{ id: number }>(Paths.role, { code: 'clerk', name: '录入员' });
      const roleId = role.body.data.id;
      await admin.post(Paths.roleSaveResources, {
        id: roleId,
        resources: [{ href: Page.voucherList, resourceList: ['export'] }],
      });
      const applied = await admin.post<{ added: number }>(Paths.permissionGroupApply, { groupId, roleId });
      expect(applied.body).toMatchObject({ success: true, data: { added: 5 }, message: '已应用权限组，新增5项权限' });
      const detail = (await admin.get<RoleDetail>(`${Paths.role}/${roleId}`)).body.data;
      expect(detail.resources).toEqual([
        { href: Page.voucherList, resourceList: ['export', 'print'] },
        { href: Page.voucherAdd, resourceList: ['add', 'edit'] },
        { href: Page.subject, resourceList: [] },
      ]);
      expect((await admin.post<{ added: number }>(Paths.permissionGroupApply, { groupId, roleId })).body.data.added).toBe(0);
      expect(await logged('role.applyGroup')).toBe(2);

      expect((await admin.post(Paths.permissionGroupEnable, { id: groupId, enable: false })).body.message).toBe('权限组已停用');
      const refused = await admin.post(Paths.permissionGroupApply, { groupId, roleId });
      expect(refused.body).toMatchObject({ ...rule, errorMsg: '权限组“凭证录入员”已停用，不能应用' });
      await admin.post(Paths.permissionGroupEnable, { id: groupId, enable: true });
      expect(await logged('permissionGroup.disable')).toBe(1);
    });

    it('a subtree administrator applies a group only within what it holds (4005, the role unchanged) and never to an installation role', async () => {
      const own = await changguan.post<{ id: number }>(Paths.role, { code: 'factoryclerk', name: '厂录入员' });
      expect(own.body.errorMsg).toBeNull();
      const roleId = own.body.data.id;
      const beyond = await changguan.post(Paths.permissionGroupApply, { groupId, roleId });
      expect(beyond.body).toMatchObject(forbidden);
      expect(beyond.body.errorMsg).toContain(`您没有页面 ${Page.voucherAdd} 的权限，不能授予`);
      const row = await server.db.kysely
        .selectFrom('user_level')
        .select('resources')
        .where('id', '=', roleId)
        .executeTakeFirstOrThrow();
      expect(row.resources).toBe('[]');

      const people = await admin.post<{ id: number }>(Paths.permissionGroup, {
        name: '人员管理',
        resources: [{ href: Page.userManagement, resourceList: ['add', 'edit'] }],
      });
      expect((await changguan.post(Paths.permissionGroupApply, { groupId: people.body.data.id, roleId })).body.success).toBe(
        true,
      );
      const accountant = await server.db.kysely
        .selectFrom('user_level')
        .select('id')
        .where('code', '=', 'accountant')
        .executeTakeFirstOrThrow();
      const installation = await changguan.post(Paths.permissionGroupApply, {
        groupId: people.body.data.id,
        roleId: accountant.id,
      });
      expect(installation.body).toMatchObject(forbidden);
      expect(installation.body.errorMsg).toContain('只有超级管理员可以修改');
    });

    it('deletes a group; roles it was applied to keep their grants', async () => {
      const clerk = await server.db.kysely
        .selectFrom('user_level')
        .select('resources')
        .where('code', '=', 'clerk')
        .executeTakeFirstOrThrow();
      expect((await admin.delete(Paths.permissionGroup, { id: groupId })).body).toMatchObject({
        success: true,
        message: '权限组已删除',
      });
      const after = await server.db.kysely
        .selectFrom('user_level')
        .select('resources')
        .where('code', '=', 'clerk')
        .executeTakeFirstOrThrow();
      expect(after.resources).toBe(clerk.resources);
      expect(await logged('permissionGroup.delete')).toBe(1);
    });
  });

  describe('全局按钮权限', () => {
    const tree = async () => (await admin.get<GlobalButtonGroup[]>(Paths.globalBtnPermission)).body.data;
    const buttonState = async (href: string, code: string) =>
      (await tree())
        .flatMap((g) => g.pages)
        .find((p) => p.href === href)
        ?.buttons.find((b) => b.code === code);

    it('lists every page of the menu with its buttons, each on, named, the two that switch things on again locked', async () => {
      expect(await buttonState(Page.voucherList, 'delete')).toEqual({
        code: 'delete',
        name: '删除',
        on: true,
        permissionEnabled: true,
        locked: false,
      });
      expect((await buttonState(Page.globalButtonPermission, 'edit'))?.locked).toBe(true);
      expect((await buttonState(Page.permission, 'enable'))?.locked).toBe(true);
      expect((await tree()).map((g) => g.titleName)).toContain('账务处理');
    });

    it('a button switched off is held by nobody on that page (4005 for the voucher delete, the super administrator too); the other page granting the call still does; on again, all is back', async () => {
      const voucher = await newVoucher();
      const off = (hrefs: string[]) =>
        admin.post(Paths.globalBtnPermission, { off: hrefs.map((href) => ({ href, buttons: ['delete'] })) });
      expect((await off([Page.voucherList])).body).toMatchObject({ success: true, message: '全局按钮权限已保存' });
      expect(await buttonsOn(kuaiji, Page.voucherList)).not.toContain('delete');
      expect(await buttonsOn(kuaiji, Page.voucherAdd)).toContain('delete');
      expect(await buttonsOn(admin, Page.voucherList)).not.toContain('delete');
      expect((await buttonState(Page.voucherList, 'delete'))?.on).toBe(false);

      // The delete call is also the editor's: switched off on both pages, nobody may delete.
      await off([Page.voucherList, Page.voucherAdd]);
      expect((await deleteVoucher(kuaiji, voucher)).body).toMatchObject(forbidden);
      expect((await deleteVoucher(admin, voucher)).body).toMatchObject(forbidden);
      expect(await voucherExists(voucher.id)).toBe(true);

      // A role saved while the button is off keeps it: the grant is back when the button is.
      const accountant = await server.db.kysely
        .selectFrom('user_level')
        .selectAll()
        .where('code', '=', 'accountant')
        .executeTakeFirstOrThrow();
      const grants = JSON.parse(accountant.resources) as { href: string; resourceList: string[] }[];
      const without = grants.map((g) => ({ ...g, resourceList: g.resourceList.filter((b) => b !== 'delete') }));
      expect((await admin.post(Paths.roleSaveResources, { id: accountant.id, resources: without })).body.success).toBe(true);

      expect((await admin.post(Paths.globalBtnPermission, { off: [] })).body.success).toBe(true);
      expect(await count('global_button_off')).toBe(0);
      expect(await buttonsOn(kuaiji, Page.voucherList)).toContain('delete');
      expect((await deleteVoucher(kuaiji, voucher)).body.success).toBe(true);
      expect(await voucherExists(voucher.id)).toBe(false);
      const summaries = await server.db.kysely
        .selectFrom('admin_log')
        .select('summary')
        .where('action', '=', 'globalButton.save')
        .execute();
      expect(summaries.map((s) => s.summary)).toEqual([
        '全局按钮权限：关闭 凭证管理·删除',
        '全局按钮权限：关闭 凭证录入·删除',
        '全局按钮权限：打开 凭证录入·删除、凭证管理·删除',
      ]);
    });

    it('refuses an unknown page or button and the locked switches, with the reason, changing nothing', async () => {
      const cases: [unknown, string, number][] = [
        [[{ href: '/nowhere', buttons: ['add'] }], '菜单中没有页面 /nowhere', ErrorCode.ValidationFailed],
        [[{ href: Page.voucherList, buttons: ['fly'] }], '页面“凭证管理”没有按钮 fly', ErrorCode.ValidationFailed],
        [
          [{ href: Page.globalButtonPermission, buttons: ['edit'] }],
          '不能关闭“全局按钮权限”的按钮 edit：关闭后将无法再打开按钮或启用权限',
          ErrorCode.BusinessRule,
        ],
        [
          [{ href: Page.permission, buttons: ['enable'] }],
          '不能关闭“权限管理”的按钮 enable：关闭后将无法再打开按钮或启用权限',
          ErrorCode.BusinessRule,
        ],
      ];
      for (const [off, message, code] of cases) {
        const refused = await admin.post(Paths.globalBtnPermission, {
          off: [{ href: Page.voucherList, buttons: ['print'] }, ...(off as [])],
        });
        expect(refused.body).toMatchObject({ success: false, errorCode: code, errorMsg: message });
      }
      expect(await count('global_button_off')).toBe(0);
    });
  });

  it('is the super administrator’s: an accountant and a subtree administrator are refused (4005) and nothing changes', async () => {
    const del = await byCode('delete');
    const before = {
      permissions: await count('permission'),
      groups: await count('permission_group'),
      off: await count('global_button_off'),
    };
    const calls = (client: ApiClient) => [
      client.get(Paths.permissionPageList),
      client.post(Paths.permission, { code: 'sneak', name: '偷偷' }),
      client.post(Paths.permission, { id: del.id, code: 'delete', name: '删' }),
      client.post(Paths.permissionEnable, { id: del.id, enable: false }),
      client.delete(Paths.permission, { id: del.id }),
      client.get(Paths.permissionGroupPageList),
      client.post(Paths.permissionGroup, { name: '偷偷组', resources: [] }),
      client.post(Paths.permissionGroupEnable, { id: 1, enable: false }),
      client.delete(Paths.permissionGroup, { id: 1 }),
      client.get(Paths.globalBtnPermission),
      client.post(Paths.globalBtnPermission, { off: [{ href: Page.voucherList, buttons: ['delete'] }] }),
    ];
    for (const client of [kuaiji, changguan])
      for (const answer of await Promise.all(calls(client))) expect(answer.body).toMatchObject(forbidden);
    // The accountant reads neither the vocabulary nor the groups; 角色管理's holder does.
    expect((await kuaiji.get(Paths.permissionList)).body).toMatchObject(forbidden);
    expect((await kuaiji.get(Paths.permissionGroupList)).body).toMatchObject(forbidden);
    expect((await changguan.get(Paths.permissionGroupList)).body.success).toBe(true);
    expect((await kuaiji.post(Paths.permissionGroupApply, { groupId: 1, roleId: 1 })).body).toMatchObject(forbidden);
    expect(before).toEqual({
      permissions: await count('permission'),
      groups: await count('permission_group'),
      off: await count('global_button_off'),
    });
    expect((await byCode('delete')).name).toBe('删除');
  });
});
