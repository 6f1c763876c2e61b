/**
 * The funds reports' pages (issue 20 §4) for a database seeded before them: 经费上解台账 and
 * 上下级经费往来 under 经费核算 (/funds-management), after its pages, and their export button
 * granted to the 会计 role (code 'accountant'), which the catalogue grants every page. A new
 * database gets both from the catalogue seed (admin/seed-catalogue.ts, after the migrations), so
 * this does nothing there. Frozen as the pages came: a later change of the catalogue is a new
 * migration. Menu rows are not ledger rows (no zt_id).
 */
import { sql, type Kysely } from 'kysely';

const PAGES: readonly { href: string; titleName: string; buttons: readonly string[] }[] = [
  { href: '/funds-management/funds-register', titleName: '经费上解台账', buttons: ['export'] },
  { href: '/funds-management/funds-payables', titleName: '上下级经费往来', buttons: ['export'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: tops } = await sql<{ id: number }>`select id from menu where href = '/funds-management'`.execute(db);
  const top = tops[0];
  if (!top) return;
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
  const { rows: levels } = await sql<{ id: number; resources: string }>`select id, resources from user_level
    where code = 'accountant'`.execute(db);
  for (const level of levels) {
    const resources = JSON.parse(level.resources) as { href: string; resourceList: string[] }[];
    const held = new Set(resources.map((r) => r.href));
    const added = PAGES.filter((p) => !held.has(p.href)).map((p) => ({ href: p.href, resourceList: [...p.buttons] }));
    if (added.length === 0) continue;
    await sql`update user_level set resources = ${JSON.stringify([...resources, ...added])} where id = ${level.id}`.execute(db);
  }
}
