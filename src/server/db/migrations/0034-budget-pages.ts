/**
 * The budget pages (issue 21) for a database seeded before them: under 预算管理
 * (/budget-management), after 项目预算, which gains the zdrapproval button (the subject selector of a
 * budget detail), and 权限管理 its new button keys (zdrapproval, submit, approve). The 会计 role (code 'accountant') is granted every new button but 方案审批's
 * approve; the 审核 role (code 'reviewer') approves and reads the execution report. A new database
 * gets the same from the catalogue seed (admin/seed-catalogue.ts, after the migrations), so this
 * does nothing there. Frozen as the pages came: a later change of the catalogue is a new
 * migration. Menu rows are not ledger rows (no zt_id).
 */
import { sql, type Kysely } from 'kysely';

const PROJECT_BUDGET = '/budget-management/project-budget';
const PROJECT_BUDGET_BUTTONS = ['add', 'edit', 'delete', 'zdrapproval'];

const PAGES: readonly { href: string; titleName: string; buttons: readonly string[] }[] = [
  { href: '/budget-management/zhichufenlei-shezhi', titleName: '支出分类设置', buttons: ['add', 'edit', 'delete'] },
  { href: '/budget-management/fangan-tianbao', titleName: '方案填报', buttons: ['edit', 'submit', 'export'] },
  { href: '/budget-management/fangan-shenpi', titleName: '方案审批', buttons: ['approve'] },
  { href: '/budget-management/guize-shezhi', titleName: '规则设置', buttons: ['edit'] },
  { href: '/budget-management/yusuan-zhenggai', titleName: '预算调整', buttons: ['edit'] },
  { href: '/budget-management/zhichu-yujing', titleName: '支出预警', buttons: ['export'] },
  { href: '/budget-management/budget-execution', titleName: '预算执行表', buttons: ['export'] },
];

const REVIEWER_GRANTS: readonly { href: string; resourceList: string[] }[] = [
  { href: '/budget-management/fangan-shenpi', resourceList: ['approve'] },
  { href: '/budget-management/budget-execution', resourceList: ['export'] },
];

/** The button keys the budget pages bring (权限管理 names every key of the catalogue). */
const KEYS: readonly (readonly [code: string, name: string])[] = [
  ['zdrapproval', '预算科目'],
  ['submit', '提交'],
  ['approve', '审批'],
];

type Grant = { href: string; resourceList: string[] };

async function addGrants(db: Kysely<unknown>, code: string, grantsOf: (held: Grant[]) => Grant[]): Promise<void> {
  const { rows } = await sql<{ id: number; resources: string }>`select id, resources from user_level
    where code = ${code}`.execute(db);
  for (const level of rows) {
    const resources = JSON.parse(level.resources) as Grant[];
    const next = grantsOf(resources);
    if (JSON.stringify(next) === JSON.stringify(resources)) continue;
    await sql`update user_level set resources = ${JSON.stringify(next)} where id = ${level.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: sorts } = await sql<{ max: number | string | null }>`select max(sort) as max from permission`.execute(db);
  let keySort = Number(sorts[0]?.max ?? 0);
  for (const [code, name] of KEYS) {
    const { rows } = await sql<{ id: number }>`select id from permission where code = ${code}`.execute(db);
    if (rows.length === 0)
      await sql`insert into permission (code, name, sort) values (${code}, ${name}, ${++keySort})`.execute(db);
  }
  const { rows: tops } = await sql<{ id: number }>`select id from menu where href = '/budget-management'`.execute(db);
  const top = tops[0];
  if (!top) return;
  await sql`update menu set buttons = ${JSON.stringify(PROJECT_BUDGET_BUTTONS)} where href = ${PROJECT_BUDGET}`.execute(db);
  const { rows: maxRows } = await sql<{ max: number | string | null }>`select max(id) as max from menu`.execute(db);
  const { rows: sortRows } = await sql<{ max: number | string | null }>`select max(sort) as max from menu
    where parent_id = ${top.id}`.execute(db);
  let nextId = Number(maxRows[0]?.max ?? 0);
  let sort = Number(sortRows[0]?.max ?? 0);
  for (const page of PAGES) {
    const { rows } = await sql<{ id: number }>`select id from menu where href = ${page.href}`.execute(db);
    if (rows.length > 0) continue;
    await sql`insert into menu (id, parent_id, href, title_name, icon, sort, enable, buttons, admin_only)
      values (${++nextId}, ${top.id}, ${page.href}, ${page.titleName}, ${null}, ${++sort}, 1, ${JSON.stringify(page.buttons)}, 0)`.execute(
      db,
    );
  }
  await addGrants(db, 'accountant', (held) => {
    const next = held.map((g) =>
      g.href === PROJECT_BUDGET ? { href: g.href, resourceList: [...new Set([...g.resourceList, 'zdrapproval'])] } : g,
    );
    const hrefs = new Set(next.map((g) => g.href));
    const added = PAGES.filter((p) => !hrefs.has(p.href)).map((p) => ({
      href: p.href,
      resourceList: p.buttons.filter((b) => b !== 'approve'),
    }));
    return [...next, ...added];
  });
  await addGrants(db, 'reviewer', (held) => {
    const hrefs = new Set(held.map((g) => g.href));
    return [
      ...held,
      ...REVIEWER_GRANTS.filter((g) => !hrefs.has(g.href)).map((g) => ({ ...g, resourceList: [...g.resourceList] })),
    ];
  });
}
