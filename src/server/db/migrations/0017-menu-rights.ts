/**
 * Buttons the menu catalogue gained when every call came to declare its right
 * (admin/menu-catalogue.ts): the voucher list's cashierSign (an administrator holds every button a
 * page knows, and lacked the cashier signature its list shows) and the trial balance's regenerate
 * (重新生成发生额, which until now any user of the set could call). A database seeded before keeps
 * its menu rows, so they gain the buttons here; the seeded accountant level, which holds every
 * other button of the trial balance, gains regenerate. Other levels stay as their administrator set
 * them: granting a new right is the administrator's choice.
 */
import { sql, type Kysely } from 'kysely';

const VOUCHER_LIST = '/accounting-management/voucher-management/voucherList';
const TRIAL_BALANCE = '/accounting-management/reports/trial-balance';

const ADDED: readonly (readonly [href: string, button: string])[] = [
  [VOUCHER_LIST, 'cashierSign'],
  [TRIAL_BALANCE, 'regenerate'],
];

const withButton = (list: unknown, button: string): string[] | null => {
  const buttons = Array.isArray(list) ? list.filter((b): b is string => typeof b === 'string') : [];
  return buttons.includes(button) ? null : [...buttons, button];
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [href, button] of ADDED) {
    const { rows } = await sql<{ id: number; buttons: string }>`select id, buttons from menu where href = ${href}`.execute(db);
    for (const row of rows) {
      const next = withButton(JSON.parse(row.buttons), button);
      if (next) await sql`update menu set buttons = ${JSON.stringify(next)} where id = ${row.id}`.execute(db);
    }
  }
  const { rows: levels } = await sql<{
    id: number;
    resources: string;
  }>`select id, resources from user_level where code = 'accountant'`.execute(db);
  for (const level of levels) {
    const resources = JSON.parse(level.resources) as { href: string; resourceList: unknown }[];
    let changed = false;
    for (const resource of resources) {
      const next = resource.href === TRIAL_BALANCE ? withButton(resource.resourceList, 'regenerate') : null;
      if (next) {
        resource.resourceList = next;
        changed = true;
      }
    }
    if (changed) await sql`update user_level set resources = ${JSON.stringify(resources)} where id = ${level.id}`.execute(db);
  }
}
