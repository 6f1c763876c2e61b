/** Writes the menu and role catalogues on first start (idempotent: only when the tables are empty). */
import type { Db } from '../db/database.js';
import { LEVEL_CATALOGUE, MENU_CATALOGUE } from './menu-catalogue.js';

export async function seedCatalogue(db: Db): Promise<void> {
  const existing = await db.kysely.selectFrom('menu').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await db.kysely.transaction().execute(async (trx) => {
    let id = 0;
    for (const [topIndex, top] of MENU_CATALOGUE.entries()) {
      const parentId = ++id;
      await trx
        .insertInto('menu')
        .values({
          id: parentId,
          parent_id: null,
          href: top.href,
          title_name: top.titleName,
          icon: top.icon ?? null,
          sort: topIndex * 100,
          enable: 1,
          buttons: '[]',
          admin_only: top.adminOnly ? 1 : 0,
        })
        .execute();
      for (const [index, page] of (top.children ?? []).entries()) {
        await trx
          .insertInto('menu')
          .values({
            id: ++id,
            parent_id: parentId,
            href: page.href,
            title_name: page.titleName,
            icon: page.icon ?? null,
            sort: topIndex * 100 + index + 1,
            enable: 1,
            buttons: JSON.stringify(page.buttons ?? []),
            admin_only: page.adminOnly ? 1 : 0,
          })
          .execute();
      }
    }
    for (const [sort, level] of LEVEL_CATALOGUE.entries()) {
      const resources = Object.entries(level.grants).map(([href, resourceList]) => ({ href, resourceList }));
      await trx
        .insertInto('user_level')
        .values({ code: level.code, name: level.name, resources: JSON.stringify(resources), sort, enable: 1 })
        .execute();
    }
  });
}
