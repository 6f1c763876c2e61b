/**
 * The installation-wide switches over buttons (issue 18 §3): a disabled permission (权限管理) is a
 * button key nobody holds on any page, and a button switched off on one page (全局按钮权限) is held
 * by nobody there, the super administrator included: switching a button off is deciding that it
 * does not exist in this installation. Applied where rights are read: the server's check
 * (auth/permissions.ts heldButtons) and the resources the client shows buttons from
 * (admin/menus.ts grantsFor). Grants are kept as they are: switched back on, a button is again
 * held by whoever was granted it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { cachedRead } from '../db/read-cache.js';

export interface ButtonSwitches {
  /** Permission codes that are disabled. */
  disabled: ReadonlySet<string>;
  /** `${href}#${button}` of the buttons switched off per page. */
  off: ReadonlySet<string>;
}

export const switchKey = (href: string, button: string) => `${href}#${button}`;

/** The switches now; on SQLite from the cache while neither table has been written (db/read-cache.ts). */
export function buttonSwitches(db: Db): Promise<ButtonSwitches> {
  return cachedRead(db, 'access', 'button-switches', async (q) => {
    // One statement: on PostgreSQL (no cache) every button check reads it.
    const { rows } = await sql<{ href: string | null; button: string }>`
      select null as href, code as button from permission where enable = 0
      union all select href, button from global_button_off`.execute(q);
    const disabled = new Set<string>();
    const off = new Set<string>();
    for (const r of rows) {
      if (r.href === null) disabled.add(r.button);
      else off.add(switchKey(r.href, r.button));
    }
    return { disabled, off };
  });
}

/** Whether the page's button exists at all in this installation. */
export function buttonIsOn(switches: ButtonSwitches, href: string, button: string): boolean {
  return !switches.disabled.has(button) && !switches.off.has(switchKey(href, button));
}

/** The buttons of the page that are on. */
export function buttonsOn(switches: ButtonSwitches, href: string, buttons: readonly string[]): string[] {
  return buttons.filter((b) => buttonIsOn(switches, href, b));
}
