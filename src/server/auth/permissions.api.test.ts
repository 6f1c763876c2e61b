import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantsFor } from '../admin/menus.js';
import type { AppUser } from '../db/schema.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import type { SessionZt } from './guard.js';
import { heldButtons, holdsAnyButton, holdsAnyPage, type PageButton } from './permissions.js';

describe.each(TEST_DIALECTS)('page and button rights agree with the granted resources (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** Every (user, set) of the demo data, and each user without a set. */
  async function contexts(): Promise<{ user: AppUser; zt: SessionZt | null }[]> {
    const q = server.db.kysely;
    const users = await q.selectFrom('app_user').selectAll().execute();
    const sets = await q.selectFrom('zt_info').selectAll().execute();
    const levels = await q.selectFrom('user_zt_level').selectAll().execute();
    const out: { user: AppUser; zt: SessionZt | null }[] = [];
    for (const user of users) {
      out.push({ user, zt: null });
      for (const set of sets) {
        const levelId = levels.find((l) => l.user_id === user.id && l.zt_id === set.id)?.user_level_id ?? null;
        out.push({ user, zt: { id: set.id, year: 2026, name: set.name, accountingSystem: 'union-grassroots', levelId } });
      }
    }
    return out;
  }

  /** Every page of the menu with every button any page or level names, and one nobody has. */
  async function pairs(): Promise<PageButton[]> {
    const q = server.db.kysely;
    const menu = await q.selectFrom('menu').select(['href', 'buttons']).execute();
    const levels = await q.selectFrom('user_level').select('resources').execute();
    const buttons = new Set<string>(['no-such-button']);
    for (const row of menu) for (const b of JSON.parse(row.buttons) as string[]) buttons.add(b);
    for (const level of levels) {
      for (const r of JSON.parse(level.resources) as { resourceList: string[] }[]) for (const b of r.resourceList) buttons.add(b);
    }
    return [...menu.map((m) => m.href), '/no-such-page'].flatMap((href) => [...buttons].map((b) => [href, b] as const));
  }

  async function expectAgreement(onlyPages?: readonly string[]): Promise<{ held: number; refused: number }> {
    const all = (await pairs()).filter(([href]) => !onlyPages || onlyPages.includes(href));
    let held = 0;
    let refused = 0;
    for (const { user, zt } of await contexts()) {
      const { resources } = await grantsFor(server.db, user, zt);
      for (const [href, button] of all) {
        const expected = resources.some((r) => r.href === href && r.resourceList.includes(button));
        const got = await holdsAnyButton(server.db, user, zt, [[href, button]]);
        if (got !== expected) throw new Error(`${user.login_name} ${zt?.id ?? '-'} ${href} ${button}: ${got} != ${expected}`);
        if (got) held++;
        else refused++;
      }
      const hrefs = [...new Set(all.map(([href]) => href))];
      for (const href of hrefs) {
        const expected = resources.some((r) => r.href === href);
        const got = await holdsAnyPage(server.db, user, zt, [href]);
        if (got !== expected) throw new Error(`${user.login_name} ${zt?.id ?? '-'} page ${href}: ${got} != ${expected}`);
      }
      // Several at once: the held ones among them, a page held when any of them is.
      const expectedButtons = all.filter(([href, button]) =>
        resources.some((r) => r.href === href && r.resourceList.includes(button)),
      );
      expect(await heldButtons(server.db, user, zt, all)).toEqual(expectedButtons);
      expect(await holdsAnyPage(server.db, user, zt, hrefs)).toBe(hrefs.some((href) => resources.some((r) => r.href === href)));
    }
    return { held, refused };
  }

  it('for every demo user, set, page and button', async () => {
    const { held, refused } = await expectAgreement();
    expect(held).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
    // Every demo user × set × page × button: the catalogue grew with the asset pages (issue 23).
  }, 180_000);

  it('after a page is disabled, becomes a parent, is made admin-only, and a level changes or is disabled', async () => {
    const q = server.db.kysely;
    const kuaiji = await q.selectFrom('app_user').selectAll().where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow();
    const link = await q.selectFrom('user_zt_level').selectAll().where('user_id', '=', kuaiji.id).executeTakeFirstOrThrow();
    const set = await q.selectFrom('zt_info').selectAll().where('id', '=', link.zt_id).executeTakeFirstOrThrow();
    const zt: SessionZt = {
      id: set.id,
      year: 2026,
      name: set.name,
      accountingSystem: 'union-grassroots',
      levelId: link.user_level_id,
    };
    const voucherAdd: PageButton = ['/accounting-management/voucher-management/voucherAdd', 'add'];
    const listReview: PageButton = ['/accounting-management/voucher-management/voucherList', 'review'];
    const voucherPages = [voucherAdd[0], listReview[0]];
    const page = await q.selectFrom('menu').selectAll().where('href', '=', voucherAdd[0]).executeTakeFirstOrThrow();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd])).toBe(true);

    await q.updateTable('menu').set({ enable: 0 }).where('id', '=', page.id).execute();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd])).toBe(false);
    await expectAgreement(voucherPages);
    await q.updateTable('menu').set({ enable: 1 }).where('id', '=', page.id).execute();

    const maxId = (
      await q
        .selectFrom('menu')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id;
    const childId = Number(maxId) + 1;
    await q
      .insertInto('menu')
      .values({
        id: childId,
        parent_id: page.id,
        href: '/test/child',
        title_name: '子页',
        icon: null,
        sort: 999,
        enable: 1,
        buttons: '["add"]',
        admin_only: 0,
      })
      .execute();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd])).toBe(false);
    await expectAgreement(voucherPages);
    await q.updateTable('menu').set({ enable: 0 }).where('id', '=', childId).execute();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd])).toBe(true);
    await q.deleteFrom('menu').where('id', '=', childId).execute();

    await q.updateTable('menu').set({ admin_only: 1 }).where('id', '=', page.id).execute();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd])).toBe(false);
    await expectAgreement(voucherPages);
    await q.updateTable('menu').set({ admin_only: 0 }).where('id', '=', page.id).execute();

    // A level's grants are parsed once and parsed again when they change.
    const level = await q.selectFrom('user_level').selectAll().where('id', '=', link.user_level_id).executeTakeFirstOrThrow();
    const without = (JSON.parse(level.resources) as { href: string; resourceList: string[] }[]).map((r) =>
      r.href === voucherAdd[0] ? { ...r, resourceList: r.resourceList.filter((b) => b !== 'add') } : r,
    );
    await q
      .updateTable('user_level')
      .set({ resources: JSON.stringify(without) })
      .where('id', '=', level.id)
      .execute();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd])).toBe(false);
    await expectAgreement(voucherPages);
    await q.updateTable('user_level').set({ resources: level.resources }).where('id', '=', level.id).execute();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd])).toBe(true);

    await q.updateTable('user_level').set({ enable: 0 }).where('id', '=', level.id).execute();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd, listReview])).toBe(false);
    await expectAgreement(voucherPages);
    await q.updateTable('user_level').set({ enable: 1 }).where('id', '=', level.id).execute();
    expect(await holdsAnyButton(server.db, kuaiji, zt, [voucherAdd])).toBe(true);
    expect(await holdsAnyButton(server.db, kuaiji, zt, [])).toBe(false);
  });
});
