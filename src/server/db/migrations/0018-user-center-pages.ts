/**
 * The user center's administration pages (issue 18, admin/menu-catalogue.ts USER_CENTER_PAGES)
 * and the 管理员 role that is granted them. A new database gets both from the catalogue seed
 * (admin/seed-catalogue.ts, after the migrations); a database seeded before gains the pages it
 * lacks under 用户中心, the catalogue's buttons and adminOnly flag on every user-center page (so a
 * county federation's administrator can be granted them), and the role if no level has its code.
 * Frozen here as they were when the pages came: a later change of the catalogue is a new migration.
 */
import { sql, type Kysely } from 'kysely';

interface PageSeed {
  href: string;
  titleName: string;
  buttons: readonly string[];
  adminOnly: boolean;
}

const page = (href: string, titleName: string, buttons: readonly string[], adminOnly = false): PageSeed => ({
  href: `/user-center/${href}`,
  titleName,
  buttons,
  adminOnly,
});

export const USER_CENTER_PAGES_0018: readonly PageSeed[] = [
  page('zt-management', '账套管理', ['add', 'edit', 'delete', 'enable', 'export']),
  page('provincial-level-zt-management', '省级账套管理', ['edit', 'enable', 'expire', 'level', 'export']),
  page('register-ztList', '账套注册', ['import', 'export', 'template']),
  page('ordinary-user-management', '用户管理', ['add', 'edit', 'delete', 'enable', 'resetPassword', 'grant', 'export']),
  page('operator-management', '操作员管理', ['add', 'edit', 'delete', 'enable', 'resetPassword']),
  page('user-type-management', '用户类型', ['add', 'edit', 'delete']),
  page('department-management', '部门管理', ['add', 'edit', 'delete']),
  page('role-management', '角色管理', ['add', 'edit', 'delete', 'enable', 'grant']),
  page('log-center', '操作日志', ['export']),
  page('access-record', '访问记录', ['export']),
  page('super-user', '超级用户', ['add', 'edit', 'resetPassword'], true),
  page('permission', '权限管理', ['add', 'edit', 'delete', 'enable'], true),
  page('permission-group', '权限组', ['add', 'edit', 'delete', 'enable'], true),
  page('menu-management', '菜单管理', ['add', 'edit', 'delete', 'enable', 'sort'], true),
  page('global-btn-permission', '全局按钮权限', ['edit'], true),
  page('platform-management', '平台管理', ['add', 'edit', 'delete', 'enable'], true),
  page('backup', '数据备份', ['add'], true),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: tops } = await sql<{ id: number; sort: number }>`select id, sort from menu where href = '/user-center'`.execute(
    db,
  );
  const top = tops[0];
  // A new database: the catalogue seed writes every page after the migrations.
  if (!top) return;
  await sql`update menu set admin_only = 0 where id = ${top.id}`.execute(db);
  const { rows: maxRows } = await sql<{ max: number | string | null }>`select max(id) as max from menu`.execute(db);
  let nextId = Number(maxRows[0]?.max ?? 0);
  for (const [index, seed] of USER_CENTER_PAGES_0018.entries()) {
    const buttons = JSON.stringify(seed.buttons);
    const adminOnly = seed.adminOnly ? 1 : 0;
    const sort = top.sort + index + 1;
    const { rows } = await sql<{ id: number }>`select id from menu where href = ${seed.href}`.execute(db);
    const existing = rows[0];
    if (existing) {
      await sql`update menu set parent_id = ${top.id}, title_name = ${seed.titleName}, buttons = ${buttons},
        admin_only = ${adminOnly}, sort = ${sort} where id = ${existing.id}`.execute(db);
    } else {
      await sql`insert into menu (id, parent_id, href, title_name, icon, sort, enable, buttons, admin_only)
        values (${++nextId}, ${top.id}, ${seed.href}, ${seed.titleName}, ${null}, ${sort}, 1, ${buttons}, ${adminOnly})`.execute(
        db,
      );
    }
  }
  const { rows: levels } = await sql<{ id: number }>`select id from user_level where code = 'administrator'`.execute(db);
  if (levels.length > 0) return;
  const resources = USER_CENTER_PAGES_0018.filter((p) => !p.adminOnly).map((p) => ({ href: p.href, resourceList: p.buttons }));
  const { rows: sorts } = await sql<{ max: number | string | null }>`select max(sort) as max from user_level`.execute(db);
  await sql`insert into user_level (code, name, resources, sort, enable)
    values ('administrator', '管理员', ${JSON.stringify(resources)}, ${Number(sorts[0]?.max ?? 0) + 1}, 1)`.execute(db);
}
